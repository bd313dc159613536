import type { ManagedBooking } from '@slotwise/shared/api';
import { longDate } from '@slotwise/shared/time-zone';

function withZone(time: string, zone: string | undefined): string {
  return zone ? `${time} ${zone}` : time;
}

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
          {/* On the autumn clock change a repeated wall time carries its zone: 01:00 EDT - 01:00 EST. */}
          {withZone(bookingTime.startTime, bookingTime.startZone)} -{' '}
          {withZone(bookingTime.endTime, bookingTime.endZone)} <span className="muted">({booking.timeZone})</span>
        </dd>
      </dl>
    </section>
  );
}
