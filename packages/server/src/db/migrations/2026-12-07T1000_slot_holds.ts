/**
 * Slot holds (docs/decisions/035): a time a customer chose, kept from other customers for a few
 * minutes while they type their details. One row per live hold, keyed by the hash of the hold's
 * token (the token itself is never stored), so a token holds one time at most. A hold past
 * held_until is ignored on read and deleted by the next hold of its business.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('slot_holds')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    // The crew the held time is kept on: other crews may still take the time.
    .addColumn('crew_id', 'text')
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('held_until', 'bigint', (c) => c.notNull())
    // Who holds it, as a booking's requester (domain/booking-window.ts requesterOf): for the live cap.
    .addColumn('requester', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('slot_holds_business_start')
    .on('slot_holds')
    .columns(['business_id', 'start_ms'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('slot_holds').ifExists().execute();
}
