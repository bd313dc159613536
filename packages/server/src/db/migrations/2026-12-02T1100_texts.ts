/**
 * Text messages and review requests (issue 26; docs/decisions/027).
 * - mail_outbox carries texts too: `channel` ('mail' or 'text'; a text's to_address is an E.164
 *   number, its text_body the message, subject its kind), `business_id` (whose Twilio account
 *   sends it) and `failed_at` (a text Twilio refused for good, or to a number that opted out:
 *   never retried). One outbox, one dispatcher, one claim: a text is sent once across instances.
 * - twilio_accounts: the owner's own Account SID, auth token (sealed, payments/secret-box.ts) and
 *   sender (a number in E.164 or a Messaging Service SID).
 * - text_opt_outs: numbers that replied STOP to a business's number; kept until they reply START.
 * - short_links: /s/{code} on our own origin, standing for a long link (a manage link) in a text.
 * - reviews: one review request per booking (the primary key), its token's hash, the rating and
 *   private comment the customer gave.
 * - bookings and plans: text_consent (the widget's unticked box; a plan's visits booked later carry it)
 * - bookings: completed_at (when a job was completed),
 *   reminder_2h_sent_at (the optional second reminder), review_requested_at.
 * - businesses: the owner's notification choices.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('mail'))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('business_id', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('failed_at', 'bigint').execute();
  for (const column of ['completed_at', 'reminder_2h_sent_at', 'review_requested_at']) {
    await db.schema.alterTable('bookings').addColumn(column, 'bigint').execute();
  }
  await db.schema
    .alterTable('bookings')
    .addColumn('text_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('plans')
    .addColumn('text_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('text_reminder_2h', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('owner_texts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON array of the message kinds whose text the owner switched off.
  await db.schema
    .alterTable('businesses')
    .addColumn('texts_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('businesses').addColumn('review_url', 'text').execute();
  // Hours after completion; null: no review requests.
  await db.schema.alterTable('businesses').addColumn('review_delay_hours', 'integer').execute();
  await db.schema
    .createTable('twilio_accounts')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('account_sid', 'text', (c) => c.notNull())
    .addColumn('auth_token_enc', 'text', (c) => c.notNull())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('twilio_accounts_sid').on('twilio_accounts').column('account_sid').execute();
  await db.schema
    .createTable('text_opt_outs')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('opted_out_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('text_opt_outs_pk', ['business_id', 'phone_number'])
    .execute();
  await db.schema
    .createTable('short_links')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reviews')
    .addColumn('booking_id', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('rating', 'integer')
    .addColumn('comment', 'text')
    .addColumn('rated_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_business').on('reviews').columns(['business_id', 'rated_at']).execute();
  await db.schema
    .createIndex('bookings_review_due')
    .on('bookings')
    .columns(['status', 'review_requested_at'])
    .execute();
}
