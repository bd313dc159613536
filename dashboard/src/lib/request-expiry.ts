/**
 * Requests do not wait for ever (docs/decisions/051): the owner's line on a pending request that
 * will expire unanswered, and on one that did, on the business's clock.
 */
import type { Booking } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { shortDate, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';

/** "at 2:00 PM" today, else "Tue, Dec 8, 2026 at 2:00 PM". */
function when(iso: string, timeZone: string, timeFormat: TimeFormat, now: number): string {
  const { day, time } = utcMsToLocal(Date.parse(iso), timeZone);
  const clock = formatClock(time, timeFormat);
  return day === todayIn(timeZone, now) ? `today at ${clock}` : `${shortDate(day)} at ${clock}`;
}

/**
 * "Expires today at 2:00 PM if not answered" on a pending request; "Expired unanswered ..." on one
 * that expired (its status declined); null for any other booking.
 */
export function requestExpiryLine(
  booking: Pick<Booking, 'status' | 'expiresAt' | 'expiredAt'>,
  timeZone: string,
  timeFormat: TimeFormat,
  now: number = Date.now(),
): string | null {
  if (booking.expiredAt)
    return `Expired unanswered ${when(booking.expiredAt, timeZone, timeFormat, now)}: the time was freed and the customer was e-mailed a link to book again.`;
  if (booking.status.toLowerCase() === 'pending' && booking.expiresAt)
    return `Expires ${when(booking.expiresAt, timeZone, timeFormat, now)} if not answered`;
  return null;
}
