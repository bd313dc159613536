/**
 * The projected day's line (docs/decisions/049) on the crew's jobs and the owner's bookings: when
 * the crew is now expected, as its last Start job or Mark completed projected it.
 */
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { utcMsToLocal } from '@slotwise/shared/time-zone';

/** "Running late: now about 2:45 PM" on the business's clock; null while the job is on time. */
export function runningLateLine(
  projectedStart: string | null | undefined,
  timeZone: string,
  timeFormat: TimeFormat,
): string | null {
  if (!projectedStart) return null;
  return `Running late: now about ${formatClock(utcMsToLocal(Date.parse(projectedStart), timeZone).time, timeFormat)}`;
}
