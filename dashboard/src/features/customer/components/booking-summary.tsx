import type { ManagedBooking } from '@slotwise/shared/api';
import { formatClock, formatClockRange } from '@slotwise/shared/clock';
import { longDate, utcMsToLocal, zoneLabel } from '@slotwise/shared/time-zone';

/** Which booking the link is about, shown before the customer acts. */
export function BookingSummary({ booking, heading }: { booking: ManagedBooking; heading: string }) {
  const { bookingTime } = booking;
  const late = booking.projectedStart
    ? formatClock(utcMsToLocal(Date.parse(booking.projectedStart), booking.timeZone).time, booking.timeFormat)
    : null;
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
        {/* A plan's visit whose day was taken holds no time until the business gives it one. */}
        {booking.status === 'needs_time' ? (
          <dd>Not set yet</dd>
        ) : (
          <dd>
            {/* On the business's clock; on the autumn clock change a repeated wall time carries its zone: 1:00 AM EDT – 1:00 AM EST. */}
            {formatClockRange(bookingTime.startTime, bookingTime.endTime, booking.timeFormat, bookingTime)}{' '}
            <span className="muted">({zoneLabel(booking.timeZone)})</span>
          </dd>
        )}
        {/* Running late (docs/decisions/049): the time the customer was told; keeping it asks nothing. */}
        {late && (
          <>
            <dt>Now expected</dt>
            <dd className="customer-late">About {late}: running late</dd>
          </>
        )}
      </dl>
    </section>
  );
}
