/**
 * A crew member's jobs as their phone lists them (docs/product.md#crew-members): today first,
 * then each following day that has jobs, under words a person reads at a glance.
 */
import type { CrewJob } from '@slotwise/shared/api';
import { addDays } from '@slotwise/shared/slots';
import { longDate } from '@slotwise/shared/time-zone';

export interface CrewDay {
  day: string;
  /** "Today", "Tomorrow", or "Friday, December 4, 2026". */
  heading: string;
  jobs: CrewJob[];
}

function dayHeading(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDays(today, 1)) return 'Tomorrow';
  return longDate(day);
}

/** Today (always, even without jobs) and then the days that have jobs, each in time order. */
export function crewDays(jobs: readonly CrewJob[], today: string): CrewDay[] {
  const byDay = new Map<string, CrewJob[]>([[today, []]]);
  for (const job of jobs) {
    const day = job.bookingTime.day;
    if (day < today) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), job]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({ day, heading: dayHeading(day, today), jobs: list }));
}

/** The tap a job offers now: Start job from its day on, Mark completed once started, none when done. */
export function jobAction(job: CrewJob, today: string): 'start' | 'complete' | null {
  if (job.status === 'started') return 'complete';
  if ((job.status === 'pending' || job.status === 'approved') && job.bookingTime.day <= today) return 'start';
  return null;
}

/**
 * Whether the job offers On my way (docs/decisions/048): today's, booked and not started, and
 * the customer not told yet. The server holds the same rule; this only spares a tap it refuses.
 */
export function offersOnMyWay(job: CrewJob, today: string): boolean {
  return (job.status === 'pending' || job.status === 'approved') && job.bookingTime.day === today && !job.onMyWayAt;
}
