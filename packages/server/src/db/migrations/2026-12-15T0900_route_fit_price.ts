/**
 * Price by route fit (issue 45 item 1; docs/decisions/055), kept with the price per mile on the
 * business row every quote already reads:
 * - businesses.nearby_share ('none', 'half', 'all'): how much of a nearby slot's saving goes to the
 *   customer. 'none' for every business, so no existing owner's prices change.
 * - businesses.nearby_floor_cents: the lowest travel charge a slot near a job may come to.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('nearby_share', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('nearby_floor_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('nearby_floor_cents').execute();
  await db.schema.alterTable('businesses').dropColumn('nearby_share').execute();
}
