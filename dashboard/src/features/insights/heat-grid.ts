/** The busiest days and hours grid: which hours it shows, and each cell's shade. Pure. */
import type { InsightsWork } from '@slotwise/shared/api';

/** Shades 1-5 for cells with bookings (0: none); the CSS draws them (insights.css .heat-cell--N). */
const HEAT_LEVELS = 5;

/**
 * The hours the grid shows: from the earliest to the latest hour any booking started, so a
 * business's day reads without gaps and the hours nobody books at are left out.
 */
export function heatHours(heat: InsightsWork['heat']): number[] {
  const hours = heat.filter((c) => c.bookings > 0).map((c) => c.hour);
  if (hours.length === 0) return [];
  const first = Math.min(...hours);
  return Array.from({ length: Math.max(...hours) - first + 1 }, (_, i) => first + i);
}

/** A cell's shade: 0 for none, else 1 (fewest) to HEAT_LEVELS (the busiest cell's). */
export function heatLevel(bookings: number, busiest: number): number {
  if (bookings <= 0 || busiest <= 0) return 0;
  return Math.max(1, Math.ceil((bookings / busiest) * HEAT_LEVELS));
}

/** The bookings of each weekday (0-6) and hour, from the answer's non-zero cells. */
export function heatCounts(heat: InsightsWork['heat']): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of heat) counts.set(`${c.weekday}:${c.hour}`, (counts.get(`${c.weekday}:${c.hour}`) ?? 0) + c.bookings);
  return counts;
}
