/**
 * Running late (issue 44 item 2; docs/decisions/049):
 * - businesses.late_threshold_min: by how many minutes a job's projected arrival must move before
 *   its customer is told (Settings > Crews), 20 to start with;
 * - bookings.projected_start_ms: the arrival the crew's projected day (domain/projected-day.ts)
 *   gave the job at the crew's last Start job or Mark completed that day, null while on time;
 * - bookings.late_told_ms: the arrival the customer was last told, null before any "running late":
 *   one message per delay, another only when it moves again by more than the threshold.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('late_threshold_min', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
  await db.schema.alterTable('bookings').addColumn('projected_start_ms', 'bigint').execute();
  await db.schema.alterTable('bookings').addColumn('late_told_ms', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('late_told_ms').execute();
  await db.schema.alterTable('bookings').dropColumn('projected_start_ms').execute();
  await db.schema.alterTable('businesses').dropColumn('late_threshold_min').execute();
}
