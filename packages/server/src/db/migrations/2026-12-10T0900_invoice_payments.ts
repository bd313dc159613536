/**
 * Getting paid after the job, the payments (issue 43; docs/decisions/045): an invoice's payments
 * as rows (a card payment from a Checkout Session, or one the owner recorded: cash, check, other),
 * refunds against a payment in the deposit refunds' table and queue (`refunds.invoice_payment_id`),
 * the pay link's token hash on the invoice, and the business's tip presets.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull())
    // card | cash | check | other
    .addColumn('method', 'text', (c) => c.notNull())
    // What went to the invoice, and the tip on top of it: never part of what is owed.
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('tip_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text')
    // A card payment's Checkout Session (unique: a replayed event records nothing more) and payment intent.
    .addColumn('session_id', 'text', (c) => c.unique())
    .addColumn('payment_intent', 'text')
    // The owner who recorded it; null: the customer paid by card.
    .addColumn('recorded_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('invoice_payments_amount', sql`amount_cents > 0 and tip_cents >= 0`)
    .addCheckConstraint('invoice_payments_method', sql`method in ('card', 'cash', 'check', 'other')`)
    .execute();
  await db.schema.createIndex('invoice_payments_invoice').on('invoice_payments').column('invoice_id').execute();
  // Refunds of an invoice's payment share the deposit refunds' queue and worker (payments/worker.ts).
  await db.schema
    .alterTable('refunds')
    .addColumn('invoice_payment_id', 'text', (c) => c.references('invoice_payments.id').onDelete('cascade'))
    .execute();
  await sql`create index refunds_invoice_payment on refunds (invoice_payment_id) where invoice_payment_id is not null`.execute(
    db,
  );
  await db.schema.alterTable('invoices').addColumn('pay_token_hash', 'text').execute();
  await sql`create unique index invoices_pay_token on invoices (pay_token_hash) where pay_token_hash is not null`.execute(
    db,
  );
  // Whole percents offered as tips on the pay link, as JSON: 0 to 3 of them.
  await db.schema
    .alterTable('businesses')
    .addColumn('tip_presets', 'text', (c) => c.notNull().defaultTo('[15,20,25]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').dropColumn('tip_presets').execute();
  await sql`drop index if exists invoices_pay_token`.execute(db);
  await db.schema.alterTable('invoices').dropColumn('pay_token_hash').execute();
  await sql`drop index if exists refunds_invoice_payment`.execute(db);
  await db.schema.alterTable('refunds').dropColumn('invoice_payment_id').execute();
  await db.schema.dropTable('invoice_payments').ifExists().execute();
}
