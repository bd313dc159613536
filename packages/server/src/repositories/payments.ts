/**
 * Payments through the owners' Stripe accounts (docs/decisions/021): the connected accounts,
 * one Checkout Session per booking (a plan visit's replaced once it ended), the refund queue,
 * the events already handled, and the unpaid holds that lapsed.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable, RefundsTable, StripeAccountsTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { claimLeased } from './queue-lease.ts';

export type StripeAccountRow = Selectable<StripeAccountsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;

export function paymentsRepository(db: Kysely<Database>) {
  return {
    account(businessId: string, from: Tx = db): Promise<StripeAccountRow | undefined> {
      return from.selectFrom('stripe_accounts').selectAll().where('business_id', '=', businessId).executeTakeFirst();
    },
    async saveAccount(row: Insertable<StripeAccountsTable>): Promise<void> {
      await db
        .insertInto('stripe_accounts')
        .values(row)
        .onConflict((oc) => oc.column('business_id').doUpdateSet(row))
        .execute();
    },
    async removeAccount(businessId: string): Promise<void> {
      await db.deleteFrom('stripe_accounts').where('business_id', '=', businessId).execute();
    },
    async accountCount(): Promise<number> {
      const r = await db
        .selectFrom('stripe_accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    checkoutOf(bookingId: string, from: Tx = db): Promise<PaymentRow | undefined> {
      return from.selectFrom('payments').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
    },
    /** The business's Checkout Sessions still open (customers who may be paying right now). */
    openCheckouts(businessId: string): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('status', '=', 'open')
        .execute();
    },
    checkoutBySession(sessionId: string, from: Tx = db): Promise<PaymentRow | undefined> {
      return from.selectFrom('payments').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
    },
    /**
     * Keeps the first session of a booking: requests at once asked Stripe with one idempotency key,
     * so they save one session. No conflict target: on PostgreSQL two inserts can pass the conflict
     * check together, and the later one then meets the first in the session id's unique index, which
     * a target of the booking alone would raise as an error.
     */
    async saveCheckout(row: Insertable<PaymentsTable>): Promise<void> {
      await db
        .insertInto('payments')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    /**
     * A visit's new session in place of one that ended (routes/customer/checkout.ts), unless the
     * booking was paid meanwhile: a paid session is never overwritten.
     */
    async replaceCheckout(row: Insertable<PaymentsTable>): Promise<void> {
      const { booking_id: _, ...changes } = row;
      await db
        .insertInto('payments')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('booking_id')
            .doUpdateSet({ ...changes, payment_intent: null, paid_at: null })
            .where('payments.status', '!=', 'paid'),
        )
        .execute();
    },
    async markCheckout(
      trx: Tx,
      bookingId: string,
      change: {
        status: PaymentsTable['status'];
        payment_intent?: string | null;
        paid_at?: number;
        session_id?: string;
      },
    ): Promise<void> {
      await trx.updateTable('payments').set(change).where('booking_id', '=', bookingId).execute();
    },
    /** Stripe ended this session unpaid (a plan visit's: its booking had no hold to release). */
    async sessionEnded(sessionId: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ status: 'expired' })
        .where('session_id', '=', sessionId)
        .where('status', '=', 'open')
        .execute();
    },
    /**
     * The overview's money, in cents: what was paid since `sinceMs` and not refunded, and what
     * is still due on the day from pending and approved bookings with a deposit from `sinceMs` on.
     */
    async ownerFigures(businessId: string, sinceMs: number): Promise<{ takenToday: number; balanceDue: number }> {
      const [taken, due] = await Promise.all([
        db
          .selectFrom('payments')
          .innerJoin('bookings', 'bookings.id', 'payments.booking_id')
          .select((eb) => eb.fn.sum<number>(eb('bookings.paid_cents', '-', eb.ref('bookings.refunded_cents'))).as('n'))
          .where('payments.business_id', '=', businessId)
          .where('payments.paid_at', '>=', sinceMs)
          .executeTakeFirst(),
        db
          .selectFrom('bookings')
          .select((eb) =>
            eb.fn.sum<number>(eb(eb('total_cents', '-', eb.ref('paid_cents')), '+', eb.ref('refunded_cents'))).as('n'),
          )
          .where('business_id', '=', businessId)
          .where('status', 'in', ['pending', 'approved'])
          .where('deposit_cents', '>', 0)
          .where('start_ms', '>=', sinceMs)
          .executeTakeFirst(),
      ]);
      return { takenToday: Number(taken?.n ?? 0), balanceDue: Math.max(0, Number(due?.n ?? 0)) };
    },

    /** Records a Stripe event in the transaction that acts on it: false when it was handled before. */
    async firstSight(trx: Tx, event: { id: string; businessId: string; type: string }, now: number): Promise<boolean> {
      const r = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, business_id: event.businessId, type: event.type, received_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Queues a refund in the transaction of the change that gives it; false when its id was queued before. */
    async queueRefund(trx: Tx, row: Insertable<RefundsTable>): Promise<boolean> {
      const r = await trx
        .insertInto('refunds')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    /** Deletes a refund not yet sent; answers its amount (0 when it was sent already or never queued). */
    async withdrawQueuedRefund(trx: Tx, id: string): Promise<number> {
      const row = await trx
        .deleteFrom('refunds')
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('attempts', '=', 0)
        .returning('amount_cents')
        .executeTakeFirst();
      return row?.amount_cents ?? 0;
    },
    refundsOf(bookingId: string, from: Tx = db): Promise<RefundRow[]> {
      // A deposit's refunds only: an invoice payment's are read with its invoice (repositories/invoices.ts).
      return from
        .selectFrom('refunds')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .where('invoice_payment_id', 'is', null)
        .orderBy('created_at')
        .execute();
    },
    /** Claims up to `limit` queued refunds that are due (repositories/queue-lease.ts). */
    claimDueRefunds(now: number, leaseMs: number, limit: number): Promise<RefundRow[]> {
      return claimLeased(db, 'refunds', now, leaseMs, limit);
    },
    async refundSent(id: string, stripeRefundId: string, now: number): Promise<void> {
      await db
        .updateTable('refunds')
        .set({ status: 'sent', stripe_refund_id: stripeRefundId, done_at: now, last_error: null })
        .where('id', '=', id)
        .execute();
    },
    async refundRetry(id: string, error: string, nextAt: number): Promise<void> {
      await db
        .updateTable('refunds')
        .set({ last_error: error, next_attempt_at: nextAt })
        .where('id', '=', id)
        .execute();
    },
    async refundFailed(id: string, error: string, now: number): Promise<void> {
      await db
        .updateTable('refunds')
        .set({ status: 'failed', last_error: error, done_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Unpaid holds whose 15 minutes are over (the partial index bookings_payment_holds). */
    lapsedHolds(now: number, limit: number): Promise<{ id: string; business_id: string }[]> {
      return db
        .selectFrom('bookings')
        .select(['id', 'business_id'])
        .where('status', '=', 'awaiting_payment')
        .where('hold_until', '<=', now)
        .orderBy('hold_until')
        .limit(limit)
        .execute();
    },
  };
}
