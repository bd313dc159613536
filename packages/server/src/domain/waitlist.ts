/**
 * The waiting list and the gaps it fills (issue 45 item 2; docs/decisions/056).
 *
 * - A time a booking gives up (cancelled by the customer or declined by the owner, an expired
 *   request, a move) is queued as a freed time in the SAME transaction (noteFreedTime), only while
 *   somebody waits for that day: a cancellation that commits always has its offer queued, one that
 *   rolls back never does.
 * - The offer pass (jobs/waitlist-offers.ts) takes each queued time under the business's lock and
 *   offers it (offerFreedTime) to the waiting customers whose job fits there: the crew's hours,
 *   nothing in the way, the booking window, and the drives either side with the job's own length
 *   (domain/crews.ts freeCrew, the check a booking takes), ranked by the least driving it adds
 *   (shared/src/crews.ts addedDriveMinutes), then by who joined first. A small batch (OFFER_BATCH)
 *   is offered at once, by mail, and by text to those who agreed to texts.
 * - An offer lasts OFFER_TTL_MS, or until the slot's start less the business's notice, whichever
 *   comes first. When a batch lapses untaken the pass offers the time to the next few.
 * - Accepting is the widget's book call with the offer's token (routes/customer/book.ts): the one
 *   booking path and lock. Under the lock the offer is read again (checkOffer) and, once booked,
 *   filled (fillOffer): the offer taken, the entry filled, the time's other offers withdrawn. A
 *   second acceptor is refused OFFER_TAKEN; a lapsed offer OFFER_EXPIRED.
 * - When nobody on the list (more) fits, the second tier (offerToVisits): plan customers whose next
 *   visit is due within VISIT_WINDOW_DAYS after the time, fitted and ranked the same way (jobFitAt),
 *   are asked to move that visit up; accepting moves it (domain/visit-offers.ts moveVisitUp).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { OfferState } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { addedDriveMinutes, crewsFor } from '@slotwise/shared/crews';
import { addDays } from '@slotwise/shared/plans';
import { shortDate, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import type { FreedTimesTable, VisitOffersTable, WaitlistEntriesTable, WaitlistOffersTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { visitOfferMail } from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { queueMails } from '../repositories/mail-outbox.ts';
import { nearbyConsented } from '../repositories/owner-quotes.ts';
import { queueTexts } from '../repositories/texts.ts';
import { gsmSafe } from '../texts/gsm.ts';
import { mayTextCustomer, shortLink, withFirstTextLine } from './booking-texts.ts';
import { bookingWindowOf } from './booking-window.ts';
import { checkCrewSlot, freeCrew } from './crews.ts';
import { crewPlansOfSource, type GridSource } from './grid-source.ts';

const MINUTE = 60_000;
/** How many waiting customers a freed time is offered to at once: the first to book it wins. */
export const OFFER_BATCH = 3;
/** How long an offer stands at most. */
export const OFFER_TTL_MS = 2 * 60 * MINUTE;
/**
 * The second tier (a plan's next visit moved up): how many days after the freed day that visit may
 * be due. Two weeks is the longest gap between two visits but a monthly plan's: a weekly or
 * fortnightly customer's next visit is always inside it, a monthly one's only in its last half,
 * when an earlier visit is still welcome; moved further up, a visit would mostly stretch the wait
 * for the one after it.
 */
const VISIT_WINDOW_DAYS = 14;

export type FreedReason = FreedTimesTable['reason'];
type EntryRow = WaitlistEntriesTable;
export type OfferRow = WaitlistOffersTable;

/** A link's token (32 random bytes) and the hash that is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function offerUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/customer/offer?token=${encodeURIComponent(token)}`;
}

export function leaveUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/customer/waitlist?token=${encodeURIComponent(token)}`;
}

/** Until when an offer stands: OFFER_TTL_MS from now, or the slot's start less the notice, the earlier. */
export function offerExpiresAt(now: number, slotStartMs: number, minNoticeMinutes: number): number {
  return Math.min(now + OFFER_TTL_MS, slotStartMs - minNoticeMinutes * MINUTE);
}

/** An offer's state as its customer and the owner read it: an open offer past its time has expired. */
export function offerState(offer: Pick<OfferRow, 'status' | 'expires_at'>, now: number): OfferState {
  return offer.status === 'open' && offer.expires_at <= now ? 'expired' : offer.status;
}

/** "on Tue, Dec 8, 2026 at 2:00 PM", on the business's clock. */
export function whenWords(ms: number, business: Pick<Business, 'time_zone' | 'time_format'>): string {
  const { day, time } = utcMsToLocal(ms, business.time_zone);
  return `on ${shortDate(day)} at ${formatClock(time, business.time_format)}`;
}

/**
 * In the transaction that frees `row`'s time (a cancellation, a decline, an expiry, a move):
 * queues the time for the offer pass when somebody waits for its day and it is still ahead.
 * `row` as it was before the change (its time, its crew). Answers whether it queued.
 */
export async function noteFreedTime(
  trx: Tx,
  row: Pick<BookingRow, 'id' | 'business_id' | 'crew_id' | 'day' | 'start_time' | 'start_ms' | 'end_ms'>,
  reason: FreedReason,
  now: number,
  /** Not before then (the undo window of an owner's decline or drag). */
  dueAt = now,
): Promise<boolean> {
  if (row.start_ms <= now) return false;
  const waiting = await trx
    .selectFrom('waitlist_entries')
    .select('id')
    .where('business_id', '=', row.business_id)
    .where('day', '=', row.day)
    .where('status', '=', 'waiting')
    .limit(1)
    .executeTakeFirst();
  if (!waiting && !(await visitDueSoon(trx, row)) && !(await nearbyQuoteWaits(trx, row.business_id, now))) return false;
  await trx
    .insertInto('freed_times')
    .values({
      id: randomUUID(),
      business_id: row.business_id,
      crew_id: row.crew_id,
      booking_id: row.id,
      reason,
      day: row.day,
      start_time: row.start_time,
      start_ms: row.start_ms,
      end_ms: row.end_ms,
      status: 'queued',
      created_at: now,
      due_at: dueAt,
      offered_at: null,
    })
    .execute();
  return true;
}

/** The plans' visits (pending or approved) after `row`'s time, up to VISIT_WINDOW_DAYS after its day. */
function visitsAfter(trx: Tx, row: Pick<BookingRow, 'id' | 'business_id' | 'day' | 'start_ms'>, now: number) {
  return trx
    .selectFrom('bookings')
    .innerJoin('plans', 'plans.id', 'bookings.plan_id')
    .selectAll('bookings')
    .where('bookings.business_id', '=', row.business_id)
    .where('plans.status', '=', 'active')
    .where('bookings.status', 'in', ['pending', 'approved'])
    .where('bookings.day', '>=', row.day)
    .where('bookings.day', '<=', addDays(row.day, VISIT_WINDOW_DAYS))
    .where('bookings.start_ms', '>', Math.max(row.start_ms, now))
    .where('bookings.id', '!=', row.id);
}

/** Whether a plan's visit is due soon after `row`'s time: its time may then be offered to move it up. */
async function visitDueSoon(
  trx: Tx,
  row: Pick<BookingRow, 'id' | 'business_id' | 'day' | 'start_ms'>,
): Promise<boolean> {
  return (await visitsAfter(trx, row, 0).select('bookings.id as visit').limit(1).executeTakeFirst()) !== undefined;
}

/** Whether a recent quote's customer asked to hear of a time nearby (the third tier, domain/quote-offers.ts). */
async function nearbyQuoteWaits(trx: Tx, businessId: string, now: number): Promise<boolean> {
  return (await nearbyConsented(trx, businessId, now).limit(1).executeTakeFirst()) !== undefined;
}

/** A waiting customer whose job fits the freed time, and the minutes of driving it adds there. */
export interface Fit {
  entry: EntryRow;
  extraDriveMin: number;
}

/** The fits ranked: least driving added first, then who joined first; the first `batch` of them. */
export function rankFits(fits: readonly Fit[], batch = OFFER_BATCH): Fit[] {
  return [...fits]
    .sort((a, b) => a.extraDriveMin - b.extraDriveMin || a.entry.created_at - b.entry.created_at)
    .slice(0, batch);
}

/**
 * The waiting customers whose job fits `freed` now, under the lock: each job at the freed time
 * with its own length, checked as its booking will be (the window, a crew's hours, nothing in the
 * way, the drives), and what it adds to that crew's driving.
 */
export async function fitsFor(
  ctx: AppContext,
  trx: Tx,
  freed: FreedTimesTable,
  entries: readonly EntryRow[],
  now: number,
  source: GridSource,
): Promise<Fit[]> {
  const fits: Fit[] = [];
  for (const entry of entries) {
    // The entry's own id is no booking's: nothing of the day is left out.
    const { service_id, duration_min, customer_lat, customer_lng } = entry;
    const fit = await jobFitAt(ctx, trx, freed, { service_id, duration_min, customer_lat, customer_lng }, now, source);
    if (typeof fit !== 'string') fits.push({ entry, extraDriveMin: fit.extraDriveMin });
  }
  return fits;
}

/** A plan's next visit that fits the freed time moved up, and the driving it adds there. */
interface VisitFit {
  visit: BookingRow;
  extraDriveMin: number;
}

/** A job to fit at a freed time: a plan's visit (its own time then left out), or a quote's job. */
export type JobToFit = Pick<BookingRow, 'service_id' | 'duration_min' | 'customer_lat' | 'customer_lng'> & {
  /** A booking being moved: its own time is not in the way. */
  id?: string;
};

/**
 * Under the lock, the crew a job at the freed time goes to, as a booking is checked there (the
 * window, a crew's hours, nothing in the way but the job itself, the drives), and the driving it
 * adds to that crew's day; a string when it does not fit. Every tier's check.
 */
export async function jobFitAt(
  ctx: AppContext,
  trx: Tx,
  freed: FreedTimesTable,
  job: JobToFit,
  now: number,
  source: GridSource,
) {
  const { business } = source;
  const crews = job.service_id ? crewsFor(crewPlansOfSource(source), job.service_id) : [];
  try {
    checkCrewSlot(
      crews,
      business.time_zone,
      freed.day,
      freed.start_time,
      job.duration_min,
      now,
      bookingWindowOf(business),
      business.time_format,
    );
  } catch (err) {
    if (err instanceof AppError) return 'window' as const;
    throw err;
  }
  const location =
    job.customer_lat === null || job.customer_lng === null ? null : { lat: job.customer_lat, lng: job.customer_lng };
  const span = { startMs: freed.start_ms, endMs: freed.start_ms + job.duration_min * MINUTE };
  const crew = await freeCrew(ctx, trx, business, {
    day: freed.day,
    span,
    location,
    crews,
    preferred: freed.crew_id,
    holds: { now },
    ignoreBookingId: job.id,
  });
  if (typeof crew === 'string') return crew;
  const speed = business.travel_speed_mph > 0 ? business.travel_speed_mph : 30;
  const jobs = (await ctx.repos.calendar.dayJobs(trx, business.id, freed.day, { ignoreBookingId: job.id })).filter(
    (j) => j.crewId === crew.id || j.crewId === null,
  );
  return { crew, extraDriveMin: addedDriveMinutes({ ...span, location }, jobs, crew.home, speed) };
}

/**
 * The second tier (docs/decisions/056): the freed time offered to plan customers whose NEXT visit
 * (the plan's first pending or approved visit ahead) is after it and due within VISIT_WINDOW_DAYS,
 * whose visit fits there, least driving added first (then the visit due first), a batch at a time;
 * a visit is offered a freed time once. Answers how many offers went.
 */
export async function offerToVisits(
  ctx: AppContext,
  trx: Tx,
  freed: FreedTimesTable,
  offered: readonly VisitOffersTable[],
  source: GridSource,
  expiresAt: number,
  now: number,
): Promise<number> {
  const { business } = source;
  const due = await visitsAfter(
    trx,
    { id: freed.booking_id ?? '', business_id: freed.business_id, day: freed.day, start_ms: freed.start_ms },
    now,
  ).execute();
  const already = new Set(offered.map((o) => o.booking_id));
  const candidates = due.filter((v) => !already.has(v.id) && v.plan_id !== null);
  if (candidates.length === 0) return 0;
  // Only a plan's next visit: none of the plan's visits may come before it (from now on).
  const firsts = await trx
    .selectFrom('bookings')
    .select(['plan_id', (eb) => eb.fn.min('start_ms').as('first_ms')])
    .where('business_id', '=', business.id)
    .where('status', 'in', ['pending', 'approved'])
    .where('start_ms', '>', now)
    .where(
      'plan_id',
      'in',
      candidates.map((v) => v.plan_id as string),
    )
    .groupBy('plan_id')
    .execute();
  const firstOf = new Map(firsts.map((f) => [f.plan_id, Number(f.first_ms)]));
  const fits: VisitFit[] = [];
  for (const visit of candidates) {
    if (firstOf.get(visit.plan_id) !== visit.start_ms) continue;
    const fit = await jobFitAt(ctx, trx, freed, visit, now, source);
    if (typeof fit !== 'string') fits.push({ visit, extraDriveMin: fit.extraDriveMin });
  }
  const chosen = fits
    .sort((a, b) => a.extraDriveMin - b.extraDriveMin || a.visit.start_ms - b.visit.start_ms)
    .slice(0, OFFER_BATCH);
  if (chosen.length === 0) return 0;
  const when = whenWords(freed.start_ms, business);
  const until = formatClock(utcMsToLocal(expiresAt, business.time_zone).time, business.time_format);
  const businessName = business.name ?? 'Your service provider';
  for (const { visit, extraDriveMin } of chosen) {
    const { token, hash } = newLinkToken();
    await trx
      .insertInto('visit_offers')
      .values({
        id: randomUUID(),
        freed_id: freed.id,
        booking_id: visit.id,
        booking_version: visit.version,
        business_id: business.id,
        token_hash: hash,
        extra_drive_min: extraDriveMin,
        status: 'open',
        expires_at: expiresAt,
        created_at: now,
        answered_at: null,
      })
      .execute();
    const link = offerUrl(ctx.config.publicUrl, token);
    await queueMails(
      trx,
      [
        visitOfferMail(visit.customer_email, {
          firstName: visit.first_name,
          businessName,
          serviceName: visit.service_name,
          when,
          from: whenWords(visit.start_ms, business),
          until,
          link,
          expiresAt,
        }),
      ],
      now,
    );
    if (await mayTextCustomer(ctx, trx, visit)) {
      const short = await shortLink(ctx, trx, business.id, link, now);
      const body = await withFirstTextLine(
        ctx,
        trx,
        business.id,
        visit.phone_number,
        gsmSafe(
          `${businessName}: move your visit up to ${when.replace(/^on /, '').replace(/, \d{4} at/, ',')}? ${short}`,
        ),
      );
      await queueTexts(
        trx,
        [
          {
            businessId: business.id,
            to: visit.phone_number,
            body,
            kind: 'waitlistOffer',
            bookingId: visit.id,
            startsAt: expiresAt,
          },
        ],
        now,
      );
    }
  }
  return chosen.length;
}

/** An offer found by its link's token, with its entry and its freed time. */
export interface OfferFound {
  offer: OfferRow;
  entry: EntryRow;
  freed: FreedTimesTable;
}

export async function offerByToken(ctx: AppContext, token: string, from?: Tx): Promise<OfferFound> {
  const db = from ?? ctx.db;
  const offer = await db
    .selectFrom('waitlist_offers')
    .selectAll()
    .where('token_hash', '=', hashLinkToken(token))
    .executeTakeFirst();
  const [entry, freed] = offer
    ? await Promise.all([
        db.selectFrom('waitlist_entries').selectAll().where('id', '=', offer.entry_id).executeTakeFirst(),
        db.selectFrom('freed_times').selectAll().where('id', '=', offer.freed_id).executeTakeFirst(),
      ])
    : [undefined, undefined];
  if (!offer || !entry || !freed)
    throw new AppError('WAITLIST_NOT_FOUND', 'This offer link is not known. Check the link in your e-mail.');
  return { offer, entry, freed };
}

/** What the book call with an offer's token asks for. */
export interface OfferAsked {
  businessId: string;
  date: string;
  time: string;
  customerEmail: string;
}

/**
 * Every tier's first check of the book call with an offer's token: it asks for the offer's own
 * business, time and customer; else VALIDATION_FAILED.
 */
export function assertAskedAsOffered(
  asked: OfferAsked,
  offered: { businessId: string; freed: Pick<FreedTimesTable, 'day' | 'start_time'>; email: string },
): void {
  if (
    offered.businessId !== asked.businessId ||
    offered.freed.day !== asked.date ||
    offered.freed.start_time !== asked.time ||
    offered.email.toLowerCase() !== asked.customerEmail.toLowerCase()
  )
    throw new AppError(
      'VALIDATION_FAILED',
      'This offer is for another time or another customer. Open the link in your e-mail again.',
    );
}

export const OFFER_TAKEN_TEXT =
  'Someone else just took this time. You are still on the waiting list for the day: we will e-mail you if another time opens.';

/**
 * The book call's check of an offer (before and again under the lock): still open, and the
 * booking asked for is its time, for its customer. Refuses OFFER_TAKEN or OFFER_EXPIRED.
 */
export async function checkOffer(
  ctx: AppContext,
  token: string,
  booking: OfferAsked,
  now: number,
  from?: Tx,
): Promise<OfferFound> {
  const found = await offerByToken(ctx, token, from);
  const { offer, entry, freed } = found;
  assertAskedAsOffered(booking, { businessId: offer.business_id, freed, email: entry.customer_email });
  const state = offerState(offer, now);
  if (state === 'taken' && entry.status === 'filled')
    throw new AppError('OFFER_TAKEN', 'You already booked this time: the confirmation is in your e-mail.');
  if (state === 'taken' || state === 'withdrawn' || freed.status === 'filled')
    throw new AppError('OFFER_TAKEN', OFFER_TAKEN_TEXT);
  if (state === 'expired')
    throw new AppError(
      'OFFER_EXPIRED',
      'This offer has expired. You are still on the waiting list for the day: we will e-mail you if another time opens.',
    );
  return found;
}

/** Under the lock, in the booking's transaction: the offer taken, its entry filled, the time's other offers withdrawn. */
export async function fillOffer(trx: Tx, found: OfferFound, bookingId: string, now: number): Promise<void> {
  const { offer, entry, freed } = found;
  await trx
    .updateTable('waitlist_offers')
    .set({ status: 'taken', answered_at: now })
    .where('id', '=', offer.id)
    .execute();
  // Any other open offer to this customer (they booked their day).
  await trx
    .updateTable('waitlist_offers')
    .set({ status: 'withdrawn', answered_at: now })
    .where('status', '=', 'open')
    .where('entry_id', '=', entry.id)
    .execute();
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'filled', booking_id: bookingId, updated_at: now })
    .where('id', '=', entry.id)
    .execute();
  await fillFreedTime(trx, freed.id, now);
}

/**
 * A freed time taken, under the lock, in the transaction of the offer that took it (whichever
 * tier's, marked taken first): every offer of it still open, in the three tiers, withdrawn, and
 * the time filled.
 */
export async function fillFreedTime(trx: Tx, freedId: string, now: number): Promise<void> {
  for (const table of ['waitlist_offers', 'visit_offers', 'quote_offers'] as const)
    await trx
      .updateTable(table)
      .set({ status: 'withdrawn', answered_at: now })
      .where('status', '=', 'open')
      .where('freed_id', '=', freedId)
      .execute();
  await trx.updateTable('freed_times').set({ status: 'filled' }).where('id', '=', freedId).execute();
}
