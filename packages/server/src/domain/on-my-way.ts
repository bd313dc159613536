/**
 * "On my way" (issue 44 item 1; docs/decisions/048): one tap on a job today, by its crew or the
 * owner, tells the customer the crew is coming and about when, once per job. The arrival is the
 * travel model's (shared/src/travel.ts driveMinutes): from the crew's job before this one that day
 * (where it is, or was last), else its start place (the business address unless the crew has its
 * own), at the business's average speed; now plus the drive, rounded up to 5 minutes. It goes as
 * a text within the texts' rules (domain/booking-texts.ts mayTextCustomer: consent, STOP, a way
 * to text), else as a mail, through the same outbox, in the transaction that records it.
 */

import type { OnMyWaySent } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import type { ErrorCode } from '@slotwise/shared/errors';
import type { LatLng } from '@slotwise/shared/geo';
import { longDate, utcMsToLocal } from '@slotwise/shared/time-zone';
import { driveMinutes, type Job } from '@slotwise/shared/travel';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { onMyWayMail } from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { queueTexts } from '../repositories/texts.ts';
import { gsmSafe } from '../texts/gsm.ts';
import { mayTextCustomer, withFirstTextLine } from './booking-texts.ts';
import { homeOf, locationOf } from './places.ts';
import { roundArrival } from './projected-day.ts';
import { effectiveStatus } from './status.ts';

const MINUTE = 60_000;

/** Where the crew sets off from and how long the drive is; null when either place is not on the map. */
export interface Arrival {
  /** The job the crew drives from; null: its start place. */
  fromId: string | null;
  driveMinutes: number;
  /** now + the drive, rounded up to 5 minutes. */
  atMs: number;
}

/**
 * The arrival at `job`, setting off `now`: from the crew's latest job of the day starting before
 * this one (done or not: that is where the crew is, or was last), else from `home`. Null when
 * the place set off from or the job's own place has no coordinates: no time is better than a
 * wrong one.
 */
export function arrivalOf(input: {
  now: number;
  job: { id: string; startMs: number; location: LatLng | null };
  /** The crew's jobs that day (any order); `job` among them or not. */
  dayJobs: readonly Job[];
  home: LatLng | null;
  speedMph: number;
}): Arrival | null {
  const { now, job, dayJobs, home, speedMph } = input;
  let before: Job | null = null;
  for (const j of dayJobs) {
    if (j.id === job.id || j.startMs >= job.startMs) continue;
    if (!before || j.startMs > before.startMs) before = j;
  }
  const from = before ? before.location : home;
  if (!from || !job.location) return null;
  const minutes = driveMinutes(from, job.location, speedMph);
  return {
    fromId: before?.id ?? null,
    driveMinutes: minutes,
    atMs: roundArrival(now + minutes * MINUTE),
  };
}

/** "2:40 PM" (or "14:40") on the business's clock. */
export function arrivalClock(atMs: number, timeZone: string, timeFormat: TimeFormat): string {
  return formatClock(utcMsToLocal(atMs, timeZone).time, timeFormat);
}

/**
 * The one line the customer reads. `sender`: the crew's name when the owner has customer mails
 * name the crew (Settings > Crews; businesses.crew_in_mails), else null and the business speaks
 * for itself. Whoever tapped, it names who is coming.
 */
export function onMyWayWords(businessName: string, sender: string | null, arrival: string | null): string {
  const who = sender ? `${sender} from ${businessName} is` : `${businessName}: we are`;
  return gsmSafe(arrival ? `${who} on the way, arriving about ${arrival}.` : `${who} on the way to you now.`);
}

export type Refusal = { code: ErrorCode; error: string };

/**
 * Whether "On my way" may be sent for this job now: a booked job (pending or approved) of today
 * not started yet, and not told already. Null: it may.
 */
export function onMyWayRefusal(
  row: Pick<BookingRow, 'status' | 'end_ms' | 'day' | 'on_my_way_at'>,
  startedAt: number | null,
  today: string,
  now: number,
  timeZone: string,
  timeFormat: TimeFormat,
): Refusal | null {
  const status = effectiveStatus(row, now);
  if (status === 'completed' || startedAt !== null)
    return {
      code: 'JOB_ALREADY_STARTED',
      error: `This job was ${status === 'completed' ? 'completed' : 'started'} already: the customer is not told you are on the way.`,
    };
  if (status !== 'pending' && status !== 'approved')
    return {
      code: 'JOB_NOT_ACTIVE',
      error: `This job is ${status.replace('_', ' ')}, so the customer is not told you are on the way. Refresh the jobs.`,
    };
  if (row.on_my_way_at !== null)
    return {
      code: 'ON_MY_WAY_ALREADY_SENT',
      error: `The customer was told you are on the way at ${arrivalClock(row.on_my_way_at, timeZone, timeFormat)}: it is sent once per job.`,
    };
  if (row.day !== today)
    return {
      code: 'JOB_NOT_TODAY',
      error: `This job is on ${longDate(row.day)}: say you are on the way on the day.`,
    };
  return null;
}

export type OnMyWayResult = Omit<OnMyWaySent, 'at'> & { at: number };

/** As the calls answer it. */
export function onMyWayJson(r: OnMyWayResult): OnMyWaySent {
  return { ...r, at: new Date(r.at).toISOString() };
}

/**
 * Records and sends "On my way" for a booking, inside the caller's transaction (under the
 * business's lock): refused as onMyWayRefusal says, or when the customer can be neither texted
 * nor mailed (nothing is recorded then). A second tap, even one racing this one, finds it
 * recorded and is refused ON_MY_WAY_ALREADY_SENT: one message per job.
 */
export async function sendOnMyWay(
  ctx: AppContext,
  trx: Tx,
  booking: BookingRow,
  business: Pick<
    Business,
    'id' | 'name' | 'time_zone' | 'time_format' | 'lat' | 'lng' | 'travel_speed_mph' | 'crew_in_mails'
  >,
  today: string,
  now: number,
): Promise<OnMyWayResult> {
  const { crewJobs } = ctx.repos;
  const startedAt = await crewJobs.startedAt(trx, booking.id);
  const refusal = onMyWayRefusal(booking, startedAt, today, now, business.time_zone, business.time_format);
  if (refusal) throw new AppError(refusal.code, refusal.error);

  const crew = booking.crew_id ? await ctx.repos.crews.find(business.id, booking.crew_id, trx) : undefined;
  const home =
    crew && crew.start_lat !== null && crew.start_lng !== null
      ? { lat: crew.start_lat, lng: crew.start_lng }
      : homeOf(business);
  const arrival = arrivalOf({
    now,
    job: { id: booking.id, startMs: booking.start_ms, location: locationOf(booking) },
    dayJobs: await crewJobs.dayStops(booking.crew_id, business.id, booking.day, trx),
    home,
    speedMph: business.travel_speed_mph,
  });
  const clock = arrival ? arrivalClock(arrival.atMs, business.time_zone, business.time_format) : null;
  const businessName = business.name ?? 'Your service provider';
  const sender = crew && business.crew_in_mails === 1 ? crew.name : null;
  const words = onMyWayWords(businessName, sender, clock);

  if (!(await crewJobs.markOnMyWay(trx, business.id, booking.id, now)))
    throw new AppError(
      'ON_MY_WAY_ALREADY_SENT',
      'The customer was told you are on the way already: it is sent once per job.',
    );

  if (await mayTextCustomer(ctx, trx, booking)) {
    const body = await withFirstTextLine(ctx, trx, business.id, booking.phone_number, words);
    await queueTexts(
      trx,
      [{ businessId: business.id, to: booking.phone_number, body, kind: 'onMyWay', bookingId: booking.id }],
      now,
    );
    return { at: now, channel: 'text', arrival: clock, words };
  }
  if (booking.customer_email) {
    await queueMail(
      trx,
      onMyWayMail(booking.customer_email, {
        bookingId: booking.id,
        firstName: booking.first_name,
        businessName,
        words,
        startsAt: booking.start_ms,
      }),
      now,
    );
    return { at: now, channel: 'mail', arrival: clock, words };
  }
  // Thrown inside the transaction: the record above is rolled back with it.
  throw new AppError(
    'CUSTOMER_UNREACHABLE',
    `${booking.first_name || 'The customer'} did not agree to texts (or replied STOP) and left no e-mail address, so nothing can be sent. Call them instead.`,
  );
}
