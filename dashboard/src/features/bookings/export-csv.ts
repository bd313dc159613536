/** The name of the bookings CSV the server made, for the business's today (lib/save-file.ts saves it). */
import { todayIn } from '@slotwise/shared/time-zone';

/** "bookings-2026-03-05.csv": today in the business's time zone (the server's dates are in it too). */
export function csvFileName(timeZone: string | undefined, now: Date = new Date()): string {
  return `bookings-${todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, now.getTime())}.csv`;
}
