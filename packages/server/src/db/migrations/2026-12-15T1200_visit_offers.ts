/**
 * The waiting list's second tier (issue 45 item 2; docs/decisions/056): visit_offers, a freed time
 * offered to a plan customer nearby whose next visit is due soon, to move that visit up. One row
 * per freed time per visit (booking_id, the visit as it was offered: its version), by the hash of
 * the token of the offer's link; accepting moves the visit, never books a second one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visit_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('freed_id', 'text', (c) => c.notNull().references('freed_times.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('booking_version', 'integer', (c) => c.notNull())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('extra_drive_min', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addUniqueConstraint('visit_offers_once', ['freed_id', 'booking_id'])
    .execute();
  await db.schema.createIndex('visit_offers_booking').on('visit_offers').column('booking_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visit_offers').ifExists().execute();
}
