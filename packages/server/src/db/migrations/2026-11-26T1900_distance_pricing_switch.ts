/**
 * Distance pricing can be switched off (issue 21, item 6): until now a saved rate could not
 * go back to 0. 1 (on) for every business, so quotes charge what they charged before: a
 * business with no rate (0) still charges nothing. Switching off keeps the rate.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('distance_pricing_on', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('distance_pricing_on').execute();
}
