/**
 * A deposit rule (shared/src/api.ts DepositRule) as an owner types it, in Settings > Payments
 * and on a service, and its check before saving. The limits and sentences are the server's;
 * they are repeated here so the dashboard's chunks do not pull zod into the browser (as
 * features/settings/operations.ts does).
 */
import type { DepositRule } from '@slotwise/shared/api';
import { MIN_CHARGE_CENTS } from '@slotwise/shared/deposit';

export type DepositKind = DepositRule['kind'];

/** Amount and percent stay text while typed, so an empty field is not silently 0. */
export interface RuleDraft {
  kind: DepositKind;
  /** Dollars, for a fixed amount. */
  amount: string;
  /** A whole percent, for a percentage. */
  percent: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The largest fixed deposit the server takes, in dollars. */
const MAX_AMOUNT = 20_000;
const MIN_AMOUNT = MIN_CHARGE_CENTS / 100;
/** What the amount and percent fields accept (components/amount-or-percent-field.tsx). */
export const DEPOSIT_BOUNDS = {
  fixed: { min: MIN_AMOUNT, max: MAX_AMOUNT },
  percent: { min: 1, max: 100 },
} as const;

export function draftFrom(rule: DepositRule | null | undefined): RuleDraft {
  return {
    kind: rule?.kind ?? 'none',
    amount: rule?.kind === 'fixed' ? String(rule.amount) : '',
    percent: rule?.kind === 'percent' ? String(rule.percent) : '',
  };
}

/** The draft as the API wants it, or the sentence saying what to fix. */
export function ruleFrom(draft: RuleDraft): Checked<DepositRule> {
  if (draft.kind === 'fixed') {
    const text = draft.amount.trim();
    const amount = Number(text);
    if (text === '' || !Number.isFinite(amount)) return { ok: false, error: 'Deposit amount must be a number.' };
    if (amount < MIN_AMOUNT)
      return {
        ok: false,
        error: `Deposit amount must be at least $${MIN_AMOUNT.toFixed(2)} (the smallest card payment Stripe takes).`,
      };
    if (amount > MAX_AMOUNT) return { ok: false, error: `Deposit amount must be at most ${MAX_AMOUNT}.` };
    if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6)
      return { ok: false, error: 'Deposit amount can have at most two decimals (cents).' };
    return { ok: true, value: { kind: 'fixed', amount } };
  }
  if (draft.kind === 'percent') {
    const text = draft.percent.trim();
    const percent = Number(text);
    if (!/^\d+$/.test(text) || percent < 1 || percent > 100)
      return { ok: false, error: 'Deposit percent must be a whole number from 1 to 100.' };
    return { ok: true, value: { kind: 'percent', percent } };
  }
  return { ok: true, value: { kind: draft.kind } };
}
