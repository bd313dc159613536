/**
 * Quotes an owner sends (issue 42 item 4; docs/decisions/039). One row per quote, with a snapshot
 * of the contact it went to and its lines, which never change once made (a new quote replaces it).
 * The link's token is never stored: it is derived from the quote's id (domain/owner-quote-token.ts)
 * and only its hash is kept, as a booking's manage token. `expired` is never stored: a sent quote
 * past valid_until reads expired.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('owner_quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    // The client the quote was made for (clients foundation); null before the client is known.
    .addColumn('client_id', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('text_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('duration_min', 'integer', (c) => c.notNull())
    .addColumn('miles', 'double precision')
    // The engine's answers as a booking keeps them (JSON), or null.
    .addColumn('answers', 'text')
    // [{label, amountCents}], priced and hand-written lines together.
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('days_valid', 'integer', (c) => c.notNull())
    .addColumn('valid_until', 'bigint')
    // draft | sent | viewed | booked | declined | withdrawn
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // JSON array of 'mail' | 'text', the ways it was sent.
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sent_at', 'bigint')
    .addColumn('viewed_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('booking_id', 'text')
    .addColumn('follow_up_sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('owner_quotes_business_created')
    .on('owner_quotes')
    .columns(['business_id', 'created_at'])
    .execute();
  // The follow-up job's read: open quotes by when they lapse.
  await db.schema
    .createIndex('owner_quotes_status_valid')
    .on('owner_quotes')
    .columns(['status', 'valid_until'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('owner_quotes').ifExists().execute();
}
