/**
 * The top of the customer's reschedule and cancel pages: the business's logo and name (linking
 * to its booking page), in its colours (issue 22, item 6), not Slotwise's. Slotwise's mark shows
 * only while the business is not known yet (loading, or a link that names none).
 */
import type { Branding, ManagedBooking } from '@slotwise/shared/api';
import type { CSSProperties } from 'react';
import { Brand } from '../../../components/brand.tsx';

/** The page's own colour variables (styles.css) set to the business's: its buttons, tints and links. */
export function brandStyle(branding: Branding | undefined): CSSProperties | undefined {
  if (!branding) return undefined;
  return {
    '--c-primary': branding.accentColor,
    '--c-primary-hover': branding.accentColor,
    '--c-on-primary': branding.onAccent,
    '--c-primary-soft': `color-mix(in srgb, ${branding.accentColor} 10%, #fff)`,
    '--c-link': branding.accentInk,
  } as CSSProperties;
}

export function BusinessHeader({ booking }: { booking?: ManagedBooking | undefined }) {
  if (!booking?.businessName) return <Brand />;
  const logo = booking.branding?.logoUrl;
  const inner = (
    <>
      {logo && <img src={logo} alt="" className="business-header__logo" />}
      <span>{booking.businessName}</span>
    </>
  );
  return booking.bookingPageUrl ? (
    <a className="business-header" href={booking.bookingPageUrl}>
      {inner}
    </a>
  ) : (
    <span className="business-header">{inner}</span>
  );
}
