/**
 * The rules of the quotes an owner sends (issue 42 item 4; docs/decisions/039): the link's token
 * (derived from the quote's id, only its hash stored, as a manage link's), the state as read at a
 * moment (a sent quote past its last day reads expired; nothing needs to write it), what the owner
 * and the customer see, and the mail and text that carry it (the send and the one follow-up).
 */
import type { OwnerQuote, OwnerQuoteStatus, QuoteChannel } from '@slotwise/shared/api';
import { toDollars } from '@slotwise/shared/money';
import { addDays } from '@slotwise/shared/plans';
import type { QuoteLineCents } from '@slotwise/shared/quote';
import { localToUtcMs, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { ownerQuoteMail } from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { nearbyAskable, OPEN_STATUSES, type OwnerQuoteRow } from '../repositories/owner-quotes.ts';
import { queueTexts } from '../repositories/texts.ts';
import { ownerQuoteText, withOptOutLine } from '../texts/templates.ts';
import { canText, shortLink } from './booking-texts.ts';
import { hashManageToken, linkTokenFor } from './manage-token.ts';

/** The follow-up goes this long before the price lapses... */
export const FOLLOW_UP_LEAD_MS = 2 * 86_400_000;
/** ...and never sooner than this after the quote was sent (a quote valid a day or two gets none). */
export const FOLLOW_UP_AFTER_SEND_MS = 86_400_000;

export const QUOTE_CLOSED = 'This quote was booked, declined, withdrawn or has expired, so it no longer changes.';
const LINK_INVALID = 'This quote link is not known. Please ask the business for a new one.';

export function quoteTokenFor(ctx: AppContext, quoteId: string): string {
  return linkTokenFor(ctx.config.jwtSecret, 'owner-quote-token-v1', quoteId);
}

/** Only the token's sha256 is stored: a copy of the database alone opens no quote. */
export const hashQuoteToken = hashManageToken;

export function quoteLinkUrl(ctx: AppContext, quoteId: string): string {
  return `${ctx.config.publicUrl}/customer/quote?token=${encodeURIComponent(quoteTokenFor(ctx, quoteId))}`;
}

/** The state at `now`: an open quote past its valid-until reads expired. */
export function statusAt(row: Pick<OwnerQuoteRow, 'status' | 'valid_until'>, now: number): OwnerQuoteStatus {
  if (OPEN_STATUSES.includes(row.status) && row.valid_until !== null && row.valid_until <= now) return 'expired';
  return row.status;
}

/** The customer may still book or decline it. */
export function isOpen(row: Pick<OwnerQuoteRow, 'status' | 'valid_until'>, now: number): boolean {
  const status = statusAt(row, now);
  return status === 'sent' || status === 'viewed';
}

export function assertOpen(row: Pick<OwnerQuoteRow, 'status' | 'valid_until'>, now: number): void {
  if (!isOpen(row, now)) throw new AppError('QUOTE_CLOSED', QUOTE_CLOSED);
}

/** The end of the last day the price holds: `days` whole days after the day it is sent, in the business's zone. */
export function validUntilOf(timeZone: string, days: number, now: number): number {
  return localToUtcMs(addDays(todayIn(timeZone, now), days + 1), '00:00', timeZone);
}

/** The last day the price holds, as the business's calendar names it. */
function lastDayOf(validUntil: number, timeZone: string): string {
  return utcMsToLocal(validUntil - 1, timeZone).day;
}

export function linesOf(row: Pick<OwnerQuoteRow, 'lines'>): QuoteLineCents[] {
  return JSON.parse(row.lines) as QuoteLineCents[];
}

export function channelsOf(row: Pick<OwnerQuoteRow, 'channels'>): QuoteChannel[] {
  return JSON.parse(row.channels) as QuoteChannel[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toOwnerQuoteJson(row: OwnerQuoteRow, now: number): OwnerQuote {
  return {
    _id: row.id,
    status: statusAt(row, now),
    clientId: row.client_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone,
    address: row.address,
    serviceId: row.service_id,
    serviceName: row.service_name,
    lines: linesOf(row).map((l) => ({ label: l.label, amount: toDollars(l.amountCents) })),
    totalQuote: toDollars(row.total_cents),
    durationMin: row.duration_min,
    daysValid: row.days_valid,
    validUntil: iso(row.valid_until),
    channels: channelsOf(row),
    textConsent: row.text_consent === 1,
    sentAt: iso(row.sent_at),
    viewedAt: iso(row.viewed_at),
    decidedAt: iso(row.decided_at),
    followUpSentAt: iso(row.follow_up_sent_at),
    nearbyAskedAt: nearbyAskable(row, now) ? iso(row.nearby_consent_at) : null,
    bookingId: row.booking_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Refuses a way the quote cannot go: mail needs an e-mail; a text a phone, the person's consent,
 * and texts turned on for the business (a Twilio account, or the operator's log transport).
 */
export async function assertChannels(
  ctx: AppContext,
  row: OwnerQuoteRow,
  channels: readonly QuoteChannel[],
): Promise<void> {
  if (channels.includes('mail') && !row.email)
    throw new AppError('QUOTE_CHANNEL_UNAVAILABLE', 'This quote has no e-mail to send it to: send it by text.');
  if (!channels.includes('text')) return;
  if (!row.phone)
    throw new AppError('QUOTE_CHANNEL_UNAVAILABLE', 'This quote has no phone number to text: send it by mail.');
  if (row.text_consent !== 1)
    throw new AppError(
      'QUOTE_CHANNEL_UNAVAILABLE',
      'Texts need the person’s consent: make the quote again with “They agreed to texts” ticked, or send it by mail.',
    );
  if (!(await canText(ctx, row.business_id)))
    throw new AppError(
      'QUOTE_CHANNEL_UNAVAILABLE',
      'Texts are not turned on: connect your Twilio account in Settings > Notifications, or send it by mail.',
    );
}

/**
 * Queues the quote's mail and/or text (the send, or the follow-up) in the caller's transaction.
 * A text goes only with the person's consent, to a number that has not opted out.
 */
export async function queueQuoteMessages(
  ctx: AppContext,
  trx: Tx,
  row: OwnerQuoteRow,
  business: Pick<Business, 'name' | 'time_zone'>,
  channels: readonly QuoteChannel[],
  now: number,
  followUp: boolean,
): Promise<number> {
  const validUntil = row.valid_until ?? now;
  const words = {
    businessName: business.name ?? 'Your service provider',
    serviceName: row.service_name,
    totalCents: row.total_cents,
    lastDay: lastDayOf(validUntil, business.time_zone),
  };
  const link = quoteLinkUrl(ctx, row.id);
  let queued = 0;
  if (channels.includes('mail') && row.email) {
    await queueMail(
      trx,
      ownerQuoteMail({ ...words, to: row.email, firstName: row.first_name, lines: linesOf(row), link }, followUp),
      now,
    );
    queued++;
  }
  const texts =
    channels.includes('text') &&
    row.phone !== '' &&
    row.text_consent === 1 &&
    (await canText(ctx, row.business_id, trx)) &&
    !(await ctx.repos.texts.isOptedOut(row.business_id, row.phone, trx));
  if (texts) {
    let body = ownerQuoteText(words, await shortLink(ctx, trx, row.business_id, link, now), followUp);
    if (!(await ctx.repos.texts.textedBefore(trx, row.business_id, row.phone))) body = withOptOutLine(body);
    const kind = followUp ? 'ownerQuoteFollowUp' : 'ownerQuote';
    await queueTexts(trx, [{ businessId: row.business_id, to: row.phone, body, kind, bookingId: null }], now);
    queued++;
  }
  return queued;
}

export function quoteNotFound(): AppError {
  return new AppError('QUOTE_NOT_FOUND', 'This quote is not among your quotes. Reload the list.');
}

export function quoteLinkInvalid(): AppError {
  return new AppError('QUOTE_LINK_INVALID', LINK_INVALID);
}
