/**
 * The contract of recurring plans (docs/decisions/022): what a service offers, the owner's list of
 * plans (calls: plans.calls.ts); the stored offer and its wire form.
 */

import { z } from 'zod';
import { PLAN_FREQUENCIES, PLAN_OFFERS_MAX, PLAN_PERCENT_MAX, PLAN_STATUSES, type StoredPlanOffer } from '../plans.ts';
import { BookingTime } from './bookings.schemas.ts';
import { Dollars, HhMm, Id } from './fields.schemas.ts';

export const PlanFrequency = z.enum(PLAN_FREQUENCIES, {
  error: 'Frequency must be "weekly", "every_2_weeks", "every_4_weeks" or "monthly".',
});
const PERCENT_OFF = `A plan's percent discount must be a whole number from 1 to ${PLAN_PERCENT_MAX}.`;

/** Off each visit's quote: a whole percent, or an amount in dollars; null: no discount. */
export const PlanDiscount = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('percent'),
        percent: z
          .number({ error: PERCENT_OFF })
          .int(PERCENT_OFF)
          .min(1, PERCENT_OFF)
          .max(PLAN_PERCENT_MAX, PERCENT_OFF),
      }),
      z.object({
        kind: z.literal('amount'),
        amount: Dollars('Discount amount', 10_000).refine(
          (n) => Math.round(n * 100) > 0,
          'Discount amount must be more than $0.',
        ),
      }),
    ],
    { error: 'Discount kind must be "percent" (with percent) or "amount" (with amount), or null for none.' },
  )
  .nullable();
export type PlanDiscount = z.infer<typeof PlanDiscount>;

/** A frequency a service is offered at, with its discount per visit. */
export const PlanOffer = z.object({ frequency: PlanFrequency, discount: PlanDiscount });
export type PlanOffer = z.infer<typeof PlanOffer>;

/** A stored offer (amounts in cents) as the wire says it (dollars), and back. */
export function toWireOffer(o: StoredPlanOffer): PlanOffer {
  const d = o.discount;
  return {
    frequency: o.frequency,
    discount: !d
      ? null
      : d.kind === 'percent'
        ? { kind: 'percent', percent: d.percent }
        : { kind: 'amount', amount: d.cents / 100 },
  };
}

export function fromWireOffer(o: PlanOffer): StoredPlanOffer {
  const d = o.discount;
  return {
    frequency: o.frequency,
    discount: !d
      ? null
      : d.kind === 'percent'
        ? { kind: 'percent', percent: d.percent }
        : { kind: 'amount', cents: Math.round(d.amount * 100) },
  };
}

export const PlanOffers = z
  .array(PlanOffer)
  .max(PLAN_OFFERS_MAX, `A service offers at most ${PLAN_OFFERS_MAX} frequencies.`)
  .refine((offers) => new Set(offers.map((o) => o.frequency)).size === offers.length, 'Offer each frequency once.');

/** A frequency as the quote answers it: its words, its discount's words, and the price of a visit. */
export const QuotePlan = z.object({
  frequency: PlanFrequency,
  label: z.string(),
  discount: z.string().nullable(),
  perVisit: z.number(),
  /**
   * When the business takes a deposit: what the first visit asks when booking, at the plan's
   * price; `everyVisit` when each later visit asks it too (paid from that visit's mail).
   */
  deposit: z.object({ dueNow: z.number(), dueLater: z.number(), everyVisit: z.boolean().optional() }).optional(),
});
export type QuotePlan = z.infer<typeof QuotePlan>;

/** A recurring plan as the owner's Plans view lists it. */
export const PlanSummary = z.object({
  _id: Id,
  customerName: z.string(),
  customerEmail: z.string(),
  serviceName: z.string(),
  frequency: PlanFrequency,
  /** "Weekly", "Monthly on the second Tuesday". */
  label: z.string(),
  /** The visits' wall-clock start, HH:MM in the business's zone. */
  startTime: HhMm,
  perVisit: z.number(),
  status: z.enum(PLAN_STATUSES),
  /** Whether the owner approved the plan: its later visits are booked approved. */
  approved: z.boolean(),
  /** The next visit that holds a time, or null. */
  nextVisit: BookingTime.nullable(),
  /** Visits waiting for the owner: pending ones, and ones whose day was taken. */
  pendingVisits: z.number().int(),
  needsTime: z.number().int(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;
export const PlansResponse = z.object({ plans: z.array(PlanSummary) });
export type PlansResponse = z.infer<typeof PlansResponse>;
export const PlanParams = z.object({
  id: z.string().uuid('That is not a plan id; use the _id of a plan from your plans list.'),
});
