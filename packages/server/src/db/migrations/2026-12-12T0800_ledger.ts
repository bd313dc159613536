/**
 * The owner's money (issue 43 item 5; docs/decisions/047): the payments report reads one
 * business's movements of a period (repositories/ledger.ts), so each table of money is indexed by
 * business and the time the money moved. A deposit is a Checkout paid (payments.paid_at), a refund
 * counts once given back (refunds.done_at).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('invoice_payments_business_created')
    .on('invoice_payments')
    .columns(['business_id', 'created_at'])
    .execute();
  await sql`create index payments_business_paid on payments (business_id, paid_at) where status = 'paid'`.execute(db);
  await sql`create index refunds_business_done on refunds (business_id, done_at) where status in ('sent', 'recorded')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists refunds_business_done`.execute(db);
  await sql`drop index if exists payments_business_paid`.execute(db);
  await sql`drop index if exists invoice_payments_business_created`.execute(db);
}
