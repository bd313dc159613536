/**
 * Which texts go with a booking's mails, and to whom (docs/decisions/027). A mail that has a text
 * (MailMessage.textAs, mail/templates.ts) gets it queued in the same transaction, in the same
 * outbox:
 * - to the customer only when they ticked "Text me updates about this booking", their number has
 *   not replied STOP to this business, and the owner has not switched that message's text off;
 * - to the owner ("New booking to approve") when they asked for notices by text;
 * - only when the business can text: its own Twilio account is connected, or texts go to files
 *   (TEXTS=log, development).
 * The first text to a number carries "Reply STOP to opt out."; links are short (/s/{code}).
 */

import { TEXT_KINDS, type TextKind } from '@slotwise/shared/api';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import type { MailMessage } from '../mail/templates.ts';
import { secretBox } from '../payments/secret-box.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { type QueuedText, queueTexts, type textsRepository } from '../repositories/texts.ts';
import { type TextBooking, textFor, withOptOutLine } from '../texts/templates.ts';
import type { TwilioCredentials } from '../texts/twilio.ts';
import { bookingPageUrl } from './booking-page.ts';
import { linksFor } from './manage-token.ts';

/** The kinds whose text the owner switched off (businesses.texts_off). */
export function textsOff(business: Pick<Business, 'texts_off'>): Set<TextKind> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(business.texts_off);
  } catch {
    parsed = [];
  }
  return new Set(
    Array.isArray(parsed) ? parsed.filter((k): k is TextKind => (TEXT_KINDS as readonly unknown[]).includes(k)) : [],
  );
}

export function twilioBox(config: Pick<Config, 'encryptionKey'>) {
  return config.encryptionKey ? secretBox(config.encryptionKey, 'twilio-tokens-v1') : undefined;
}

/** A business's Twilio account, its token opened; undefined when none is connected (or it cannot be opened). */
export async function twilioCredentialsOf(
  repo: ReturnType<typeof textsRepository>,
  config: Pick<Config, 'encryptionKey'>,
  businessId: string,
): Promise<TwilioCredentials | undefined> {
  const box = twilioBox(config);
  const row = await repo.twilioAccount(businessId);
  if (!box || !row) return undefined;
  return { accountSid: row.account_sid, authToken: box.open(row.auth_token_enc, businessId), sender: row.sender };
}

/** Whether this business's texts can go anywhere at all. */
export async function canText(ctx: AppContext, businessId: string, trx?: Tx): Promise<boolean> {
  if (ctx.config.texts === 'log') return true;
  return (await ctx.repos.texts.twilioAccount(businessId, trx)) !== undefined;
}

export function textBookingOf(
  row: { service_name: string; day: string; start_time: string; total_cents: number },
  business: Pick<Business, 'name' | 'time_format'>,
): TextBooking {
  return {
    businessName: business.name ?? 'Your service provider',
    serviceName: row.service_name,
    day: row.day,
    startTime: row.start_time,
    timeFormat: business.time_format,
    totalCents: row.total_cents,
  };
}

/** A short link on our own origin standing for `url` (one of ours): "https://book.example.com/s/Ab3dE6gH9k". */
export async function shortLink(
  ctx: AppContext,
  trx: Tx,
  businessId: string,
  url: string,
  now: number,
): Promise<string> {
  const target = url.startsWith(ctx.config.publicUrl) ? url.slice(ctx.config.publicUrl.length) : url;
  const code = await ctx.repos.texts.shorten(trx, businessId, target, now);
  return `${ctx.config.publicUrl}/s/${code}`;
}

/**
 * Whether this booking's customer may be texted at all (the one place for it): they agreed to
 * texts, their number did not reply STOP to this business, and the business can text. The owner's
 * per-message switches (textsOff) are the caller's.
 */
export async function mayTextCustomer(
  ctx: AppContext,
  trx: Tx,
  booking: { business_id: string; phone_number: string; text_consent: number },
): Promise<boolean> {
  if (!booking.text_consent || !booking.phone_number) return false;
  if (!(await canText(ctx, booking.business_id, trx))) return false;
  return !(await ctx.repos.texts.isOptedOut(booking.business_id, booking.phone_number, trx));
}

/** A customer text's words, with "Reply STOP to opt out." when it is the business's first to that number. */
export async function withFirstTextLine(
  ctx: AppContext,
  trx: Tx,
  businessId: string,
  to: string,
  body: string,
): Promise<string> {
  return (await ctx.repos.texts.textedBefore(trx, businessId, to)) ? body : withOptOutLine(body);
}

/**
 * One text to a customer who agreed to texts, its first-text line added; undefined when none may
 * go (no consent, opted out, switched off, no way to text, an erased customer).
 */
export async function customerText(
  ctx: AppContext,
  trx: Tx,
  kind: TextKind,
  booking: {
    id: string;
    business_id: string;
    phone_number: string;
    text_consent: number;
    start_ms?: number;
  } & Parameters<typeof textBookingOf>[0],
  business: Pick<Business, 'name' | 'time_format' | 'texts_off'>,
  now: number,
  /** The link the text carries; the booking's manage page (shortened) when not given. */
  link?: () => Promise<string>,
): Promise<QueuedText | undefined> {
  const to = booking.phone_number;
  if (textsOff(business).has(kind) || !(await mayTextCustomer(ctx, trx, booking))) return undefined;
  const url = link
    ? await link()
    : await shortLink(ctx, trx, booking.business_id, linksFor(ctx, booking.id, booking.business_id).reschedule, now);
  const body = await withFirstTextLine(
    ctx,
    trx,
    booking.business_id,
    to,
    textFor(kind, textBookingOf(booking, business), url),
  );
  return {
    businessId: booking.business_id,
    to,
    body,
    kind,
    bookingId: booking.id,
    ...(booking.start_ms === undefined ? {} : { startsAt: booking.start_ms }),
  };
}

/** The owner's number, when they asked for notices by text. */
async function ownerTextNumber(trx: Tx | Kysely<Database>, business: Pick<Business, 'owner_id' | 'owner_texts'>) {
  if (!business.owner_texts) return undefined;
  const row = await trx
    .selectFrom('users')
    .select('phone_number')
    .where('id', '=', business.owner_id)
    .executeTakeFirst();
  return row?.phone_number || undefined;
}

/** The texts that go with these mails (MailMessage.textAs), composed from their booking. */
async function textsForMails(
  ctx: AppContext,
  trx: Tx,
  messages: readonly MailMessage[],
  now: number,
): Promise<QueuedText[]> {
  const texts: QueuedText[] = [];
  // A booking's customer mail and the owner's notice share one booking: read it (and its business) once.
  const read = new Map<string, Promise<[BookingRow | undefined, Business | undefined]>>();
  const load = (id: string) => {
    let found = read.get(id);
    if (!found) {
      found = ctx.repos.bookings
        .byId(id, trx)
        .then(async (b) => [b, b ? await ctx.repos.businesses.findById(b.business_id, trx) : undefined]);
      read.set(id, found);
    }
    return found;
  };
  for (const message of messages) {
    if (!message.textAs || !message.bookingId) continue;
    const [booking, business] = await load(message.bookingId);
    if (!booking || !business) continue;
    // Nobody here takes texts: no more reads.
    if (!booking.text_consent && !business.owner_texts) continue;
    // The owner's notices: a new booking, a request still waiting (docs/decisions/051).
    if (message.textAs === 'ownerNew' || message.textAs === 'ownerNudge') {
      const kind = message.textAs;
      const to = await ownerTextNumber(trx, business);
      if (!to || textsOff(business).has(kind) || !(await canText(ctx, business.id, trx))) continue;
      const link = await shortLink(ctx, trx, business.id, `${ctx.config.publicUrl}/dashboard/bookings`, now);
      texts.push({
        businessId: business.id,
        to,
        body: textFor(kind, { ...textBookingOf(booking, business), confirmed: booking.status === 'approved' }, link),
        kind,
        bookingId: booking.id,
        startsAt: booking.start_ms,
      });
      continue;
    }
    // An expired request's text links to the booking page, to book again (its manage link no longer works).
    const page = bookingPageUrl(ctx.config.publicUrl, business.slug) ?? `${ctx.config.publicUrl}/`;
    const link = message.textAs === 'expired' ? () => shortLink(ctx, trx, business.id, page, now) : undefined;
    const text = await customerText(ctx, trx, message.textAs, booking, business, now, link);
    if (text) texts.push(text);
  }
  return texts;
}

/** Queues the texts of these mails, held like them until `dueAt` (an undo's window). Answers their ids. */
export async function queueTextsForMails(
  ctx: AppContext,
  trx: Tx,
  messages: readonly MailMessage[],
  now: number,
  dueAt?: number,
): Promise<string[]> {
  return queueTexts(trx, await textsForMails(ctx, trx, messages, now), now, dueAt);
}
