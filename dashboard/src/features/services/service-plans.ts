/**
 * A service offered as a recurring plan (issue 24, docs/decisions/022): the frequencies the owner
 * ticks in the add and edit forms, each with its discount per visit, and the short note the list
 * shows. The bounds and sentences are the server's (shared/src/api.ts PlanDiscount), repeated here
 * so the Services chunk does not pull zod into the browser (as lib/deposit-rule.ts does).
 */
import type { PlanOffer } from '@slotwise/shared/api';
import { frequencyLabel, PLAN_FREQUENCIES, PLAN_PERCENT_MAX, type PlanFrequency } from '@slotwise/shared/plans';
import type { Checked } from '../../lib/deposit-rule.ts';

/** The largest amount off a visit the server takes, in dollars (Dollars('Discount amount', 10_000)). */
const MAX_AMOUNT_OFF = 10_000;

/** The form's words: "Monthly" alone would not say which day of the month. */
export const PLAN_CHOICES: readonly { frequency: PlanFrequency; label: string }[] = PLAN_FREQUENCIES.map(
  (frequency) => ({
    frequency,
    label: frequency === 'monthly' ? 'Monthly (same weekday)' : frequencyLabel(frequency),
  }),
);

export type DiscountChoice = 'none' | 'percent' | 'amount';

export const DISCOUNT_CHOICES: readonly { value: DiscountChoice; label: string }[] = [
  { value: 'none', label: 'No discount' },
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off' },
];

/** What the percent and amount fields accept. */
export const DISCOUNT_BOUNDS = {
  percent: { min: 1, max: PLAN_PERCENT_MAX },
  amount: { min: 0.01, max: MAX_AMOUNT_OFF },
} as const;

/** One frequency in the form; percent and amount stay text while typed, so an empty field is not 0. */
export interface PlanOfferDraft {
  offered: boolean;
  discount: DiscountChoice;
  percent: string;
  amount: string;
}
export type PlansDraft = Record<PlanFrequency, PlanOfferDraft>;

export function plansDraftFrom(offers: readonly PlanOffer[] | null | undefined): PlansDraft {
  const draft = {} as PlansDraft;
  for (const frequency of PLAN_FREQUENCIES) {
    const offer = offers?.find((o) => o.frequency === frequency);
    const discount = offer?.discount ?? null;
    draft[frequency] = {
      offered: Boolean(offer),
      discount: discount?.kind ?? 'none',
      percent: discount?.kind === 'percent' ? String(discount.percent) : '',
      amount: discount?.kind === 'amount' ? String(discount.amount) : '',
    };
  }
  return draft;
}

/** The ticked frequencies, in the order of PLAN_FREQUENCIES, as the API wants them; or what to fix. */
export function plansFrom(draft: PlansDraft): Checked<PlanOffer[]> {
  const offers: PlanOffer[] = [];
  for (const { frequency, label } of PLAN_CHOICES) {
    const d = draft[frequency];
    if (!d.offered) continue;
    if (d.discount === 'percent') {
      const text = d.percent.trim();
      const percent = Number(text);
      if (!/^\d+$/.test(text) || percent < 1 || percent > PLAN_PERCENT_MAX)
        return { ok: false, error: `${label}: the discount must be a whole percent from 1 to ${PLAN_PERCENT_MAX}.` };
      offers.push({ frequency, discount: { kind: 'percent', percent } });
    } else if (d.discount === 'amount') {
      const text = d.amount.trim();
      const amount = Number(text);
      if (text === '' || !Number.isFinite(amount) || amount <= 0)
        return { ok: false, error: `${label}: the amount off must be more than $0.` };
      if (amount > MAX_AMOUNT_OFF)
        return { ok: false, error: `${label}: the amount off must be at most $${MAX_AMOUNT_OFF}.` };
      if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6)
        return { ok: false, error: `${label}: the amount off can have at most two decimals (cents).` };
      offers.push({ frequency, discount: { kind: 'amount', amount } });
    } else {
      offers.push({ frequency, discount: null });
    }
  }
  return { ok: true, value: offers };
}

/** "−10%", "−$15", "−$7.50". */
function offText(discount: PlanOffer['discount']): string | null {
  if (!discount) return null;
  if (discount.kind === 'percent') return `−${discount.percent}%`;
  return `−$${Number.isInteger(discount.amount) ? discount.amount : discount.amount.toFixed(2)}`;
}

/** "Weekly −10%, Every 2 weeks"; null for a service booked just once. */
export function plansNote(offers: readonly PlanOffer[] | null | undefined): string | null {
  if (!offers?.length) return null;
  const order = (o: PlanOffer) => PLAN_FREQUENCIES.indexOf(o.frequency);
  return [...offers]
    .sort((a, b) => order(a) - order(b))
    .map((o) => [frequencyLabel(o.frequency), offText(o.discount)].filter(Boolean).join(' '))
    .join(', ');
}
