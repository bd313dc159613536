/**
 * Settings > Payments' own words (docs/decisions/021): the example a deposit rule gives on a
 * quote, worked out by the same rule the server charges by (shared/src/deposit.ts), and the
 * refund windows offered.
 */
import { type DepositRule, fromWireRule } from '@slotwise/shared/api';
import { depositCents, REFUND_WINDOW_HOURS } from '@slotwise/shared/deposit';
import { formatUsd, toDollars } from '@slotwise/shared/money';

/** A quote with odd cents, so the example shows how a percentage rounds. */
const EXAMPLE_QUOTE_CENTS = 19_505;

/** "On a $195.05 quote: $48.76 now, $146.29 on the day."; null for no deposit. */
export function depositExample(rule: DepositRule, quoteCents: number = EXAMPLE_QUOTE_CENTS): string | null {
  if (rule.kind === 'none') return null;
  const now = depositCents(fromWireRule(rule), quoteCents);
  const quote = formatUsd(toDollars(quoteCents));
  return `On a ${quote} quote: ${formatUsd(toDollars(now))} now, ${formatUsd(toDollars(quoteCents - now))} on the day.`;
}

export interface RefundChoice {
  hours: number;
  label: string;
}

function refundLabel(hours: number): string {
  return hours === 0 ? 'Any time before the visit' : `${hours} hours before`;
}

/** The windows an owner picks from, and the saved one too when it is not among them (set through the API). */
export function refundChoices(current: number): RefundChoice[] {
  const hours: number[] = [...REFUND_WINDOW_HOURS];
  if (!hours.includes(current)) hours.push(current);
  return hours.sort((a, b) => a - b).map((h) => ({ hours: h, label: refundLabel(h) }));
}
