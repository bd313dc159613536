/**
 * A card on file (issue 43 item 4; docs/decisions/046): the customer's consent on the booking
 * (bookings.save_card), the card Stripe saved on the owner's account for a client (saved_cards:
 * Stripe's ids, brand, last four and expiry only, never a card number), and the off-session
 * charges of invoices to it (card_charges), queued in the completing transaction and sent after
 * commit by the payment worker with the row id as Stripe's Idempotency-Key; and the business's
 * no-show fee (businesses.no_show_fee_cents, 0: none).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('save_card', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('no_show_fee_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('saved_cards')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('booking_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One card per client of a business: a newer consent replaces the older card.
    .addPrimaryKeyConstraint('saved_cards_pk', ['business_id', 'client_id'])
    .execute();
  await db.schema
    .createTable('card_charges')
    // charge-{invoice id}-{amount}: also Stripe's Idempotency-Key, so a charge is sent once per invoice and amount.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'sent', 'succeeded', 'declined', 'cancelled')`),
    )
    .addColumn('payment_intent', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await sql`create index card_charges_queued on card_charges (next_attempt_at) where status = 'queued'`.execute(db);
  await db.schema.createIndex('card_charges_invoice').on('card_charges').column('invoice_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_charges').execute();
  await db.schema.dropTable('saved_cards').execute();
  await db.schema.alterTable('businesses').dropColumn('no_show_fee_cents').execute();
  await db.schema.alterTable('bookings').dropColumn('save_card').execute();
}
