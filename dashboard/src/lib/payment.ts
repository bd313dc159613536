/**
 * A booking's deposit as the owner's screens word it (docs/decisions/021): the chips on a
 * booking (what was paid, refunded, still due on the day) and how much a refund may give back.
 * Amounts are dollars on the wire; sums and comparisons are in cents (shared/src/money.ts).
 */
import type { Booking, BookingPayment } from '@slotwise/shared/api';
import { formatUsd, toCents } from '@slotwise/shared/money';
import type { Checked } from './deposit-rule.ts';
import { typedDollars } from './typed-dollars.ts';

type ChipTone = 'amber' | 'green' | 'grey' | 'plain';
export interface PaymentChip {
  text: string;
  tone: ChipTone;
}

/** What paid and not yet refunded, in cents: the most a refund may send back. */
export function refundableCents(payment: BookingPayment | undefined): number {
  if (!payment) return 0;
  return Math.max(0, toCents(payment.paid) - toCents(payment.refunded));
}

function stateChip(booking: Booking, payment: BookingPayment): PaymentChip | null {
  switch (payment.state) {
    case 'awaiting':
      // The status badge already says "Awaiting payment"; the same words twice on a card read as a fault.
      return booking.status === 'awaiting_payment' ? null : { text: 'Awaiting payment', tone: 'amber' };
    case 'due':
      // A plan visit whose deposit the customer pays online before it (docs/decisions/022).
      return { text: `Deposit due ${formatUsd(payment.deposit)}`, tone: 'amber' };
    case 'paid':
      return { text: `Deposit paid ${formatUsd(payment.paid)}`, tone: 'green' };
    case 'partly_refunded':
      return { text: `Partly refunded (${formatUsd(payment.refunded)})`, tone: 'grey' };
    case 'refunded':
      return { text: `Refunded ${formatUsd(payment.refunded)}`, tone: 'grey' };
    default:
      // 'unpaid': the hold ran out, and such a booking is never shown to the owner.
      return null;
  }
}

/** The chips a booking with a deposit shows; none for a booking without one. */
export function paymentChips(booking: Booking): PaymentChip[] {
  const payment = booking.payment;
  if (!payment) return [];
  const chips: PaymentChip[] = [];
  const state = stateChip(booking, payment);
  if (state) chips.push(state);
  const status = booking.status.toLowerCase();
  // Until a visit's deposit is paid, its balance would read as owed on top of it.
  if (payment.state !== 'due' && toCents(payment.balance) > 0 && (status === 'pending' || status === 'approved'))
    chips.push({ text: `Balance due ${formatUsd(payment.balance)}`, tone: 'plain' });
  return chips;
}

/** A refund amount as typed (lib/typed-dollars.ts), checked against what may still be refunded (cents), in dollars. */
export function checkRefundAmount(text: string, leftCents: number): Checked<number> {
  const dollars = typedDollars(text);
  if (dollars === null && /^\$?\d*\.\d{3,}$/.test(text.trim()))
    return { ok: false, error: 'Refund amount can have at most two decimals (cents).' };
  if (dollars === null || dollars <= 0) return { ok: false, error: 'Refund amount must be more than $0.' };
  if (toCents(dollars) > leftCents)
    return { ok: false, error: `You can refund at most ${formatUsd(leftCents / 100)}.` };
  return { ok: true, value: dollars };
}
