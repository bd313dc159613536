/**
 * The contract of payments (docs/decisions/021): Stripe, deposit rules, refunds, Stripe's webhook
 * (calls: payments.calls.ts); a stored deposit rule and its wire form.
 */

import { z } from 'zod';
import { MIN_CHARGE_CENTS, type DepositRule as StoredDepositRule } from '../deposit.ts';
import { toCents, toDollars } from '../money.ts';
import { Dollars, Id, IsoDateTime, plainText } from './fields.schemas.ts';

const MIN_DOLLARS = MIN_CHARGE_CENTS / 100;

/** A deposit rule on the wire: none, a fixed amount in dollars, a whole percent of the quote, or the full total. */
export const DepositRule = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({
      kind: z.literal('fixed'),
      amount: Dollars('Deposit amount', 20_000).refine(
        (n) => n >= MIN_DOLLARS,
        `Deposit amount must be at least $${MIN_DOLLARS.toFixed(2)} (the smallest card payment Stripe takes).`,
      ),
    }),
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number({ error: 'Deposit percent must be a whole number from 1 to 100.' })
        .int('Deposit percent must be a whole number from 1 to 100.')
        .min(1, 'Deposit percent must be a whole number from 1 to 100.')
        .max(100, 'Deposit percent must be a whole number from 1 to 100.'),
    }),
    z.object({ kind: z.literal('full') }),
  ],
  { error: 'Deposit kind must be "none", "fixed" (with amount), "percent" (with percent) or "full".' },
);
export type DepositRule = z.infer<typeof DepositRule>;

/** A stored rule (kind, and cents or a percent) as the wire says it (dollars), and back. */
export function toWireRule(rule: StoredDepositRule): DepositRule {
  if (rule.kind === 'fixed') return { kind: 'fixed', amount: toDollars(rule.value) };
  if (rule.kind === 'percent') return { kind: 'percent', percent: rule.value };
  return { kind: rule.kind };
}
export function fromWireRule(rule: DepositRule): StoredDepositRule {
  if (rule.kind === 'fixed') return { kind: 'fixed', value: toCents(rule.amount) };
  if (rule.kind === 'percent') return { kind: 'percent', value: rule.percent };
  return { kind: rule.kind, value: 0 };
}

export const PAYMENT_STATES = ['awaiting', 'due', 'paid', 'partly_refunded', 'refunded', 'unpaid'] as const;

/**
 * A booking's money: `deposit` asked for at booking, `paid` through Stripe, `refunded` back,
 * `balance` still due on the day (the total less what was paid and kept). `unpaid`: the hold
 * expired before the customer paid. `due`: a plan's visit whose deposit the customer pays
 * online before it, not paid yet (it holds its time meanwhile; docs/decisions/022).
 */
export const BookingPayment = z.object({
  state: z.enum(PAYMENT_STATES),
  deposit: z.number(),
  paid: z.number(),
  refunded: z.number(),
  balance: z.number(),
});
export type BookingPayment = z.infer<typeof BookingPayment>;

/** A connected Stripe account as the owner sees it: never the key, only its mode and last four characters. */
export const StripeConnection = z.object({
  accountId: z.string(),
  accountName: z.string(),
  mode: z.enum(['test', 'live']),
  keyHint: z.string(),
  connectedAt: IsoDateTime,
});
export type StripeConnection = z.infer<typeof StripeConnection>;

/**
 * A recurring plan's deposit (docs/decisions/022): asked of its first visit only, or of every
 * visit, each paid online before it from the link its mails carry.
 */
export const PlanDeposit = z.enum(['first', 'every'], {
  error: 'Plan deposit must be "first" (the first visit only) or "every" (every visit).',
});
export type PlanDeposit = z.infer<typeof PlanDeposit>;

export const REFUND_WINDOW_MAX_HOURS = 720;
export const PaymentRules = z.object({
  deposit: DepositRule,
  /** A customer who cancels at least this many hours before the visit gets the deposit back in full; 0: always. */
  refundWindowHours: z
    .number({ error: 'Refund window must be a number of hours.' })
    .int('Refund window must be whole hours.')
    .min(0, 'Refund window cannot be negative.')
    .max(REFUND_WINDOW_MAX_HOURS, `Refund window must be at most ${REFUND_WINDOW_MAX_HOURS} hours (30 days).`),
  /** Paid bookings are approved at once instead of waiting for the owner. */
  approvePaid: z.boolean({ error: 'Say whether paid bookings are approved at once.' }),
  /** Left out (older dashboards and scripts): unchanged. */
  planDeposit: PlanDeposit.optional(),
});
export type PaymentRules = z.infer<typeof PaymentRules>;

export const PaymentSettings = PaymentRules.extend({
  planDeposit: PlanDeposit,
  stripe: StripeConnection.nullable(),
  /** False while the server has no ENCRYPTION_KEY: keys could not be stored, so connecting is refused. */
  canConnect: z.boolean(),
  /** Where Stripe must send this business's events (the webhook endpoint to add in Stripe). */
  webhookUrl: z.string(),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

export const StripeConnectRequest = z.object({
  secretKey: z
    .string({ error: 'Paste your Stripe secret key (it starts with sk_test_ or sk_live_).' })
    .trim()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,250}$/,
      'That is not a Stripe secret key: it starts with sk_test_ or sk_live_ (or rk_ for a restricted key). Copy it from Stripe, Developers, API keys.',
    ),
  webhookSecret: z
    .string({ error: 'Paste the webhook signing secret (it starts with whsec_).' })
    .trim()
    .regex(
      /^whsec_[A-Za-z0-9+/=]{8,250}$/,
      "That is not a webhook signing secret: it starts with whsec_. Copy it from the webhook endpoint's page in Stripe.",
    ),
});
export type StripeConnectRequest = z.infer<typeof StripeConnectRequest>;

export const RefundRequest = z.object({
  amount: Dollars('Refund amount', 20_000).refine(
    (n) => Math.round(n * 100) > 0,
    'Refund amount must be more than $0.',
  ),
  reason: plainText(z.string().trim().max(300, 'Reason must be at most 300 characters.'), 'Reason').optional(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

export const StripeWebhookParams = z.object({ businessId: Id });

/** A Stripe event (https://docs.stripe.com/api/events/object): read only after its signature is checked. */
export const StripeEventBody = z.looseObject({ id: z.string(), type: z.string() });
