/**
 * Deposits, the paid state of a booking, and refunds (docs/decisions/021). The arithmetic is
 * shared/src/deposit.ts; here it meets rows: which rule applies, the keys of a business, what
 * the owner and the customer are shown, and the refunds a change queues in its transaction.
 */
import { randomUUID } from 'node:crypto';
import type { BookingPayment, ManagedBooking } from '@slotwise/shared/api';
import {
  type DepositRule,
  depositCents,
  NO_DEPOSIT,
  refundOnCancelCents,
  refundPolicyText,
  ruleFor,
} from '@slotwise/shared/deposit';
import { toDollars } from '@slotwise/shared/money';
import { NOT_TURNED_ON } from '@slotwise/shared/not-turned-on';
import type { AppContext } from '../context.ts';
import type { ServicesTable } from '../db/schema.ts';
import { type Tx, withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { secretBox } from '../payments/secret-box.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';

export const PAYMENT_UNAVAILABLE =
  'We could not reach the payment service, so nothing was charged and your time is not held. Try again in a few minutes.';

export function businessRule(b: Pick<Business, 'deposit_kind' | 'deposit_value'>): DepositRule {
  return { kind: b.deposit_kind, value: b.deposit_value };
}
function serviceRule(s: Pick<ServicesTable, 'deposit_kind' | 'deposit_value'>): DepositRule | null {
  return s.deposit_kind ? { kind: s.deposit_kind, value: s.deposit_value ?? 0 } : null;
}

/** The Stripe keys of a business, opened; undefined when it has not connected Stripe (or the server cannot open them). */
export async function stripeKeysOf(
  ctx: AppContext,
  businessId: string,
  from?: Tx,
): Promise<{ secretKey: string; webhookSecret: string } | undefined> {
  if (!ctx.config.encryptionKey) return undefined;
  const row = await ctx.repos.payments.account(businessId, from);
  if (!row) return undefined;
  const box = secretBox(ctx.config.encryptionKey);
  return {
    secretKey: box.open(row.secret_key_enc, businessId),
    webhookSecret: box.open(row.webhook_secret_enc, businessId),
  };
}

/**
 * Cents due when booking this service at this total: the service's rule or the business's,
 * and nothing while the business has no Stripe account connected (no way to take it). `from`:
 * the transaction to read in, when called under the business's lock.
 */
export async function depositFor(
  ctx: AppContext,
  business: Business,
  service: Pick<ServicesTable, 'deposit_kind' | 'deposit_value'>,
  totalCents: number,
  from?: Tx,
): Promise<number> {
  const rule = ruleFor(businessRule(business), serviceRule(service));
  if (rule.kind === NO_DEPOSIT.kind) return 0;
  if (!ctx.config.encryptionKey || !(await ctx.repos.payments.account(business.id, from))) return 0;
  return depositCents(rule, totalCents);
}

/**
 * A plan's visit whose deposit the customer pays online before it (docs/decisions/022): it holds
 * its time (pending or approved, not awaiting payment), has not started, and is not paid yet.
 */
export function visitDepositDue(
  row: Pick<BookingRow, 'plan_id' | 'status' | 'deposit_cents' | 'paid_cents' | 'start_ms'>,
  now: number,
): boolean {
  return (
    row.plan_id !== null &&
    (row.status === 'pending' || row.status === 'approved') &&
    row.deposit_cents > row.paid_cents &&
    row.start_ms > now
  );
}

/** The owner's view of a booking's money; undefined when no deposit was asked for. */
export function paymentOf(row: BookingRow): BookingPayment | undefined {
  if (row.deposit_cents === 0 && row.paid_cents === 0) return undefined;
  const kept = row.paid_cents - row.refunded_cents;
  const open = row.status === 'pending' || row.status === 'approved' || row.status === 'awaiting_payment';
  const state: BookingPayment['state'] =
    row.status === 'awaiting_payment'
      ? 'awaiting'
      : row.paid_cents === 0
        ? // A plan visit carrying its deposit, paid online before it (docs/decisions/022); a time to be found counts too.
          row.plan_id !== null && (open || row.status === 'needs_time')
          ? 'due'
          : 'unpaid'
        : row.refunded_cents >= row.paid_cents
          ? 'refunded'
          : row.refunded_cents > 0
            ? 'partly_refunded'
            : 'paid';
  return {
    state,
    deposit: toDollars(row.deposit_cents),
    paid: toDollars(row.paid_cents),
    refunded: toDollars(row.refunded_cents),
    balance: open ? toDollars(Math.max(0, row.total_cents - kept)) : 0,
  };
}

/** Cents a customer who cancels now gets back under the business's refund window. */
export function refundOnCancel(row: BookingRow, business: Pick<Business, 'refund_window_hours'>, now: number): number {
  return refundOnCancelCents(
    { windowHours: business.refund_window_hours },
    { paidCents: row.paid_cents, refundedCents: row.refunded_cents },
    row.start_ms,
    now,
  );
}

/** What the customer's cancel page shows: what was paid and what cancelling now gives back. */
export function managedPaymentOf(
  row: BookingRow,
  business: Pick<Business, 'refund_window_hours'>,
  now: number,
): ManagedBooking['payment'] {
  if (row.paid_cents === 0) return undefined;
  const back = refundOnCancel(row, business, now);
  return {
    paid: toDollars(row.paid_cents),
    refunded: toDollars(row.refunded_cents),
    refundOnCancel: toDollars(back),
    policy: refundPolicyText(business.refund_window_hours),
  };
}

export type RefundReason = 'cancelled' | 'declined' | 'owner' | 'slot_lost';

/**
 * Queues a refund of `amountCents` in the transaction of the change that gives it, and counts
 * it as refunded on the booking. A cancel, a decline or a lost slot refunds once per booking
 * (its id is fixed: a retried cancel queues nothing more); the owner's refunds each get their
 * own. Sent after commit (payments/worker.ts), not before `dueAt` (a decline's undo window).
 * Answers the booking as it now is.
 */
export async function queueRefund(
  ctx: AppContext,
  trx: Tx,
  row: BookingRow,
  amountCents: number,
  reason: RefundReason,
  now: number,
  dueAt = now,
  note?: string,
): Promise<BookingRow> {
  const left = row.paid_cents - row.refunded_cents;
  if (amountCents <= 0) return row;
  if (amountCents > left)
    throw new AppError(
      'REFUND_TOO_LARGE',
      `At most $${toDollars(left).toFixed(2)} of this booking's payment is left to refund; enter that or less.`,
    );
  const queued = await ctx.repos.payments.queueRefund(trx, {
    id: reason === 'owner' ? `refund-${randomUUID()}` : `refund-${row.id}-${reason}`,
    booking_id: row.id,
    business_id: row.business_id,
    amount_cents: amountCents,
    reason,
    note: note ?? null,
    status: 'queued',
    next_attempt_at: dueAt,
    created_at: now,
  });
  if (!queued) return row;
  return ctx.repos.bookings.addRefunded(trx, row.id, amountCents, now);
}

/** Refuses to store keys on a server that could not open them again. */
export function assertCanStoreKeys(ctx: AppContext): string {
  if (!ctx.config.encryptionKey) throw new AppError('PAYMENTS_NOT_CONFIGURED', NOT_TURNED_ON.payments);
  return ctx.config.encryptionKey;
}

/**
 * An undone decline (routes/dashboard/undo.ts): its refund, still waiting out the undo window,
 * is taken back and no longer counts on the booking.
 */
export async function withdrawDeclineRefund(ctx: AppContext, trx: Tx, bookingId: string, now: number): Promise<void> {
  const amount = await ctx.repos.payments.withdrawQueuedRefund(trx, `refund-${bookingId}-declined`);
  if (amount > 0) await ctx.repos.bookings.addRefunded(trx, bookingId, -amount, now);
}

/**
 * Releases a hold that lapsed (`lapsedBy`), that Stripe ended, or whose checkout could not start,
 * if it is still unpaid; true when this call released it.
 */
export function releaseHold(ctx: AppContext, bookingId: string, businessId: string, lapsedBy?: number) {
  return withBusinessLock(ctx.store, businessId, async (trx) => {
    const now = ctx.now();
    if (!(await ctx.repos.bookings.releaseHold(trx, bookingId, now, lapsedBy))) return false;
    await ctx.repos.payments.markCheckout(trx, bookingId, { status: 'expired' });
    // A plan's first visit released unpaid: the plan was never taken up (nobody was mailed), so it
    // ends, and the visits booked with it let their times go as the first did (docs/decisions/022).
    const row = await ctx.repos.bookings.byId(bookingId, trx);
    if (row?.plan_id) {
      await ctx.repos.plans.setStatus(trx, row.plan_id, 'ended', now);
      for (const visit of await ctx.repos.plans.openVisits(trx, row.plan_id, 0))
        await ctx.repos.bookings.setStatus(trx, visit.id, 'expired', now);
    }
    return true;
  });
}
