/**
 * Travel-aware scheduling for businesses that drive to their customers (issue 8,
 * item 2), as pure functions: the server decides with them and the calendar's
 * travel blocks are drawn from them. Distances are milesBetween, the same function
 * pricing uses; drive time is miles / speed, rounded up to whole minutes.
 *
 * Rules chosen here:
 * - A job must be reachable from the job before it that day: previous end + drive
 *   + buffer <= start; and the job after it must be reachable from it: end + drive
 *   + buffer <= next start. The buffer is time between two jobs (packing up,
 *   parking), so it is added to every drive between jobs.
 * - With no job before it that day, the owner sets off from the business address
 *   when the day opens: opening + drive <= start (no buffer: nothing to pack up).
 *   There is no leg home at the end of the day.
 * - A job without a known location (booked before coordinates were kept) costs no
 *   drive time, but the buffer still applies between jobs.
 * - Only jobs (bookings) are stops; blocked times have no place and are busy anyway.
 */
import { type LatLng, milesBetween } from './geo.ts';

const MINUTE = 60_000;

export interface TravelSettings {
  /** Average speed in whole miles per hour (5-80, OperationsSettings). */
  speedMph: number;
  /** Minutes kept free between two jobs on top of the drive. */
  bufferMinutes: number;
}

/** A booking on the calendar as a stop on the day's route. */
export interface Job {
  id: string;
  startMs: number;
  endMs: number;
  location: LatLng | null;
}

/** Whole minutes to drive between two places, rounded up; 0 when either place is unknown. */
export function driveMinutes(from: LatLng | null, to: LatLng | null, speedMph: number): number {
  if (!from || !to) return 0;
  if (!(speedMph > 0)) throw new RangeError(`Average speed must be more than 0 mph, got ${speedMph}.`);
  // milesBetween rounds to 0.1 mile: work in tenths so 10 miles at 30 mph is exactly 20 minutes.
  const tenths = Math.round(milesBetween(from, to) * 10);
  if (tenths === 0) return 0;
  return Math.ceil((tenths * 6) / speedMph - 1e-9);
}

export interface Neighbours {
  previous: Job | null;
  next: Job | null;
}

/**
 * The jobs either side of [startMs, endMs): the one ending last at or before the
 * start, and the one starting first at or after the end. Jobs overlapping the span
 * are neither (the overlap rule refuses those on its own).
 */
export function neighbours(span: { startMs: number; endMs: number }, jobs: readonly Job[]): Neighbours {
  let previous: Job | null = null;
  let next: Job | null = null;
  for (const job of jobs) {
    if (job.endMs <= span.startMs) {
      if (!previous || job.endMs > previous.endMs) previous = job;
    } else if (job.startMs >= span.endMs) {
      if (!next || job.startMs < next.startMs) next = job;
    }
  }
  return { previous, next };
}

export interface TravelCheckInput {
  /** The job being placed, with where the customer is. */
  candidate: { startMs: number; endMs: number; location: LatLng };
  /** The other jobs of that business-local day (pending and approved bookings). */
  jobs: readonly Job[];
  /** The business address: where the day starts. null when it has no coordinates. */
  home: LatLng | null;
  /** When the day opens (the owner leaves home then); null for no start-of-day leg. */
  dayStartMs: number | null;
  settings: TravelSettings;
}

/** Which drive does not fit, or null when the job can be reached and left in time. */
export type TravelRefusal = 'from-home' | 'from-previous' | 'to-next';

export function travelRefusal(input: TravelCheckInput): TravelRefusal | null {
  const { candidate, jobs, home, dayStartMs, settings } = input;
  const { previous, next } = neighbours(candidate, jobs);
  const buffer = settings.bufferMinutes * MINUTE;
  if (previous) {
    const drive = driveMinutes(previous.location, candidate.location, settings.speedMph) * MINUTE;
    if (previous.endMs + drive + buffer > candidate.startMs) return 'from-previous';
  } else if (home && dayStartMs !== null) {
    const drive = driveMinutes(home, candidate.location, settings.speedMph) * MINUTE;
    if (dayStartMs + drive > candidate.startMs) return 'from-home';
  }
  if (next) {
    const drive = driveMinutes(candidate.location, next.location, settings.speedMph) * MINUTE;
    if (candidate.endMs + drive + buffer > next.startMs) return 'to-next';
  }
  return null;
}

export function travelFits(input: TravelCheckInput): boolean {
  return travelRefusal(input) === null;
}

/** A drive drawn on the owner's calendar. fromId null: from the business address. */
export interface TravelBlock {
  startMs: number;
  endMs: number;
  minutes: number;
  fromId: string | null;
  toId: string;
}

/**
 * The drives of one day, in order: from the business address to the first job
 * (ending as that job starts), then from each job to the next (starting as the
 * earlier one ends). Drives of 0 minutes are left out. A drive longer than the gap
 * (the owner placed jobs by hand) is drawn whole, so the squeeze shows.
 */
export function dayTravelBlocks(jobs: readonly Job[], home: LatLng | null, speedMph: number): TravelBlock[] {
  const ordered = [...jobs].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const blocks: TravelBlock[] = [];
  ordered.forEach((job, i) => {
    const before = i > 0 ? ordered[i - 1]! : null;
    const minutes = driveMinutes(before ? before.location : home, job.location, speedMph);
    if (minutes <= 0) return;
    const startMs = before ? before.endMs : job.startMs - minutes * MINUTE;
    blocks.push({ startMs, endMs: startMs + minutes * MINUTE, minutes, fromId: before?.id ?? null, toId: job.id });
  });
  return blocks;
}
