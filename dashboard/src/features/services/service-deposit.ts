/**
 * A service's own deposit rule (issue 23): the choice in the add and edit forms, "Business
 * default" meaning the rule in Settings > Payments (sent as null), and the short note a
 * service with its own rule shows in the list.
 */
import type { DepositRule } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { type Checked, type DepositKind, draftFrom, ruleFrom } from '../../lib/deposit-rule.ts';

export type DepositChoice = 'default' | DepositKind;

export const DEPOSIT_CHOICES: readonly { value: DepositChoice; label: string }[] = [
  { value: 'default', label: 'Business default' },
  { value: 'none', label: 'No deposit' },
  { value: 'fixed', label: 'Fixed amount' },
  { value: 'percent', label: 'Percentage' },
  { value: 'full', label: 'Full price' },
];

/** The deposit part of a service's form; amount and percent stay text while typed. */
export interface DepositDraft {
  deposit: DepositChoice;
  depositAmount: string;
  depositPercent: string;
}

export function depositDraftFrom(rule: DepositRule | null | undefined): DepositDraft {
  const d = draftFrom(rule);
  return { deposit: rule ? d.kind : 'default', depositAmount: d.amount, depositPercent: d.percent };
}

/** null: the business's rule. */
export function depositFrom(draft: DepositDraft): Checked<DepositRule | null> {
  if (draft.deposit === 'default') return { ok: true, value: null };
  return ruleFrom({ kind: draft.deposit, amount: draft.depositAmount, percent: draft.depositPercent });
}

/** "Deposit: 25%", "Deposit: $40.00", "No deposit", "Deposit: full price"; null on the business's rule. */
export function depositNote(rule: DepositRule | null | undefined): string | null {
  if (!rule) return null;
  switch (rule.kind) {
    case 'none':
      return 'No deposit';
    case 'fixed':
      return `Deposit: ${formatUsd(rule.amount)}`;
    case 'percent':
      return `Deposit: ${rule.percent}%`;
    case 'full':
      return 'Deposit: full price';
  }
}
