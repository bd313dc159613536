/**
 * How the business's times are shown (docs/product.md#time-format): '12h' ("8:00 AM", what
 * every business gets until its owner chooses) or '24h' ("08:00"). Stored times stay HH:MM;
 * this only changes what screens, mails and the widget show (shared/src/clock.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('time_format', 'text', (c) => c.notNull().defaultTo('12h'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('time_format').execute();
}
