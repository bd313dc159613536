/**
 * Reminders of unpaid invoices (issue 43 item 3; docs/decisions/045): how many an invoice has had
 * (one 3 days after it was issued, one 7 days after, while something is due), and whether the
 * business sends them (on unless the owner turns them off, Settings > Invoices).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('invoice_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The minute pass reads open invoices by when they were issued; paid and void ones never.
  await sql`create index invoices_open_issued on invoices (issued_at) where state = 'open'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists invoices_open_issued`.execute(db);
  await db.schema.alterTable('businesses').dropColumn('invoice_reminders').execute();
  await db.schema.alterTable('invoices').dropColumn('reminders_sent').execute();
}
