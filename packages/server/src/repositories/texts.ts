/**
 * Texts' tables (docs/decisions/027): the owners' Twilio accounts (token sealed), the numbers that
 * opted out of a business's texts, and the short links texts carry. Texts themselves are rows of
 * the outbox (repositories/mail-outbox.ts, channel 'text').
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, TwilioAccountsTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { expiryOf } from '../mail/delivery.ts';

/** 10 characters of base62: about 59 bits, unguessable at any rate our limits allow. */
function shortCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

export interface QueuedText {
  businessId: string;
  to: string;
  body: string;
  /** The message's kind (texts/templates.ts TextKind, or 'test'), kept in the outbox's subject. */
  kind: string;
  bookingId: string | null;
  /** The start of the visit it is about: a reminder text expires then (mail/delivery.ts expiryOf). */
  startsAt?: number;
}

/** Texts in the same outbox, in the transaction of the change that causes them. Answers their ids. */
export async function queueTexts(
  trx: Tx,
  texts: readonly QueuedText[],
  now: number,
  dueAt?: number,
): Promise<string[]> {
  if (texts.length === 0) return [];
  const due = Math.max(now, dueAt ?? now);
  const rows = texts.map((t) => ({
    id: randomUUID(),
    channel: 'text' as const,
    business_id: t.businessId,
    to_address: t.to,
    subject: t.kind,
    kind: t.kind,
    text_body: t.body,
    html_body: '',
    next_attempt_at: due,
    created_at: now,
    booking_id: t.bookingId,
    expires_at: expiryOf(t.kind, due, t.startsAt),
  }));
  await trx.insertInto('mail_outbox').values(rows).execute();
  return rows.map((r) => r.id);
}

export function textsRepository(db: Kysely<Database>) {
  return {
    twilioAccount(businessId: string, trx: Tx | Kysely<Database> = db): Promise<TwilioAccountsTable | undefined> {
      return trx.selectFrom('twilio_accounts').selectAll().where('business_id', '=', businessId).executeTakeFirst();
    },
    twilioAccountBySid(accountSid: string): Promise<TwilioAccountsTable[]> {
      return db.selectFrom('twilio_accounts').selectAll().where('account_sid', '=', accountSid).execute();
    },
    async saveTwilioAccount(row: TwilioAccountsTable): Promise<void> {
      await db.deleteFrom('twilio_accounts').where('business_id', '=', row.business_id).execute();
      await db.insertInto('twilio_accounts').values(row).execute();
    },
    async forgetTwilioAccount(businessId: string): Promise<void> {
      await db.deleteFrom('twilio_accounts').where('business_id', '=', businessId).execute();
    },
    async isOptedOut(businessId: string, phone: string, trx: Tx | Kysely<Database> = db): Promise<boolean> {
      const row = await trx
        .selectFrom('text_opt_outs')
        .select('phone_number')
        .where('business_id', '=', businessId)
        .where('phone_number', '=', phone)
        .executeTakeFirst();
      return row !== undefined;
    },
    async optOut(businessId: string, phone: string, now: number): Promise<void> {
      await db
        .insertInto('text_opt_outs')
        .values({ business_id: businessId, phone_number: phone, opted_out_at: now })
        .onConflict((oc) => oc.columns(['business_id', 'phone_number']).doNothing())
        .execute();
    },
    async optIn(businessId: string, phone: string): Promise<void> {
      await db
        .deleteFrom('text_opt_outs')
        .where('business_id', '=', businessId)
        .where('phone_number', '=', phone)
        .execute();
    },
    /** Whether this business already texted (or queued a text to) this number: the first text carries the STOP line. */
    async textedBefore(trx: Tx, businessId: string, phone: string): Promise<boolean> {
      const row = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('channel', '=', 'text')
        .where('business_id', '=', businessId)
        .where('to_address', '=', phone)
        .where('subject', '!=', 'test')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A short link standing for `target` (a path on our origin); answers its code. */
    async shorten(trx: Tx, businessId: string, target: string, now: number): Promise<string> {
      const code = shortCode();
      await trx.insertInto('short_links').values({ code, business_id: businessId, target, created_at: now }).execute();
      return code;
    },
    async resolveShort(code: string): Promise<string | undefined> {
      const row = await db.selectFrom('short_links').select('target').where('code', '=', code).executeTakeFirst();
      return row?.target;
    },
    /** The texts the outbox holds for a business, newest first (tests and Settings' "last texts"). */
    sentTexts(businessId: string, limit = 20) {
      return db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'text_body', 'sent_at', 'failed_at', 'last_error', 'created_at'])
        .where('channel', '=', 'text')
        .where('business_id', '=', businessId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
