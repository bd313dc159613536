/**
 * A crew's projected day (issue 44 item 2; docs/decisions/049), pure: from what is known so far
 * (when the crew tapped Start job and Mark completed) and now, when the crew will reach each of
 * its later jobs. The one rule for the running-late messages (domain/running-late.ts) and for
 * the screens' "Now about 2:45 PM" (stored on the booking by the same recompute).
 *
 * Rules:
 * - The anchor is the latest job (in booked order) the crew started or completed: what happens
 *   after it is projected; a job before it that was never started is left alone (skipped, or
 *   not tapped), it says nothing about where the crew is.
 * - A job started ends at its completion, else at its start plus its booked length, or now if it
 *   has run longer than that (it runs long: it is not over yet).
 * - A later job cannot start before its booked time (the crew waits), nor before the previous
 *   job's projected end plus the drive between them (shared/src/travel.ts driveMinutes, the
 *   business's average speed). The owner's buffer between jobs is not added: it is slack a late
 *   crew uses up, as "On my way" does not add it either.
 */
import type { LatLng } from '@slotwise/shared/geo';
import { driveMinutes } from '@slotwise/shared/travel';

const MINUTE = 60_000;
/** Arrivals are said to the next 5 minutes: "about 2:45 PM", never a false "2:43" (on-my-way.ts too). */
const ROUND_MS = 5 * MINUTE;

/** `ms` rounded up to the next 5 minutes: how an arrival is told and shown. */
export function roundArrival(ms: number): number {
  return Math.ceil(ms / ROUND_MS) * ROUND_MS;
}

export interface DayJob {
  id: string;
  /** The booked times. */
  startMs: number;
  endMs: number;
  location: LatLng | null;
  /** When the crew tapped Start job, or null. */
  startedAt: number | null;
  /** When the job was marked completed, or null. */
  completedAt: number | null;
}

/**
 * Each later job's projected arrival (exact, not rounded), by id: the jobs after the anchor not
 * started yet. Empty when the crew has started nothing that day (nothing is known: all on time).
 */
export function projectDay(input: { jobs: readonly DayJob[]; now: number; speedMph: number }): Map<string, number> {
  const { now, speedMph } = input;
  const jobs = [...input.jobs].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const projected = new Map<string, number>();
  let anchor = -1;
  jobs.forEach((j, i) => {
    if (j.startedAt !== null || j.completedAt !== null) anchor = i;
  });
  if (anchor < 0) return projected;
  const first = jobs[anchor]!;
  const length = (j: DayJob) => j.endMs - j.startMs;
  const firstStart = first.startedAt ?? first.startMs;
  let end = first.completedAt ?? Math.max(firstStart + length(first), now);
  let from = first.location;
  for (const job of jobs.slice(anchor + 1)) {
    const drive = driveMinutes(from, job.location, speedMph) * MINUTE;
    const arrival = Math.max(job.startMs, end + drive);
    projected.set(job.id, arrival);
    end = arrival + length(job);
    from = job.location;
  }
  return projected;
}

/**
 * The projected arrival a screen shows for a job (docs/decisions/049): the one stored at the
 * crew's last tap, while it is later than the booked start (a job moved later since reads on time).
 */
export function shownProjection(row: { projected_start_ms: number | null; start_ms: number }): number | null {
  return row.projected_start_ms !== null && row.projected_start_ms > row.start_ms ? row.projected_start_ms : null;
}

/**
 * Whether a customer is told their job's new time: its (rounded) projected arrival is later than
 * its booked start by more than the owner's threshold, and they were not told one within that
 * threshold already (`toldMs`: the arrival last told, or null). So a delay is told once, and
 * again only when it moves by more than the threshold, later or earlier.
 */
export function shouldTellLate(
  bookedMs: number,
  arrivalMs: number,
  toldMs: number | null,
  thresholdMin: number,
): boolean {
  const threshold = thresholdMin * MINUTE;
  if (arrivalMs - bookedMs <= threshold) return false;
  return toldMs === null || Math.abs(arrivalMs - toldMs) > threshold;
}
