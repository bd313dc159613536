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
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { OfferState } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { addedDriveMinutes, crewsFor } from '@slotwise/shared/crews';
import { ACTIVE_STATUSES } from '@slotwise/shared/domain';
import { shortDate, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import type { FreedTimesTable, WaitlistEntriesTable, WaitlistOffersTable } from '../db/schema.ts';
import { type Tx, withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { waitlistOfferMail } from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { queueMails } from '../repositories/mail-outbox.ts';
import { queueTexts } from '../repositories/texts.ts';
import { gsmSafe } from '../texts/gsm.ts';
import { mayTextCustomer, shortLink, withFirstTextLine } from './booking-texts.ts';
import { bookingWindowOf } from './booking-window.ts';
import { checkCrewSlot, freeCrew } from './crews.ts';
import { crewPlansOfSource, type GridSource, readGridSource, serviceOf } from './grid-source.ts';

const MINUTE = 60_000;
/** How many waiting customers a freed time is offered to at once: the first to book it wins. */
export const OFFER_BATCH = 3;
/** How long an offer stands at most. */
export const OFFER_TTL_MS = 2 * 60 * MINUTE;

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

function offerUrl(publicUrl: string, token: string): string {
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
function whenWords(ms: number, business: Pick<Business, 'time_zone' | 'time_format'>): string {
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
  if (!waiting) return false;
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
async function fitsFor(
  ctx: AppContext,
  trx: Tx,
  freed: FreedTimesTable,
  entries: readonly EntryRow[],
  now: number,
  source: GridSource,
): Promise<Fit[]> {
  const { business } = source;
  const plans = crewPlansOfSource(source);
  const speed = business.travel_speed_mph > 0 ? business.travel_speed_mph : 30;
  const dayJobs = await ctx.repos.calendar.dayJobs(trx, business.id, freed.day);
  const fits: Fit[] = [];
  for (const entry of entries) {
    const crews = crewsFor(plans, entry.service_id);
    try {
      checkCrewSlot(
        crews,
        business.time_zone,
        freed.day,
        freed.start_time,
        entry.duration_min,
        now,
        bookingWindowOf(business),
        business.time_format,
      );
    } catch (err) {
      if (err instanceof AppError) continue;
      throw err;
    }
    const location =
      entry.customer_lat === null || entry.customer_lng === null
        ? null
        : { lat: entry.customer_lat, lng: entry.customer_lng };
    const span = { startMs: freed.start_ms, endMs: freed.start_ms + entry.duration_min * MINUTE };
    const crew = await freeCrew(ctx, trx, business, {
      day: freed.day,
      span,
      location,
      crews,
      preferred: freed.crew_id,
      holds: { now },
    });
    if (typeof crew === 'string') continue;
    const jobs = dayJobs.filter((j) => j.crewId === crew.id || j.crewId === null);
    fits.push({ entry, extraDriveMin: addedDriveMinutes({ ...span, location }, jobs, crew.home, speed) });
  }
  return fits;
}

/**
 * Offers one freed time, under its business's lock: to the next batch of waiting customers it
 * fits, unless an offer of it still stands. Marks it unfilled when nobody (more) fits. Answers how
 * many offers went.
 */
export async function offerFreedTime(ctx: AppContext, freedId: string, businessId: string, now: number) {
  // Read before the lock, as a booking reads it (SQLite has one connection, the lock's).
  const source = await readGridSource(ctx, businessId);
  return withBusinessLock(ctx.store, businessId, async (trx) => {
    const freed = await trx.selectFrom('freed_times').selectAll().where('id', '=', freedId).executeTakeFirst();
    if (!freed || (freed.status !== 'queued' && freed.status !== 'offered')) return 0;
    const offers = await trx.selectFrom('waitlist_offers').selectAll().where('freed_id', '=', freed.id).execute();
    if (offers.some((o) => offerState(o, now) === 'open')) return 0;
    const offered = new Set(offers.map((o) => o.entry_id));
    const waiting = await trx
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('business_id', '=', freed.business_id)
      .where('day', '=', freed.day)
      .where('status', '=', 'waiting')
      .execute();
    // Who booked that day meanwhile (the widget, a phone call) waits no more: filled by that booking.
    const booked =
      waiting.length === 0
        ? []
        : await trx
            .selectFrom('bookings')
            .select(['id', 'customer_email'])
            .where('business_id', '=', freed.business_id)
            .where('day', '=', freed.day)
            .where('status', 'in', ACTIVE_STATUSES)
            .where(
              'customer_email',
              'in',
              waiting.map((e) => e.customer_email),
            )
            .execute();
    for (const b of booked)
      await trx
        .updateTable('waitlist_entries')
        .set({ status: 'filled', booking_id: b.id, updated_at: now })
        .where('business_id', '=', freed.business_id)
        .where('day', '=', freed.day)
        .where('customer_email', '=', b.customer_email)
        .where('status', '=', 'waiting')
        .execute();
    const bookedEmails = new Set(booked.map((b) => b.customer_email));
    const entries = waiting.filter((e) => !offered.has(e.id) && !bookedEmails.has(e.customer_email));
    const unfilled = async () => {
      await trx.updateTable('freed_times').set({ status: 'unfilled' }).where('id', '=', freed.id).execute();
      return 0;
    };
    if (entries.length === 0) return unfilled();
    if (!source) return unfilled();
    const { business } = source;
    const fits = await fitsFor(ctx, trx, freed, entries, now, source);
    const chosen = rankFits(fits);
    const expiresAt = offerExpiresAt(now, freed.start_ms, business.min_notice_minutes);
    if (chosen.length === 0 || expiresAt <= now) return unfilled();
    const when = whenWords(freed.start_ms, business);
    const until = formatClock(utcMsToLocal(expiresAt, business.time_zone).time, business.time_format);
    const businessName = business.name ?? 'Your service provider';
    for (const { entry, extraDriveMin } of chosen) {
      const { token, hash } = newLinkToken();
      await trx
        .insertInto('waitlist_offers')
        .values({
          id: randomUUID(),
          freed_id: freed.id,
          entry_id: entry.id,
          business_id: business.id,
          token_hash: hash,
          extra_drive_min: extraDriveMin,
          status: 'open',
          expires_at: expiresAt,
          created_at: now,
          answered_at: null,
        })
        .execute();
      const serviceName = serviceOf(source, entry.service_id)?.name ?? 'your service';
      const link = offerUrl(ctx.config.publicUrl, token);
      await queueMails(
        trx,
        [
          waitlistOfferMail(entry.customer_email, {
            firstName: entry.first_name,
            businessName,
            serviceName,
            when,
            until,
            link,
            expiresAt,
          }),
        ],
        now,
      );
      if (await mayTextCustomer(ctx, trx, { ...entry, business_id: business.id })) {
        const short = await shortLink(ctx, trx, business.id, link, now);
        const body = await withFirstTextLine(
          ctx,
          trx,
          business.id,
          entry.phone_number,
          gsmSafe(`${businessName}: a time opened ${when.replace(/, \d{4} at/, ',')}. Book it first: ${short}`),
        );
        await queueTexts(
          trx,
          [
            {
              businessId: business.id,
              to: entry.phone_number,
              body,
              kind: 'waitlistOffer',
              bookingId: null,
              startsAt: expiresAt,
            },
          ],
          now,
        );
      }
    }
    await trx
      .updateTable('freed_times')
      .set({ status: 'offered', offered_at: now })
      .where('id', '=', freed.id)
      .execute();
    return chosen.length;
  });
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

export const OFFER_TAKEN_TEXT =
  'Someone else just took this time. You are still on the waiting list for the day: we will e-mail you if another time opens.';

/**
 * The book call's check of an offer (before and again under the lock): still open, and the
 * booking asked for is its time, for its customer. Refuses OFFER_TAKEN or OFFER_EXPIRED.
 */
export async function checkOffer(
  ctx: AppContext,
  token: string,
  booking: { businessId: string; date: string; time: string; customerEmail: string },
  now: number,
  from?: Tx,
): Promise<OfferFound> {
  const found = await offerByToken(ctx, token, from);
  const { offer, entry, freed } = found;
  if (
    offer.business_id !== booking.businessId ||
    freed.day !== booking.date ||
    freed.start_time !== booking.time ||
    entry.customer_email !== booking.customerEmail.toLowerCase()
  )
    throw new AppError(
      'VALIDATION_FAILED',
      'This offer is for another time or another customer. Open the link in your e-mail again.',
    );
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
  // The time's other offers, and any other open offer to this customer (they booked their day).
  await trx
    .updateTable('waitlist_offers')
    .set({ status: 'withdrawn', answered_at: now })
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('freed_id', '=', freed.id), eb('entry_id', '=', entry.id)]))
    .execute();
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'filled', booking_id: bookingId, updated_at: now })
    .where('id', '=', entry.id)
    .execute();
  await trx.updateTable('freed_times').set({ status: 'filled' }).where('id', '=', freed.id).execute();
}
