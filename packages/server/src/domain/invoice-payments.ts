/**
 * Getting paid after the job (docs/decisions/045): an invoice's payments and refunds as rows, its
 * balance from them (shared/src/balance.ts `computeBalance`, one rule for the owner, the pay link
 * and the state), the pay link's token and the tip. Every write runs under the business's lock,
 * as the owner's other writes do; a card payment is written only by Stripe's signed webhook.
 */
import { randomUUID } from 'node:crypto';
import type { InvoiceDetail, InvoiceLinkView } from '@slotwise/shared/api';
import { computeBalance, formatTaxRate, tipForPercent } from '@slotwise/shared/balance';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import type { AppContext } from '../context.ts';
import type { PaymentMethod } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { InvoiceLineRow, InvoicePaymentRow, InvoiceRefundRow, InvoiceRow } from '../repositories/invoices.ts';
import { balanceJson, frozenLines, invoiceJson, payTokenFor } from './invoices.ts';
import { hashManageToken } from './manage-token.ts';

export const hashPayToken = hashManageToken;

/** The customer's invoice page (the customer page itself is later work; the API is `GET /api/invoice-link`). */
export function payUrlOf(ctx: AppContext, invoiceId: string): string {
  return `${ctx.config.publicUrl}/customer/invoice?token=${encodeURIComponent(payTokenFor(ctx.config.jwtSecret, invoiceId))}`;
}

export function invoiceNotFound(id: string): AppError {
  return new AppError('INVOICE_NOT_FOUND', `Invoice ${id} is not one of your invoices. Reload your invoices.`);
}

/** What a refund counts against its payment: everything but a refund Stripe refused for good. */
const counts = (r: InvoiceRefundRow) => r.status !== 'failed';

/** Everything an invoice's figures come from, read in one place. */
export interface InvoiceState {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  payments: InvoicePaymentRow[];
  refunds: InvoiceRefundRow[];
}

export async function stateOf(ctx: AppContext, trx: Tx, invoice: InvoiceRow): Promise<InvoiceState> {
  const { invoices } = ctx.repos;
  const [lines, payments, refunds] = await Promise.all([
    invoices.lines(invoice.id, trx),
    invoices.payments(invoice.id, trx),
    invoices.refunds(invoice.id, trx),
  ]);
  return { invoice, lines, payments, refunds };
}

/**
 * The invoice's balance: its frozen lines and tax, its deposit, and the payments as received. A
 * refund is money given back, not a debt restored: it never raises what is due (an invoice once
 * paid stays paid), and shows beside the payments as a refund (docs/decisions/045).
 */
function figuresOf(s: InvoiceState) {
  const f = frozenLines(s.invoice, s.lines);
  const balance = computeBalance({
    lines: f.lines,
    tax: f.tax,
    depositCents: s.invoice.deposit_cents,
    payments: s.payments.map((p) => ({ amountCents: p.amount_cents })),
  });
  const refundedCents = s.refunds.filter(counts).reduce((sum, r) => sum + r.amount_cents, 0);
  return { ...f, balance, refundedCents };
}

/** What is still due on the invoice, in cents (0 when void). */
export function dueCentsOf(s: InvoiceState): number {
  return s.invoice.state === 'void' ? 0 : figuresOf(s).balance.dueCents;
}

/** Refunded of a payment so far. */
function refundedOf(s: InvoiceState, paymentId: string): number {
  return s.refunds
    .filter((r) => r.invoice_payment_id === paymentId && counts(r))
    .reduce((sum, r) => sum + r.amount_cents, 0);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function invoiceDetailJson(ctx: AppContext, s: InvoiceState): InvoiceDetail {
  const f = figuresOf(s);
  return {
    invoice: { ...invoiceJson(s.invoice), paidAt: iso(s.invoice.paid_at), voidedAt: iso(s.invoice.voided_at) },
    balance: balanceJson(f.lines, f.tax, f.balance),
    payments: s.payments.map((p) => ({
      _id: p.id,
      method: p.method,
      amount: toDollars(p.amount_cents),
      tip: toDollars(p.tip_cents),
      note: p.note,
      refunded: toDollars(refundedOf(s, p.id)),
      createdAt: new Date(p.created_at).toISOString(),
    })),
    refunds: s.refunds.map((r) => ({
      _id: r.id,
      paymentId: r.invoice_payment_id ?? '',
      amount: toDollars(r.amount_cents),
      reason: r.note,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    refunded: toDollars(f.refundedCents),
    payUrl: s.invoice.state === 'void' ? null : payUrlOf(ctx, s.invoice.id),
  };
}

export function invoiceLinkJson(
  s: InvoiceState,
  business: { name: string | null },
  tipPresets: number[],
  canTakeCards: boolean,
  /** The job's ticked steps when its service shows them on the receipt (domain/job-steps.ts receiptSteps). */
  workDone: string[] = [],
): InvoiceLinkView {
  const f = figuresOf(s);
  const b = f.balance;
  return {
    businessName: business.name ?? '',
    number: s.invoice.number,
    state: s.invoice.state,
    issuedAt: new Date(s.invoice.issued_at).toISOString(),
    lines: f.lines.map((l) => ({ description: l.description, amount: toDollars(l.amountCents) })),
    tax: f.tax ? { name: f.tax.name, ratePercent: formatTaxRate(f.tax.rate), amount: toDollars(b.taxCents) } : null,
    total: toDollars(b.totalCents),
    deposit: toDollars(s.invoice.deposit_cents),
    payments: s.payments.map((p) => ({
      method: p.method,
      amount: toDollars(p.amount_cents),
      tip: toDollars(p.tip_cents),
      at: new Date(p.created_at).toISOString(),
    })),
    refunds: s.refunds
      .filter(counts)
      .map((r) => ({ amount: toDollars(r.amount_cents), at: new Date(r.created_at).toISOString() })),
    paid: toDollars(b.paidCents),
    due: toDollars(b.dueCents),
    tipPresets,
    canPay: canTakeCards && s.invoice.state !== 'void' && b.dueCents > 0,
    workDone,
  };
}

/** An invoice takes a payment only while open with something due. */
export function assertPayable(s: InvoiceState): number {
  if (s.invoice.state === 'void')
    throw new AppError('INVOICE_VOID', `Invoice ${s.invoice.number} is void: nothing is paid on it.`);
  const due = figuresOf(s).balance.dueCents;
  if (s.invoice.state === 'paid' || due === 0)
    throw new AppError('INVOICE_PAID', `Invoice ${s.invoice.number} is paid: nothing is due on it.`);
  return due;
}

/** Once nothing is due, the invoice is paid (and stays so: docs/decisions/045). */
async function settle(ctx: AppContext, trx: Tx, s: InvoiceState, now: number): Promise<void> {
  if (s.invoice.state === 'open' && figuresOf(s).balance.dueCents === 0)
    await ctx.repos.invoices.markPaid(trx, s.invoice.id, now);
}

/** The owner records a cash, check or other payment: part or all of what is due, never more. Call under the business's lock. */
export async function recordPayment(
  ctx: AppContext,
  trx: Tx,
  invoice: InvoiceRow,
  input: { method: Exclude<PaymentMethod, 'card'>; amountCents: number; tipCents: number; note: string | null },
  ownerId: string,
  now: number,
): Promise<void> {
  const s = await stateOf(ctx, trx, invoice);
  const due = assertPayable(s);
  if (input.amountCents > due)
    throw new AppError(
      'PAYMENT_TOO_LARGE',
      `That is more than is due: ${formatUsd(toDollars(due))} is left on invoice ${invoice.number}. Enter that or less (a tip goes in its own field).`,
    );
  const row: InvoicePaymentRow = {
    id: randomUUID(),
    invoice_id: invoice.id,
    business_id: invoice.business_id,
    method: input.method,
    amount_cents: input.amountCents,
    tip_cents: input.tipCents,
    note: input.note,
    session_id: null,
    payment_intent: null,
    recorded_by: ownerId,
    created_at: now,
  };
  await ctx.repos.invoices.addPayment(trx, row);
  await settle(ctx, trx, { ...s, payments: [...s.payments, row] }, now);
}

/**
 * A card payment from a paid Checkout Session (the signed webhook only), recorded once per
 * session: a replayed or second event finds it and changes nothing. Call under the business's lock.
 */
export async function recordCardPayment(
  ctx: AppContext,
  trx: Tx,
  invoice: InvoiceRow,
  session: { id: string; paymentIntent: string | null; totalCents: number; tipCents: number },
  now: number,
): Promise<'recorded' | 'seen' | 'nothing'> {
  const amount = session.totalCents - session.tipCents;
  if (amount <= 0) return 'nothing';
  const row: InvoicePaymentRow = {
    id: randomUUID(),
    invoice_id: invoice.id,
    business_id: invoice.business_id,
    method: 'card',
    amount_cents: amount,
    tip_cents: session.tipCents,
    note: null,
    session_id: session.id,
    payment_intent: session.paymentIntent,
    recorded_by: null,
    created_at: now,
  };
  if (!(await ctx.repos.invoices.addPayment(trx, row))) return 'seen';
  await settle(ctx, trx, await stateOf(ctx, trx, invoice), now);
  return 'recorded';
}

/** Voids an open invoice with no payments; it keeps its number. Call under the business's lock. */
export async function voidInvoice(ctx: AppContext, trx: Tx, invoice: InvoiceRow, now: number): Promise<void> {
  if (invoice.state === 'void') return;
  if (invoice.state === 'paid')
    throw new AppError('INVOICE_PAID', `Invoice ${invoice.number} is paid: a paid invoice is refunded, not voided.`);
  const payments = await ctx.repos.invoices.payments(invoice.id, trx);
  if (payments.length > 0)
    throw new AppError(
      'INVOICE_HAS_PAYMENTS',
      `Invoice ${invoice.number} has ${payments.length === 1 ? 'a payment' : `${payments.length} payments`}: refund ${payments.length === 1 ? 'it' : 'them'} instead of voiding it.`,
    );
  await ctx.repos.invoices.markVoid(trx, invoice.id, now);
}

/**
 * Refunds part or all of a payment, its tip included, never more than is left of it: a card
 * payment is queued for Stripe (payments/worker.ts sends it after commit, the row id as its
 * Idempotency-Key), a recorded one is recorded as given back. Call under the business's lock;
 * answers whether the worker has something to send.
 */
export async function refundPayment(
  ctx: AppContext,
  trx: Tx,
  invoice: InvoiceRow,
  paymentId: string,
  amountCents: number,
  reason: string | null,
  now: number,
): Promise<boolean> {
  const s = await stateOf(ctx, trx, invoice);
  const payment = s.payments.find((p) => p.id === paymentId);
  if (!payment)
    throw new AppError(
      'INVOICE_PAYMENT_NOT_FOUND',
      `Invoice ${invoice.number} has no payment ${paymentId}. Reload the invoice.`,
    );
  const left = payment.amount_cents + payment.tip_cents - refundedOf(s, payment.id);
  if (amountCents > left)
    throw new AppError(
      'REFUND_TOO_LARGE',
      `At most ${formatUsd(toDollars(left))} of this payment is left to refund; enter that or less.`,
    );
  const card = payment.method === 'card';
  await ctx.repos.payments.queueRefund(trx, {
    id: `refund-${randomUUID()}`,
    booking_id: invoice.booking_id,
    business_id: invoice.business_id,
    invoice_payment_id: payment.id,
    amount_cents: amountCents,
    reason: 'invoice',
    note: reason,
    status: card ? 'queued' : 'recorded',
    next_attempt_at: now,
    created_at: now,
    done_at: card ? null : now,
  });
  return card;
}

/**
 * The tip in cents: a preset percent of the amount due (before the tip), rounded half to even to
 * the cent as the tax is (docs/decisions/043), or cents as given; never more than the amount due.
 */
export function tipCentsOf(
  tip: { percent: number } | { cents: number } | undefined,
  dueCents: number,
  presets: readonly number[],
): number {
  if (!tip) return 0;
  if ('percent' in tip) {
    if (!presets.includes(tip.percent))
      throw new AppError(
        'TIP_NOT_OFFERED',
        `A tip of ${tip.percent} % is not offered here; choose ${presets.length ? presets.map((p) => `${p} %`).join(', ') : 'an amount'} or enter an amount.`,
      );
    return tipForPercent(dueCents, tip.percent);
  }
  if (tip.cents > dueCents)
    throw new AppError('TIP_TOO_LARGE', `A tip can be at most the amount due, ${formatUsd(toDollars(dueCents))}.`);
  return tip.cents;
}
