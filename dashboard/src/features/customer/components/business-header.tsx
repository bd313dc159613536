/**
 * The top of the customer's reschedule and cancel pages: the business's logo and name (linking
 * to its booking page), in its colours (issue 22, item 6), not Slotwise's. Slotwise's mark shows
 * only while the business is not known yet (loading, or a link that names none).
 */
import type { Branding, ManagedBooking } from '@slotwise/shared/api';
import type { CSSProperties, ReactNode } from 'react';
import { Brand } from '../../../components/brand.tsx';

/** The page's own colour variables (styles.css) set to the business's: its buttons, tints and links. */
function brandStyle(branding: Branding | undefined): CSSProperties | undefined {
  if (!branding) return undefined;
  return {
    '--c-primary': branding.accentColor,
    '--c-primary-hover': branding.accentColor,
    '--c-on-primary': branding.onAccent,
    '--c-primary-soft': `color-mix(in srgb, ${branding.accentColor} 10%, #fff)`,
    '--c-link': branding.accentInk,
  } as CSSProperties;
}

/** What the frame shows of the business: a managed booking or a quote (quote-page.tsx) carries it. */
type BusinessLook = Pick<ManagedBooking, 'businessName' | 'branding' | 'bookingPageUrl'>;

function BusinessHeader({ booking }: { booking?: BusinessLook | undefined }) {
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

/**
 * The frame of a page a customer opens from a booking's link (cancel, reschedule, a new price):
 * once the booking is known, the business's name, logo and colours around the card.
 */
export function ManagedBookingFrame({
  title,
  booking,
  children,
}: {
  title: string;
  booking?: BusinessLook | undefined;
  children: ReactNode;
}) {
  return (
    <main className="center-screen" style={brandStyle(booking?.branding)}>
      <div className="center-card center-card--wide">
        <div className="center-brand">
          <BusinessHeader booking={booking} />
        </div>
        <div className="card">
          <h1>{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
