/**
 * The waiting list's second tier (docs/decisions/056): a freed time offered to a plan customer
 * nearby whose next visit is due soon (domain/waitlist.ts offerFreedTime), and its acceptance.
 * Accepting is the book call with the offer's token, which MOVES that visit to the freed time
 * through the owner's one move path (placeBooking,
 * under the business's lock, with the visit's version as it was offered): no second booking. The
 * visit's old time is then freed in turn (placeBooking queues it); as a visit only ever moves up to
 * an earlier time, and is only offered times before it, nothing can loop.
 */
import type { BookResponse } from '@slotwise/shared/api';
import { bookingUid } from '@slotwise/shared/ics';
import { toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../context.ts';
import type { FreedTimesTable, VisitOffersTable } from '../db/schema.ts';
import { type Tx, withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { shownTime } from './answers.ts';
import { placeBooking, tellMoved } from './booking-move.ts';
import { readGridSource } from './grid-source.ts';
import { calendarSpan } from './slot-rules.ts';
import {
  assertAskedAsOffered,
  fillFreedTime,
  hashLinkToken,
  jobFitAt,
  type OfferAsked,
  offerState,
  whenWords,
} from './waitlist.ts';

/** An offer to move a visit up, with its visit and its freed time. */
export interface VisitOfferFound {
  offer: VisitOffersTable;
  visit: BookingRow;
  freed: FreedTimesTable;
}

/** The visit offer of a link's token, or undefined (the token may be a waiting customer's offer). */
export async function visitOfferByToken(
  ctx: AppContext,
  token: string,
  from?: Tx,
): Promise<VisitOfferFound | undefined> {
  const db = from ?? ctx.db;
  const offer = await db
    .selectFrom('visit_offers')
    .selectAll()
    .where('token_hash', '=', hashLinkToken(token))
    .executeTakeFirst();
  if (!offer) return undefined;
  const [visit, freed] = await Promise.all([
    db.selectFrom('bookings').selectAll().where('id', '=', offer.booking_id).executeTakeFirst(),
    db.selectFrom('freed_times').selectAll().where('id', '=', offer.freed_id).executeTakeFirst(),
  ]);
  return visit && freed ? { offer, visit, freed } : undefined;
}

/** Whether the visit is still as it was offered: the same version, pending or approved. */
export function visitUnchanged({ offer, visit }: Pick<VisitOfferFound, 'offer' | 'visit'>): boolean {
  return visit.version === offer.booking_version && (visit.status === 'pending' || visit.status === 'approved');
}

const KEPT = 'Your visit stays as it was booked.';

/**
 * The book call with the token of an offer to move a visit up (routes/customer/book.ts), before it
 * prices anything: undefined when the token is not such an offer (a waiting customer's, booked as
 * any). Else accepts it: under the lock, the offer read again (open, the time not taken, the visit
 * unchanged since it was offered), the visit's fit checked again as the offer pass checked it, then
 * the visit moved there by placeBooking and its customer told once (the rescheduled mail). The
 * offer taken, the time's other offers and the visit's other offers withdrawn, the time filled.
 */
export async function moveVisitUp(
  ctx: AppContext,
  token: string,
  asked: OfferAsked,
  remember: RememberAnswer,
): Promise<BookResponse | undefined> {
  const first = await visitOfferByToken(ctx, token);
  if (!first) return undefined;
  assertAskedAsOffered(asked, {
    businessId: first.offer.business_id,
    freed: first.freed,
    email: first.visit.customer_email,
  });
  // Read before the lock, as a booking reads it (SQLite has one connection, the lock's).
  const source = await readGridSource(ctx, first.offer.business_id);
  if (!source) throw new AppError('WAITLIST_NOT_FOUND', 'This offer link is not known. Check the link in your e-mail.');
  const { business } = source;
  const result = await withBusinessLock(ctx.store, business.id, async (trx) => {
    const now = ctx.now();
    const found = await visitOfferByToken(ctx, token, trx);
    if (!found)
      throw new AppError('WAITLIST_NOT_FOUND', 'This offer link is not known. Check the link in your e-mail.');
    const { offer, visit, freed } = found;
    const state = offerState(offer, now);
    if (state === 'taken')
      throw new AppError(
        'OFFER_TAKEN',
        'You already moved your visit to this time: the confirmation is in your e-mail.',
      );
    if (state === 'withdrawn' || freed.status === 'filled')
      throw new AppError('OFFER_TAKEN', `Someone else just took this time. ${KEPT}`);
    if (state === 'expired') throw new AppError('OFFER_EXPIRED', `This offer has expired. ${KEPT}`);
    if (!visitUnchanged(found))
      throw new AppError(
        'OFFER_TAKEN',
        'Your visit was changed since this offer was sent, so it no longer applies. Your visit is as the latest e-mail says.',
      );
    // The same checks the offer pass made: someone who booked the time by the widget meanwhile wins.
    const fit = await jobFitAt(ctx, trx, freed, visit, now, source);
    if (typeof fit === 'string') throw new AppError('OFFER_TAKEN', `Someone else just took this time. ${KEPT}`);
    const span = calendarSpan(freed.day, freed.start_time, visit.duration_min, business.time_zone);
    const moved = await placeBooking(ctx, trx, business, visit, span, fit.crew, now);
    await tellMoved(ctx, trx, business, visit, moved, now);
    await trx
      .updateTable('visit_offers')
      .set({ status: 'taken', answered_at: now })
      .where('id', '=', offer.id)
      .execute();
    // The visit's other offers (it has moved), then the time's.
    await trx
      .updateTable('visit_offers')
      .set({ status: 'withdrawn', answered_at: now })
      .where('status', '=', 'open')
      .where('booking_id', '=', visit.id)
      .execute();
    await fillFreedTime(trx, freed.id, now);
    const answer = answerOf(ctx, moved, business.time_zone);
    await remember(trx, answer);
    return answer;
  });
  ctx.mail.kick();
  return result;
}

/** The book call's answer for a booking made or moved by an offer. */
export function answerOf(ctx: AppContext, row: BookingRow, timeZone: string): BookResponse {
  return {
    bookingId: row.id,
    status: row.status as BookResponse['status'],
    totalQuote: toDollars(row.total_cents),
    bookingTime: shownTime(row, timeZone),
    calendarEvent: {
      uid: bookingUid(row.id, ctx.config.publicUrl),
      startsAt: new Date(row.start_ms).toISOString(),
      endsAt: new Date(row.end_ms).toISOString(),
    },
  };
}

/** Stores the answer under the request's idempotency key, in the offer's transaction: a retry replays it. */
export type RememberAnswer = (trx: Tx, answer: BookResponse) => Promise<void>;

/** "Thu, Dec 10, 2026 at 10:00 AM": where the visit is now, for the offer's page. */
export function visitNowLabel(visit: BookingRow, business: Parameters<typeof whenWords>[1]): string {
  return whenWords(visit.start_ms, business).replace(/^on /, '');
}
