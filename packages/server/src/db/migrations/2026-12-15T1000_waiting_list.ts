/**
 * The waiting list and the offers of freed times (issue 45 item 2; docs/decisions/056).
 * - waitlist_entries: a customer waiting for a full day: the quote they had (service, answers,
 *   address and where it is, length and price as quoted), who they are, how to reach them, and the
 *   hash of the token of their link to leave the list. One entry per e-mail per business per day.
 * - freed_times: a time a booking gave up (cancelled, declined, expired, moved), queued in the
 *   transaction that freed it, while someone waits for that day; the offer pass reads the queued
 *   once due (due_at: after an undo window, when the change has one).
 * - waitlist_offers: one freed time offered to one waiting customer, by the hash of the token in
 *   the offer's link; the first accepted wins, the others are withdrawn.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('customer_address', 'text', (c) => c.notNull())
    .addColumn('customer_lat', 'double precision')
    .addColumn('customer_lng', 'double precision')
    .addColumn('duration_min', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('text_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('waitlist_entries_one_a_day', ['business_id', 'day', 'customer_email'])
    .execute();
  await db.schema
    .createTable('freed_times')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('crew_id', 'text')
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('offered_at', 'bigint')
    .execute();
  await db.schema.createIndex('freed_times_queued').on('freed_times').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('freed_times_day').on('freed_times').columns(['business_id', 'day']).execute();
  await db.schema
    .createTable('waitlist_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('freed_id', 'text', (c) => c.notNull().references('freed_times.id').onDelete('cascade'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('waitlist_entries.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('extra_drive_min', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema.createIndex('waitlist_offers_freed').on('waitlist_offers').column('freed_id').execute();
  await db.schema.createIndex('waitlist_offers_entry').on('waitlist_offers').column('entry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist_offers').ifExists().execute();
  await db.schema.dropTable('freed_times').ifExists().execute();
  await db.schema.dropTable('waitlist_entries').ifExists().execute();
}
