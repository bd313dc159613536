/**
 * The first-day checklist names the booking page's link and the embed code as two items
 * (docs/product.md#the-first-day-checklist): an owner with no website is done once the link is
 * out, one with a website once the tag is on it. Until now one mark, embed_copied_at, stood for
 * either copy; this adds the link's own. A mark already made stays on the embed code: which copy
 * made it was never recorded, and the list is for a business's first day, so an old mark matters
 * little.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('first_day_checklist').addColumn('link_shared_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('first_day_checklist').dropColumn('link_shared_at').execute();
}
