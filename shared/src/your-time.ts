/**
 * A business's time as a customer in another zone reads it: "10:00 AM your time (1:00 PM at the
 * business)", with the customer's weekday when their date differs ("7:00 PM Thu your time (...)").
 * The reschedule page writes each time through here, and the widget's times step reads the same
 * customer's clock (yourWallTime) in words of its own; null when the zones agree at that instant
 * (or the customer's zone is unknown to the runtime), so the business's time alone is shown.
 */
import { formatClock, type TimeFormat } from './clock.ts';
import { localToUtcMs, offsetAt, utcMsToLocal } from './time-zone.ts';

const WEEKDAY = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/**
 * The customer's own clock at a business's `time` on `day`, with their short weekday when their
 * date differs; null when the zones agree at that instant or the customer's zone is unknown to the
 * runtime. The widget's times step and this file's sentence both read it.
 */
export function yourWallTime(
  day: string,
  time: string,
  businessZone: string,
  yourZone: string,
): { time: string; weekday: string | null } | null {
  const ms = localToUtcMs(day, time, businessZone);
  try {
    if (offsetAt(yourZone, ms) === offsetAt(businessZone, ms)) return null;
  } catch {
    return null;
  }
  const yours = utcMsToLocal(ms, yourZone);
  return {
    time: yours.time,
    weekday: yours.day === day ? null : WEEKDAY.format(new Date(`${yours.day}T00:00:00Z`)),
  };
}

export function yourTimeBeside(
  day: string,
  time: string,
  businessZone: string,
  yourZone: string,
  format: TimeFormat,
): string | null {
  const yours = yourWallTime(day, time, businessZone, yourZone);
  if (!yours) return null;
  const weekday = yours.weekday ? ` ${yours.weekday}` : '';
  return `${formatClock(yours.time, format)}${weekday} your time (${formatClock(time, format)} at the business)`;
}
