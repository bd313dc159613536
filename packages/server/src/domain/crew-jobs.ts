/**
 * A crew member's jobs (docs/decisions/024): what a job reads as on their screen, what their taps
 * on Start job and Mark completed may do, and their own calendar feed's address. Pure but for
 * the types; the calls are routes/crew.ts.
 */

import type { CrewJob, CrewJobStatus } from '@slotwise/shared/api';
import type { ErrorCode } from '@slotwise/shared/errors';
import { longDate } from '@slotwise/shared/time-zone';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import type { CrewJobRow } from '../repositories/crew-jobs.ts';
import { shownTime } from './answers.ts';
import { bookingAnswersLine } from './booking-answers.ts';
import { crewFeedTokenFor } from './feed-token.ts';
import { shownProjection } from './projected-day.ts';
import { effectiveStatus } from './status.ts';

/**
 * A job's status on the crew's screen: started between the tap and completion. Only booked and
 * completed jobs are on a schedule (repositories/crew-jobs.ts SCHEDULED) or answered after a tap.
 */
export function crewJobStatus(row: Pick<CrewJobRow, 'status' | 'end_ms' | 'started_at'>, now: number): CrewJobStatus {
  const status = effectiveStatus(row, now);
  if (status === 'pending' || status === 'approved') return row.started_at === null ? status : 'started';
  return 'completed';
}

/** Its projected arrival while it is booked, not started and later than booked (docs/decisions/049). */
function projectedOf(row: CrewJobRow, now: number): string | null {
  const status = crewJobStatus(row, now);
  const ms = status === 'pending' || status === 'approved' ? shownProjection(row) : null;
  return ms === null ? null : new Date(ms).toISOString();
}

/** A job as a crew member reads it: never a price (the row holds none). */
export function toCrewJob(
  row: CrewJobRow,
  business: Pick<Business, 'time_zone' | 'quote_questions'>,
  now: number,
): CrewJob {
  return {
    _id: row.id,
    bookingTime: shownTime(row, business.time_zone),
    serviceName: row.service_name,
    customerName: `${row.first_name} ${row.last_name}`.trim(),
    phoneNumber: row.phone_number,
    customerAddress: row.customer_address,
    placeNotes: row.place_notes ?? null,
    status: crewJobStatus(row, now),
    startedAt: row.started_at === null ? null : new Date(row.started_at).toISOString(),
    // "Vehicle size: SUV; Condition: Heavy" (domain/booking-answers.ts).
    notes: bookingAnswersLine(row, business),
    payable: row.open_invoice_id !== null && row.charging_id === null,
    onMyWayAt: row.on_my_way_at === null ? null : new Date(row.on_my_way_at).toISOString(),
    projectedStart: projectedOf(row, now),
  };
}

export type JobTap = 'start' | 'complete';

/** What a tap does: change the job, nothing (it is so already: a second tap is harmless), or a refusal. */
export type TapOutcome = { kind: 'change' } | { kind: 'nothing' } | { kind: 'refuse'; code: ErrorCode; error: string };

const NOT_WORKABLE: Record<string, string> = {
  cancelled: 'was cancelled',
  declined: 'was declined by the business',
  awaiting_payment: "is waiting for the customer's deposit",
  expired: 'was never paid for and is off the calendar',
  needs_time: 'has no time yet',
  skipped: 'was skipped by the customer',
};

/**
 * The order a job goes through on the crew's side: booked (pending or approved) -> started (from
 * its day on) -> completed. Taps that ask for where the job already is change nothing.
 */
export function tapOutcome(
  row: Pick<CrewJobRow, 'status' | 'end_ms' | 'started_at' | 'day'>,
  tap: JobTap,
  today: string,
  now: number,
): TapOutcome {
  const status = effectiveStatus(row, now);
  if (status === 'completed') return { kind: 'nothing' };
  if (status !== 'pending' && status !== 'approved') {
    const words = NOT_WORKABLE[status] ?? `is ${status}`;
    return {
      kind: 'refuse',
      code: 'JOB_NOT_ACTIVE',
      error: `This job ${words}, so it cannot be ${tap === 'start' ? 'started' : 'completed'}. Refresh your jobs.`,
    };
  }
  const started = row.started_at !== null;
  if (tap === 'start') {
    if (started) return { kind: 'nothing' };
    if (row.day > today)
      return {
        kind: 'refuse',
        code: 'JOB_NOT_TODAY',
        error: `This job is on ${longDate(row.day)}: start it on the day.`,
      };
    return { kind: 'change' };
  }
  if (!started)
    return { kind: 'refuse', code: 'JOB_NOT_STARTED', error: 'Start this job before marking it completed.' };
  return { kind: 'change' };
}

/** The crew member's own calendar feed: their crew's jobs without prices, until revoked or the login is removed. */
export function crewFeedUrl(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  member: { id: string; business_id: string; crew_id: string; feed_version: number },
): string {
  const token = crewFeedTokenFor(config.jwtSecret, member.id, member.feed_version);
  return `${config.publicUrl}/api/calendar/feed.ics?businessId=${member.business_id}&crewId=${member.crew_id}&token=${token}`;
}

/**
 * A job not among the crew's: another crew's or another business's is not told apart, and a job
 * moved to another crew since the list was read is the likely cause, so the crew is told to refresh.
 */
export function jobNotFound(crewName: string, id: string): AppError {
  return new AppError(
    'JOB_NOT_FOUND',
    `Job ${id} is not among ${crewName}'s jobs. It may have gone to another crew: refresh your jobs.`,
  );
}
