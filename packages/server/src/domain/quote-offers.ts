/**
 * The waiting list's third tier (issue 45 item 2; docs/decisions/059): a freed time that no waiting
 * customer and no plan customer fits is offered to recent quotes nearby that never booked, and only
 * those whose customer ticked "Tell me if a time opens near me" on the quote's page.
 *
 * - The consent: unticked until the customer ticks it; stored with its words and when; withdrawn by
 *   unticking it on the quote's page (the offer mail links there), which also withdraws the offers
 *   that stand; it lapses by itself NEARBY_CONSENT_DAYS after the quote was sent
 *   (repositories/owner-quotes.ts nearbyAskable, nearbyConsented).
 * - The offer: only where the quote's job fits the time as a booking would (domain/waitlist.ts
 *   jobFitAt) and adds at most NEARBY_DRIVE_MAX_MIN of driving to that crew's day ("nearby"), least
 *   driving first, a batch at a time; a quote is offered at most QUOTE_OFFERS_MAX times, never while
 *   one of its offers stands, and not once its customer has a booking ahead. By e-mail only: the
 *   customer agreed to texts about the quote, not to offers.
 * - Accepting is the book call with the offer's token (routes/customer/book.ts), as the other
 *   tiers': under the lock the offer is read again, the fit checked again, and the quote booked at
 *   that time at its quoted price (domain/owner-quote-booking.ts), even when its days valid are
 *   over: the offer is the business's new word on that price, until the offer lapses.
 */
import { randomUUID } from 'node:crypto';
import type { BookResponse, QuoteLinkView } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { ACTIVE_STATUSES } from '@slotwise/shared/domain';
import { addDays } from '@slotwise/shared/plans';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import { isOverlapViolation } from '../db/errors.ts';
import type { FreedTimesTable, QuoteOffersTable } from '../db/schema.ts';
import { type Tx, withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { quoteOfferMail } from '../mail/templates.ts';
import { queueMails } from '../repositories/mail-outbox.ts';
import {
  NEARBY_CONSENT_DAYS,
  nearbyAskable,
  nearbyConsented,
  type OwnerQuoteRow,
} from '../repositories/owner-quotes.ts';
import { type GridSource, readGridSource } from './grid-source.ts';
import { bookQuoteAt } from './owner-quote-booking.ts';
import { quoteLinkUrl } from './owner-quotes.ts';
import { calendarSpan, SLOT_TAKEN } from './slot-rules.ts';
import { answerOf, type RememberAnswer } from './visit-offers.ts';
import {
  assertAskedAsOffered,
  fillFreedTime,
  hashLinkToken,
  jobFitAt,
  newLinkToken,
  OFFER_BATCH,
  type OfferAsked,
  offerState,
  offerUrl,
  whenWords,
} from './waitlist.ts';

/** "Nearby": the most driving a quote's job may add to the crew's day at the freed time. */
const NEARBY_DRIVE_MAX_MIN = 15;
/** A quote is offered a time at most this often in all: a lead who let three pass wants no more. */
const QUOTE_OFFERS_MAX = 3;

/** The box's words, stored with the consent when ticked. */
export const NEARBY_WORDING = `Tell me by e-mail if a time opens near me in the next ${NEARBY_CONSENT_DAYS} days, at this price. I can untick this here at any time.`;

/** The quote page's box: null where it cannot be asked (nearbyAskable). */
export function nearbyOf(row: OwnerQuoteRow, now: number, timeZone: string): QuoteLinkView['nearby'] {
  if (!nearbyAskable(row, now) || row.sent_at === null) return null;
  const lastDay = addDays(utcMsToLocal(row.sent_at, timeZone).day, NEARBY_CONSENT_DAYS);
  return { asked: row.nearby_consent_at !== null, wording: NEARBY_WORDING, lastDay };
}

/**
 * Ticks or unticks the box: the consent stored with its words and when, or cleared, and then the
 * quote's offers that stand withdrawn. Answers what the page says.
 */
export async function setNearby(ctx: AppContext, row: OwnerQuoteRow, nearby: boolean, now: number): Promise<string> {
  if (row.status === 'booked' || row.status === 'withdrawn')
    throw new AppError('QUOTE_CLOSED', 'This quote was booked or withdrawn, so it no longer changes.');
  if (!nearby) {
    // Under the lock, as the offer pass: no offer goes out after the box is unticked.
    await withBusinessLock(ctx.store, row.business_id, async (trx) => {
      await trx
        .updateTable('owner_quotes')
        .set({ nearby_consent_at: null, nearby_consent_text: null, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await trx
        .updateTable('quote_offers')
        .set({ status: 'withdrawn', answered_at: now })
        .where('quote_id', '=', row.id)
        .where('status', '=', 'open')
        .execute();
    });
    return 'Done: you will get no e-mails about times nearby.';
  }
  if (!nearbyAskable(row, now))
    throw new AppError(
      'NEARBY_UNAVAILABLE',
      row.email === '' || row.lat === null || row.lng === null
        ? 'We cannot tell you of times nearby for this quote: it has no e-mail or its address is not on the map. Please contact the business.'
        : `Times nearby are offered for ${NEARBY_CONSENT_DAYS} days after a quote is sent, and those days are over. Please ask the business for a new quote.`,
    );
  // A second tick keeps the first one's time and words: the consent as it was first given.
  await ctx.db
    .updateTable('owner_quotes')
    .set({ nearby_consent_at: now, nearby_consent_text: NEARBY_WORDING, updated_at: now })
    .where('id', '=', row.id)
    .where('nearby_consent_at', 'is', null)
    .execute();
  return 'Done: we will e-mail you if a time opens near you.';
}

/** A quote's job that fits the freed time nearby, and the driving it adds there. */
interface QuoteFit {
  quote: OwnerQuoteRow;
  extraDriveMin: number;
}

/**
 * The third tier, under the lock: the freed time offered to the next batch of recent quotes nearby
 * whose customers asked to hear of one (see the top of this file). Answers how many offers went.
 */
export async function offerToQuotes(
  ctx: AppContext,
  trx: Tx,
  freed: FreedTimesTable,
  source: GridSource,
  expiresAt: number,
  now: number,
): Promise<number> {
  const { business } = source;
  const consented = await nearbyConsented(trx, business.id, now).execute();
  if (consented.length === 0) return 0;
  const ids = consented.map((q) => q.id);
  const [offers, booked] = await Promise.all([
    trx
      .selectFrom('quote_offers')
      .select(['quote_id', 'freed_id', 'status', 'expires_at'])
      .where('quote_id', 'in', ids)
      .execute(),
    // Who has a booking ahead with the business (the widget, a phone call) wants no offer.
    trx
      .selectFrom('bookings')
      .select('customer_email')
      .where('business_id', '=', business.id)
      .where('status', 'in', ACTIVE_STATUSES)
      .where('start_ms', '>', now)
      .where(
        'customer_email',
        'in',
        consented.map((q) => q.email),
      )
      .execute(),
  ]);
  const bookedEmails = new Set(booked.map((b) => b.customer_email.toLowerCase()));
  const fits: QuoteFit[] = [];
  for (const quote of consented) {
    const mine = offers.filter((o) => o.quote_id === quote.id);
    if (
      bookedEmails.has(quote.email.toLowerCase()) ||
      mine.length >= QUOTE_OFFERS_MAX ||
      mine.some((o) => o.freed_id === freed.id || offerState(o, now) === 'open')
    )
      continue;
    const fit = await jobFitAt(
      ctx,
      trx,
      freed,
      {
        service_id: quote.service_id,
        duration_min: quote.duration_min,
        customer_lat: quote.lat,
        customer_lng: quote.lng,
      },
      now,
      source,
    );
    if (typeof fit !== 'string' && fit.extraDriveMin <= NEARBY_DRIVE_MAX_MIN)
      fits.push({ quote, extraDriveMin: fit.extraDriveMin });
  }
  // Least driving first, then the quote sent last (the lead warmest).
  const chosen = fits
    .sort((a, b) => a.extraDriveMin - b.extraDriveMin || (b.quote.sent_at ?? 0) - (a.quote.sent_at ?? 0))
    .slice(0, OFFER_BATCH);
  const when = whenWords(freed.start_ms, business);
  const until = formatClock(utcMsToLocal(expiresAt, business.time_zone).time, business.time_format);
  const businessName = business.name ?? 'Your service provider';
  for (const { quote, extraDriveMin } of chosen) {
    const { token, hash } = newLinkToken();
    await trx
      .insertInto('quote_offers')
      .values({
        id: randomUUID(),
        freed_id: freed.id,
        quote_id: quote.id,
        business_id: business.id,
        token_hash: hash,
        extra_drive_min: extraDriveMin,
        status: 'open',
        expires_at: expiresAt,
        created_at: now,
        answered_at: null,
      })
      .execute();
    await queueMails(
      trx,
      [
        quoteOfferMail(quote.email, {
          firstName: quote.first_name,
          businessName,
          serviceName: quote.service_name,
          when,
          totalCents: quote.total_cents,
          until,
          link: offerUrl(ctx.config.publicUrl, token),
          quoteLink: quoteLinkUrl(ctx, quote.id),
          expiresAt,
        }),
      ],
      now,
    );
  }
  return chosen.length;
}

/** An offer to a quote, with its quote and its freed time. */
export interface QuoteOfferFound {
  offer: QuoteOffersTable;
  quote: OwnerQuoteRow;
  freed: FreedTimesTable;
}

/** The quote offer of a link's token, or undefined (the token may be another tier's offer). */
export async function quoteOfferByToken(
  ctx: AppContext,
  token: string,
  from?: Tx,
): Promise<QuoteOfferFound | undefined> {
  const db = from ?? ctx.db;
  const offer = await db
    .selectFrom('quote_offers')
    .selectAll()
    .where('token_hash', '=', hashLinkToken(token))
    .executeTakeFirst();
  if (!offer) return undefined;
  const [quote, freed] = await Promise.all([
    db.selectFrom('owner_quotes').selectAll().where('id', '=', offer.quote_id).executeTakeFirst(),
    db.selectFrom('freed_times').selectAll().where('id', '=', offer.freed_id).executeTakeFirst(),
  ]);
  return quote && freed ? { offer, quote, freed } : undefined;
}

/** The offer's state for its page: open only while the time and the quote are still to be had. */
export function quoteOfferState(found: QuoteOfferFound, now: number) {
  const state = offerState(found.offer, now);
  const gone = found.freed.status === 'filled' || found.quote.status === 'booked' || found.quote.status === 'withdrawn';
  return state === 'open' && gone ? 'withdrawn' : state;
}

const TAKEN = 'Someone else just took this time. We will e-mail you if another time opens near you.';

/**
 * The book call with the token of an offer to a quote (routes/customer/book.ts), before it prices
 * anything: undefined when the token is not such an offer. Else accepts it under the lock: the
 * offer read again (open, the time not taken, the quote not booked or withdrawn), the job's fit
 * checked again as the offer pass checked it, the quote booked there at its price, the offer taken
 * and the time filled (its other offers withdrawn).
 */
export async function bookQuoteOffer(
  ctx: AppContext,
  token: string,
  asked: OfferAsked & { phoneNumber: string },
  requester: string,
  remember: RememberAnswer,
): Promise<BookResponse | undefined> {
  const first = await quoteOfferByToken(ctx, token);
  if (!first) return undefined;
  assertAskedAsOffered(asked, { businessId: first.offer.business_id, freed: first.freed, email: first.quote.email });
  // Read before the lock, as a booking reads it (SQLite has one connection, the lock's).
  const source = await readGridSource(ctx, first.offer.business_id);
  if (!source) throw new AppError('WAITLIST_NOT_FOUND', 'This offer link is not known. Check the link in your e-mail.');
  const { business } = source;
  let answer: BookResponse;
  try {
    answer = await withBusinessLock(ctx.store, business.id, async (trx) => {
      const now = ctx.now();
      const found = await quoteOfferByToken(ctx, token, trx);
      if (!found)
        throw new AppError('WAITLIST_NOT_FOUND', 'This offer link is not known. Check the link in your e-mail.');
      const { offer, quote, freed } = found;
      const state = offerState(offer, now);
      if (state === 'taken')
        throw new AppError('OFFER_TAKEN', 'You already booked this time: the confirmation is in your e-mail.');
      if (quote.status === 'booked')
        throw new AppError('OFFER_TAKEN', 'This quote is already booked: the confirmation is in your e-mail.');
      if (state === 'withdrawn' || freed.status === 'filled' || quote.status === 'withdrawn')
        throw new AppError('OFFER_TAKEN', TAKEN);
      if (state === 'expired')
        throw new AppError(
          'OFFER_EXPIRED',
          'This offer has expired. We will e-mail you if another time opens near you.',
        );
      // The same checks the offer pass made: someone who booked the time meanwhile wins.
      const fit = await jobFitAt(
        ctx,
        trx,
        freed,
        {
          service_id: quote.service_id,
          duration_min: quote.duration_min,
          customer_lat: quote.lat,
          customer_lng: quote.lng,
        },
        now,
        source,
      );
      if (typeof fit === 'string') throw new AppError('OFFER_TAKEN', TAKEN);
      const span = calendarSpan(freed.day, freed.start_time, quote.duration_min, business.time_zone);
      const row = await bookQuoteAt(
        ctx,
        trx,
        business,
        // A quote made without a phone: the one the customer typed on the offer's page.
        { ...quote, phone: quote.phone || asked.phoneNumber },
        { span, crewId: fit.crew.id, requester, from: ['sent', 'viewed', 'declined'] },
        now,
      );
      await trx
        .updateTable('quote_offers')
        .set({ status: 'taken', answered_at: now })
        .where('id', '=', offer.id)
        .execute();
      // The quote's other offers (it is booked), then the time's.
      await trx
        .updateTable('quote_offers')
        .set({ status: 'withdrawn', answered_at: now })
        .where('status', '=', 'open')
        .where('quote_id', '=', quote.id)
        .execute();
      await fillFreedTime(trx, freed.id, now);
      const booked = answerOf(ctx, row, business.time_zone);
      await remember(trx, booked);
      return booked;
    });
  } catch (err) {
    if (isOverlapViolation(err)) throw new AppError('SLOT_TAKEN', SLOT_TAKEN);
    throw err;
  }
  ctx.metrics.bookingsCreated.inc();
  ctx.mail.kick();
  return answer;
}
