/**
 * The words of the day's route screens (docs/decisions/054), pure: a drive ("12 min · 5.7 mi from
 * the start"), the day's total, what a suggestion saves, and why a job keeps its time.
 */
import type { DayRoute, RouteDrive, RouteStop, RouteStopFixed } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { longDate } from '@slotwise/shared/time-zone';

export const ROUTE_LOAD_FAILED = "Could not load the day's route. Check your connection and try again.";
export const ROUTE_CHANGED_NOTE =
  "The crew's day changed since you read it, so nothing was moved. Here is the fresh suggestion: check it and apply again.";

/** "25 min", "1 h 5 min". */
export function minutesWords(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const milesWords = (miles: number) => `${Number.isInteger(miles) ? miles : miles.toFixed(1)} mi`;

/** "12 min · 5.7 mi from the start", "8 min · 3 mi from the last job", "No drive" (no known place). */
export function driveWords(drive: RouteDrive): string {
  const from = drive.fromStart ? 'from the start' : 'from the last job';
  if (drive.minutes === 0 && drive.miles === 0) return `No drive ${from}`;
  return `${minutesWords(drive.minutes)} · ${milesWords(drive.miles)} ${from}`;
}

/** "35 min of driving · 17.2 mi". */
export function totalWords(order: { driveMinutes: number; driveMiles: number }): string {
  return `${minutesWords(order.driveMinutes)} of driving · ${milesWords(order.driveMiles)}`;
}

/** "Saves 24 min of driving". */
export function savesWords(savedMinutes: number): string {
  return `Saves ${minutesWords(savedMinutes)} of driving`;
}

const FIXED: Record<Exclude<RouteStopFixed, null>, string> = {
  started: 'Started: keeps its time',
  completed: 'Done',
  notice: 'Too soon to move',
  pinned: 'Pinned: keeps its time',
};

/** Why a job keeps its time, or null when it may move. */
export function fixedWords(fixed: RouteStopFixed): string | null {
  return fixed === null ? null : FIXED[fixed];
}

/** "10:00 AM" on the business's clock. */
export function startWords(stop: RouteStop, format: DayRoute['timeFormat']): string {
  return formatClock(stop.time.startTime, format, stop.time.startZone);
}

/** "Wednesday, December 2, 2026". */
export function dayWords(day: string): string {
  return longDate(day);
}

/** The stops whose time the suggestion changes, each with its time before and after. */
export function changedStops(route: DayRoute): { stop: RouteStop; before: RouteStop }[] {
  if (!route.suggestion) return [];
  const moved = new Set(route.suggestion.moved);
  return route.suggestion.stops.flatMap((stop) => {
    const before = route.booked.stops.find((s) => s.bookingId === stop.bookingId);
    return moved.has(stop.bookingId) && before ? [{ stop, before }] : [];
  });
}
