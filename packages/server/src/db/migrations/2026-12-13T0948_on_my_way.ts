/**
 * "On my way" (issue 44 item 1; docs/decisions/048): when the customer was told the crew is on
 * the way, once per job. Set by the one update that may set it (where it is still null), in the
 * transaction that queues the text or mail, so a double tap sends one message.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('on_my_way_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('on_my_way_at').execute();
}
