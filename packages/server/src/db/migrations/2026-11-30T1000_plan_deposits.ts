/**
 * A deposit on every visit of a recurring plan, when the owner chooses so (issue 24, item 7;
 * docs/decisions/022): businesses.plan_deposit_every, 1 when each later visit carries the
 * deposit too (paid online before it), 0 (every business until its owner chooses) when only the
 * first visit does.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('plan_deposit_every', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('plan_deposit_every').execute();
}
