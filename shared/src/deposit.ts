/**
 * Deposits and refunds (docs/product.md#deposits; docs/decisions/021): how much a customer
 * pays when booking, what is left for the day, and what a cancellation gives back. Pure
 * integer cents, so the quote, the booking, the widget's words and the mails agree.
 */

export const DEPOSIT_KINDS = ['none', 'fixed', 'percent', 'full'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

/**
 * A deposit rule: nothing, a fixed amount (`value` in cents), a percentage of the quoted total
 * (`value` a whole percent, 1 to 100), or the whole total (`value` unused).
 */
export interface DepositRule {
  kind: DepositKind;
  value: number;
}

export const NO_DEPOSIT: DepositRule = { kind: 'none', value: 0 };

/** Stripe's smallest charge in US dollars: a deposit under 50 cents is not taken at all. */
export const MIN_CHARGE_CENTS = 50;

/** How long an unpaid booking holds its time before the slot reopens. */
export const PAYMENT_HOLD_MS = 15 * 60_000;

/** The refund windows an owner picks from (hours before the visit a cancellation still gets a full refund). */
export const REFUND_WINDOW_HOURS = [0, 12, 24, 48, 72] as const;

/**
 * Cents due at booking for a quoted total. A percentage rounds half up to the cent; a fixed
 * amount never exceeds the total; an amount below Stripe's minimum charge is not asked for.
 */
export function depositCents(rule: DepositRule, totalCents: number): number {
  if (totalCents <= 0) return 0;
  const due =
    rule.kind === 'full'
      ? totalCents
      : rule.kind === 'fixed'
        ? Math.min(rule.value, totalCents)
        : rule.kind === 'percent'
          ? Math.min(totalCents, Math.floor((totalCents * rule.value + 50) / 100))
          : 0;
  return due >= MIN_CHARGE_CENTS ? due : 0;
}

/** The service's own rule when it has one, else the business's. */
export function ruleFor(business: DepositRule, service: DepositRule | null): DepositRule {
  return service ?? business;
}

/**
 * What a customer who cancels gets back: everything paid (less what was refunded already)
 * while the visit is at least `windowHours` away, nothing after. A window of 0 refunds any
 * cancellation the link still allows.
 */
export function refundOnCancelCents(
  policy: { windowHours: number },
  paid: { paidCents: number; refundedCents: number },
  startMs: number,
  nowMs: number,
): number {
  const left = Math.max(0, paid.paidCents - paid.refundedCents);
  return startMs - nowMs >= policy.windowHours * 3_600_000 ? left : 0;
}

/** The owner's policy in a customer's words: "Full refund up to 24 hours before your visit." */
export function refundPolicyText(windowHours: number): string {
  if (windowHours === 0) return 'Full refund of the deposit when you cancel through your booking link.';
  return `Full refund of the deposit up to ${windowHours} hours before your visit; no refund after that.`;
}
