/**
 * The mail outbox table (docs/decisions/004): messages are queued in the transaction of
 * the change that caused them, then claimed, sent and marked by the dispatcher
 * (mail/outbox.ts). A claim is one conditional update, so several instances never send
 * one message twice.
 */
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { insertRows } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { expiryOf } from '../mail/delivery.ts';
import type { MailMessage } from '../mail/templates.ts';

export interface QueueOptions {
  /**
   * When the mail becomes due; `now` when not given. Later than now, the mail is held: the
   * dispatcher leaves it until then, and an undo may delete it meanwhile (domain/undo-window.ts).
   */
  dueAt?: number;
}

export function queueMail(trx: Tx, message: MailMessage, now: number, options: QueueOptions = {}): Promise<string[]> {
  return queueMails(trx, [message], now, options);
}

/** Several messages in one statement (a booking mails the customer and the owner). Answers their ids. */
export async function queueMails(
  trx: Tx,
  messages: readonly MailMessage[],
  now: number,
  options: QueueOptions = {},
): Promise<string[]> {
  const dueAt = Math.max(now, options.dueAt ?? now);
  // A customer the owner entered with a phone only (domain/owner-booking.ts) has no e-mail: their
  // mails are never queued (their texts still go, from the booking's phone).
  const rows = messages
    .filter((m) => m.to !== '')
    .map((message) => ({
      id: randomUUID(),
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      next_attempt_at: dueAt,
      claimed_until: null,
      sent_at: null,
      last_error: null,
      created_at: now,
      booking_id: message.bookingId ?? null,
      calendar_body: message.calendar ?? null,
      kind: message.kind ?? null,
      // Worth sending until then (docs/decisions/032): a reminder until its visit starts, most mail a day.
      expires_at: expiryOf(message.kind ?? null, dueAt, message.startsAt),
    }));
  if (rows.length > 0) await insertRows(trx, 'mail_outbox', rows);
  return rows.map((r) => r.id);
}

/**
 * Mail held for an undo is mail never tried (no attempt, so no failure's backoff) and due
 * later than now: only queueMails with a later dueAt writes such a row.
 */
const held = (now: number) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
  eb.and([eb('sent_at', 'is', null), eb('attempts', '=', 0), eb('next_attempt_at', '>', now)]);

/**
 * Makes the mail held about a booking due now. Called when the booking changes again: the
 * earlier change can no longer be undone (its undo refuses a booking changed since), so
 * holding its mail would only deliver it after the mail of this later change, out of order.
 */
export async function releaseHeldMail(trx: Tx, bookingId: string, now: number): Promise<void> {
  await trx
    .updateTable('mail_outbox')
    .set({ next_attempt_at: now })
    .where('booking_id', '=', bookingId)
    .where(held(now))
    .execute();
}

/**
 * Deletes the held mail an undo takes back, only if no dispatcher has claimed or tried any of
 * it (a claim or an attempt may have sent it). Answers how many it deleted: fewer than
 * `ids.length` means the caller must refuse and roll back (domain/undo-window.ts).
 */
export async function deleteUnsentMail(trx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx
    .deleteFrom('mail_outbox')
    .where('id', 'in', ids)
    .where('sent_at', 'is', null)
    .where('claimed_until', 'is', null)
    .where('attempts', '=', 0)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * A business's messages given up since `since` (docs/decisions/032), newest first, with the booking
 * each is about: the owner's list (Settings > Notifications) and the booking card's notice. Only
 * messages about a booking: account mails name no business. Found by the partial index of failed
 * rows, which stays small: a message sent again leaves it.
 */
export function undeliveredMessages(db: Kysely<Database>, businessId: string, since: number, limit = 200) {
  return (
    db
      .selectFrom('mail_outbox as m')
      .innerJoin('bookings as b', 'b.id', 'm.booking_id')
      .select([
        'm.id',
        'm.booking_id',
        'm.channel',
        'm.kind',
        'm.to_address',
        'm.last_error',
        'm.failed_at',
        'm.created_at',
        'b.first_name',
        'b.last_name',
        'b.service_name',
        'b.day',
        'b.start_time',
        'b.start_ms',
        'b.status',
      ])
      .where('m.failed_at', 'is not', null)
      .where('m.failed_at', '>=', since)
      // A push given up tells the owner nothing to do (their own device); only mail and texts are listed.
      .where('m.channel', '!=', 'push')
      .where('m.sent_at', 'is', null)
      .where('b.business_id', '=', businessId)
      .orderBy('m.failed_at', 'desc')
      .limit(limit)
      .$narrowType<{ channel: 'mail' | 'text' }>()
      .execute()
  );
}

/**
 * Every message queued about these bookings, newest first: a later one to the same address
 * replaces what an undelivered one said (mail/delivery.ts replacedBy).
 */
export function messagesAbout(db: Tx | Kysely<Database>, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'booking_id', 'to_address', 'kind', 'channel', 'created_at'])
    .where('booking_id', 'in', bookingIds)
    .where('channel', '!=', 'push')
    .orderBy('created_at', 'desc')
    .$narrowType<{ channel: 'mail' | 'text' }>()
    .execute();
}

/** One of a business's undelivered messages and its booking's state, for Send again; undefined when none. */
export function undeliveredMessage(trx: Tx, businessId: string, id: string) {
  return trx
    .selectFrom('mail_outbox as m')
    .innerJoin('bookings as b', 'b.id', 'm.booking_id')
    .select(['m.id', 'm.booking_id', 'm.channel', 'm.kind', 'm.to_address', 'm.created_at', 'b.start_ms', 'b.status'])
    .where('m.id', '=', id)
    .where('m.channel', '!=', 'push')
    .where('m.failed_at', 'is not', null)
    .where('m.sent_at', 'is', null)
    .where('b.business_id', '=', businessId)
    .$narrowType<{ channel: 'mail' | 'text' }>()
    .executeTakeFirst();
}

/**
 * Sends a given-up message again: a fresh attempt on the same row, due now, its attempts from zero
 * and a new expiry. Conditional on it still being given up, so two Send again make one message,
 * and the dispatcher's claim keeps it to one instance (docs/decisions/004). True when it did.
 */
export async function requeueFailed(trx: Tx, id: string, now: number, expiresAt: number): Promise<boolean> {
  const r = await trx
    .updateTable('mail_outbox')
    .set({
      failed_at: null,
      attempts: 0,
      claimed_until: null,
      next_attempt_at: now,
      last_error: null,
      resent_at: now,
      expires_at: expiresAt,
    })
    .where('id', '=', id)
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function mailOutboxRepository(db: Kysely<Database>) {
  /** Held by no instance: never claimed, or its claim has run out. */
  const claimable = (now: number) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  return {
    /** Up to `limit` unsent messages of a channel due by `now` that no instance holds, oldest first. */
    due(now: number, limit: number, channel: 'mail' | 'text' | 'push') {
      return db
        .selectFrom('mail_outbox')
        .select(['id', 'next_attempt_at'])
        .where('channel', '=', channel)
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where(claimable(now))
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
    /** Claims those of `ids` still unclaimed until `until`; RETURNING says which rows this instance won. */
    claim(ids: string[], now: number, until: number) {
      return db
        .updateTable('mail_outbox')
        .set({ claimed_until: until })
        .where('id', 'in', ids)
        .where('sent_at', 'is', null)
        .where(claimable(now))
        .returningAll()
        .execute();
    },
    async retryLater(id: string, attempts: number, nextAttemptAt: number, lastError: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ attempts, next_attempt_at: nextAttemptAt, claimed_until: null, last_error: lastError })
        .where('id', '=', id)
        .execute();
    },
    /**
     * A message that can never go or is no longer worth sending (texts/transport.ts givesUp, past its
     * expiry or its last attempt, mail/delivery.ts): kept with its reason, never tried again unless
     * the owner sends it again (resend).
     */
    async giveUp(id: string, now: number, lastError: string, attempts: number): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ failed_at: now, claimed_until: null, last_error: lastError, attempts })
        .where('id', '=', id)
        .execute();
    },
    /**
     * When the oldest message of each channel still waiting to go was queued (for /metrics: a relay
     * that is down shows as an age that grows). One read per channel down the unsent index.
     */
    async oldestUnsent(): Promise<{ channel: 'mail' | 'text' | 'push'; createdAt: number | null }[]> {
      return Promise.all(
        (['mail', 'text', 'push'] as const).map(async (channel) => {
          const row = await db
            .selectFrom('mail_outbox')
            .select('created_at')
            .where('channel', '=', channel)
            .where('sent_at', 'is', null)
            .where('failed_at', 'is', null)
            .orderBy('created_at')
            .limit(1)
            .executeTakeFirst();
          return { channel, createdAt: row ? Number(row.created_at) : null };
        }),
      );
    },
    /** How many messages are queued and not yet sent (the outbox's backlog, for /metrics). */
    async countUnsent(): Promise<number> {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async markSent(ids: string[], now: number): Promise<void> {
      await db.updateTable('mail_outbox').set({ sent_at: now, claimed_until: null }).where('id', 'in', ids).execute();
    },
  };
}
