/**
 * A business's time as a customer in another zone reads it: "10:00 AM your time (1:00 PM at the
 * business)", with the customer's weekday when their date differs ("7:00 PM Thu your time (...)").
 * The reschedule page writes each time through here; null when the zones agree at that instant
 * (or the customer's zone is unknown to the runtime), so the business's time alone is shown.
 */
import { formatClock, type TimeFormat } from './clock.ts';
import { localToUtcMs, offsetAt, utcMsToLocal } from './time-zone.ts';

const WEEKDAY = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

export function yourTimeBeside(
  day: string,
  time: string,
  businessZone: string,
  yourZone: string,
  format: TimeFormat,
): string | null {
  const ms = localToUtcMs(day, time, businessZone);
  try {
    if (offsetAt(yourZone, ms) === offsetAt(businessZone, ms)) return null;
  } catch {
    return null;
  }
  const yours = utcMsToLocal(ms, yourZone);
  const weekday = yours.day === day ? '' : ` ${WEEKDAY.format(new Date(`${yours.day}T00:00:00Z`))}`;
  return `${formatClock(yours.time, format)}${weekday} your time (${formatClock(time, format)} at the business)`;
}
