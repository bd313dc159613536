/** How the pop-up writes durations and dates (en-US, like the rest of the product). */

/** 45 -> "45 min", 60 -> "1 hr", 90 -> "1 hr 30 min" */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} hr ${m} min` : `${h} hr`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "2026-12-05" -> "Saturday, December 5, 2026"; the date is a wall-calendar date, so no zone shifts it. */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}
