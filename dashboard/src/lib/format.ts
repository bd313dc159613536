/** Display helpers for wall-clock values the API sends as plain strings (zones and dates: shared/src/time-zone.ts). */
import { longDate, shortDate, todayIn } from '@slotwise/shared/time-zone';

/** "2026-03-05" -> "Thu, Mar 5, 2026"; missing or not a date -> "N/A". Read as a calendar date, so the viewer's zone cannot shift it. */
export function formatDay(day: string | null | undefined): string {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? shortDate(day) : 'N/A';
}

/** "19:00" -> "7:00 PM"; missing -> "N/A". */
export function formatTime(hhmm: string | null | undefined): string {
  const m = hhmm ? /^(\d{2}):(\d{2})$/.exec(hhmm) : null;
  if (!m) return 'N/A';
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Today's date as the business sees it, e.g. "Thursday, March 5, 2026" (the browser's zone until the business's is known). */
export function formatToday(timeZone: string | undefined, now: Date = new Date()): string {
  return longDate(todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, now.getTime()));
}
