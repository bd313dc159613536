import type { ManagedBooking } from '@slotwise/shared/api';
import { longDate } from '@slotwise/shared/time-zone';

/** Which booking the link is about, shown before the customer acts. */
export function BookingSummary({ booking, heading }: { booking: ManagedBooking; heading: string }) {
  const { bookingTime } = booking;
  return (
    <section className="customer-summary" aria-label={heading}>
      <h2>{heading}</h2>
      <dl>
        {booking.businessName && (
          <>
            <dt>With</dt>
            <dd>{booking.businessName}</dd>
          </>
        )}
        <dt>Service</dt>
        <dd>{booking.serviceName}</dd>
        <dt>Date</dt>
        <dd>{longDate(bookingTime.day)}</dd>
        <dt>Time</dt>
        <dd>
          {bookingTime.startTime} - {bookingTime.endTime} <span className="muted">({booking.timeZone})</span>
        </dd>
      </dl>
    </section>
  );
}
