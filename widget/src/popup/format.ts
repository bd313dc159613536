/** How the pop-up writes durations (en-US, like the rest of the product); dates: shared/src/time-zone.ts. */

/** 45 -> "45 min", 60 -> "1 hr", 90 -> "1 hr 30 min" */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} hr ${m} min` : `${h} hr`;
}
