/**
 * Deposits through the owner's own Stripe account (issue 23; docs/decisions/021).
 * - businesses: the deposit rule, the refund window, whether paid bookings are approved at once;
 * - services: their own deposit rule (null: the business's);
 * - bookings: the deposit asked for, what was paid and refunded, and until when an unpaid one
 *   holds its time (status awaiting_payment); a partial index finds the lapsed holds;
 * - stripe_accounts: the keys, encrypted (payments/secret-box.ts), and what the owner may see;
 * - payments: one Checkout Session per booking; refunds: queued in the transaction of the change
 *   that gives them and sent after commit, each with its own Stripe idempotency key;
 * - stripe_events: the ids of events handled, so a replayed one changes nothing.
 * The double-booking guards (2026-11-23T1300) now count a held, unpaid booking too.
 */
import { type Kysely, sql } from 'kysely';
import { createOverlapGuards, down as dropOverlapGuards } from './2026-11-23T1300_booking_overlap_guards.ts';

const ACTIVE = sql.raw(`('pending', 'approved', 'awaiting_payment')`);
const OLD_ACTIVE = sql.raw(`('pending', 'approved')`);

/** Drops the guards of 2026-11-23T1300 and makes them again over the statuses given, with that migration's DDL. */
async function overlapGuards(db: Kysely<unknown>, active: typeof ACTIVE): Promise<void> {
  await dropOverlapGuards(db);
  await createOverlapGuards(db, active);
}

export async function up(db: Kysely<any>): Promise<void> {
  const businessColumns: [string, 'text' | 'integer', string | number][] = [
    ['deposit_kind', 'text', 'none'],
    ['deposit_value', 'integer', 0],
    ['refund_window_hours', 'integer', 24],
    ['approve_paid', 'integer', 0],
  ];
  for (const [name, type, value] of businessColumns)
    await db.schema
      .alterTable('businesses')
      .addColumn(name, type, (c) => c.notNull().defaultTo(value))
      .execute();
  await db.schema.alterTable('services').addColumn('deposit_kind', 'text').execute();
  await db.schema.alterTable('services').addColumn('deposit_value', 'integer').execute();
  for (const name of ['deposit_cents', 'paid_cents', 'refunded_cents'])
    await db.schema
      .alterTable('bookings')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema.alterTable('bookings').addColumn('hold_until', 'bigint').execute();
  await sql`create index bookings_payment_holds on bookings (hold_until) where status = 'awaiting_payment'`.execute(db);

  await db.schema
    .createTable('stripe_accounts')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('secret_key_enc', 'text', (c) => c.notNull())
    .addColumn('webhook_secret_enc', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payments')
    .addColumn('booking_id', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('session_url', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('livemode', 'integer', (c) => c.notNull())
    .addColumn('payment_intent', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stripe_refund_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema.createIndex('refunds_booking').on('refunds').column('booking_id').execute();
  await sql`create index refunds_due on refunds (next_attempt_at) where status = 'queued'`.execute(db);
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await overlapGuards(db, ACTIVE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await overlapGuards(db, OLD_ACTIVE);
  for (const table of ['stripe_events', 'refunds', 'payments', 'stripe_accounts'])
    await db.schema.dropTable(table).execute();
  await sql`drop index if exists bookings_payment_holds`.execute(db);
  for (const column of ['hold_until', 'refunded_cents', 'paid_cents', 'deposit_cents'])
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  for (const column of ['deposit_value', 'deposit_kind'])
    await db.schema.alterTable('services').dropColumn(column).execute();
  for (const column of ['approve_paid', 'refund_window_hours', 'deposit_value', 'deposit_kind'])
    await db.schema.alterTable('businesses').dropColumn(column).execute();
}
