/**
 * How far ahead and how soon customers may book (issue 20, item 6): a booking horizon
 * in days and a minimum notice in minutes per business, with the defaults an owner
 * gets until they change them in Settings (90 days, 2 hours); and who asked for a
 * booking (a keyed hash of the client's address, never the address), so that one
 * client cannot hold a business's calendar with pending requests.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('booking_horizon_days', 'integer', (c) => c.notNull().defaultTo(90))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('min_notice_minutes', 'integer', (c) => c.notNull().defaultTo(120))
    .execute();
  await db.schema.alterTable('bookings').addColumn('requester', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('booking_horizon_days').execute();
  await db.schema.alterTable('businesses').dropColumn('min_notice_minutes').execute();
  await db.schema.alterTable('bookings').dropColumn('requester').execute();
}
