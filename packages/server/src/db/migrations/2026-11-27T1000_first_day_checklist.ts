/**
 * The overview's first-day checklist (docs/product.md#the-first-day-checklist): when the owner
 * first saved a service, saved their hours, copied the embed code, and dismissed the list, per
 * business, so a dismissal holds on every device. Whether a booking exists is read from bookings.
 *
 * Businesses already onboarded when this runs have been running for a while: a checklist for
 * their first day would be news about a day long past, so each gets a row dismissed now. A
 * business still part-way through onboarding gets no row, and sees the list once it finishes,
 * as a new one does. (The alternative, an "onboarded at" time to compare with this change's
 * date, would need a column nothing else reads, and businesses have never recorded when they
 * finished onboarding.)
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('first_day_checklist')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('prices_checked_at', 'bigint')
    .addColumn('hours_set_at', 'bigint')
    .addColumn('embed_copied_at', 'bigint')
    .addColumn('dismissed_at', 'bigint')
    .execute();
  await db
    .insertInto('first_day_checklist')
    .columns(['business_id', 'dismissed_at'])
    .expression(
      db
        .selectFrom('businesses')
        // Cast: PostgreSQL would take an untyped parameter in a select list for text.
        .select(['id', sql<number>`cast(${Date.now()} as bigint)`.as('dismissed_at')])
        .where('name', 'is not', null)
        .where('niche', 'is not', null)
        .where('address', 'is not', null),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('first_day_checklist').execute();
}
