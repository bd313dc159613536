/**
 * Where a customer goes after a change, or from a link that no longer works: the business's
 * own booking page (/book/{slug}), never Slotwise's home page (docs/product.md#reschedule-and-cancel-pages).
 */
import { useEffect, useState } from 'react';
import { client } from '../../../lib/api.ts';

/** "Back to {business}" or "Book again with {business}": nothing when the business has no page. */
export function BusinessPageLink({ url, name, again }: { url?: string | null; name: string; again?: boolean }) {
  if (!url) return null;
  return (
    <a className="btn btn--block" href={url}>
      {again ? `Book again with ${name}` : `Back to ${name}`}
    </a>
  );
}

/** For a used, expired or unknown link: asks which business it belongs to, then offers its page. */
export function BookAgain({ token, businessId }: { token?: string; businessId?: string }) {
  const [page, setPage] = useState<{ businessName: string; url: string } | null>(null);
  useEffect(() => {
    if (!token && !businessId) return;
    let live = true;
    const query = { ...(token && { token }), ...(businessId && { businessId }) };
    client.customer.bookingPageLink({ query }).then(
      (p) => live && setPage(p),
      // Nothing known: the error text above already says to contact the business.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token, businessId]);
  return page ? <BusinessPageLink url={page.url} name={page.businessName} again /> : null;
}
