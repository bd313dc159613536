/**
 * A version per booking (issue 20, item 9): every write of a booking's time or status
 * bumps it, and a move that names the version its client saw is refused with 409
 * BOOKING_CHANGED when the booking has changed since, so an owner's drag and a
 * customer's reschedule of one booking cannot both succeed with the later silently winning.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('version').execute();
}
