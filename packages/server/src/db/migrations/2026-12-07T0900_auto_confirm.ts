/**
 * Confirming bookings automatically (issue "The owner's front door", docs/product.md#confirming-bookings):
 * businesses.auto_confirm (1: a customer's booking is created approved; 0: it waits for the owner, as
 * before), services.auto_confirm (null: the business's choice; 0 or 1: the service's own). And the
 * index of what waits for the owner's answer, whatever its day (GET .../bookings/waiting): partial, so
 * it holds only the few rows the owner must act on, not every booking the business ever had.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('auto_confirm', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('services').addColumn('auto_confirm', 'integer').execute();
  await sql`create index bookings_waiting on bookings (business_id, start_ms) where status in ('pending', 'needs_time')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_waiting`.execute(db);
  await db.schema.alterTable('services').dropColumn('auto_confirm').execute();
  await db.schema.alterTable('businesses').dropColumn('auto_confirm').execute();
}
