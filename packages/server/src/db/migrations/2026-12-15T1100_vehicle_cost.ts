/**
 * Profit after the drive (issue 45 item 3; docs/decisions/057): businesses.vehicle_cost_per_mile_cents,
 * what a mile driven costs the owner (fuel, wear, insurance), which Insights takes off each job's
 * earnings for the miles driven to it. 0 (not set) for every business until the owner sets it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('vehicle_cost_per_mile_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('vehicle_cost_per_mile_cents').execute();
}
