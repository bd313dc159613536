/** Display helpers for wall-clock values the API sends as plain strings (no time zone math here). */

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-03-05" -> "Thu, Mar 5, 2026". Read as a calendar date, so the viewer's zone cannot shift it. */
export function formatDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return 'N/A';
  return dayFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** "19:00" -> "7:00 PM"; missing -> "N/A" (SPEC.md: N/A when missing). */
export function formatTime(hhmm: string | null | undefined): string {
  const m = hhmm ? /^(\d{2}):(\d{2})$/.exec(hhmm) : null;
  if (!m) return 'N/A';
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Today's date as the business sees it, e.g. "Thursday, March 5, 2026". */
export function formatToday(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(now);
  }
}
