/**
 * The Quotes page's words and the pure rules its form follows (docs/product.md#quotes-you-send):
 * each state's label and colour, the day a quote's price holds until on the business's calendar,
 * and the answers and hand lines as the create call takes them.
 */
import type { Answer, NewOwnerQuote, OwnerQuoteStatus, QuoteQuestion } from '@slotwise/shared/api';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import type { BadgeColor } from '@slotwise/ui/status-badge.tsx';

export const QUOTE_STATUS: Record<OwnerQuoteStatus, { label: string; color: BadgeColor }> = {
  draft: { label: 'Draft', color: 'grey' },
  sent: { label: 'Sent', color: 'amber' },
  viewed: { label: 'Viewed', color: 'blue' },
  booked: { label: 'Booked', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  expired: { label: 'Expired', color: 'grey' },
  withdrawn: { label: 'Withdrawn', color: 'grey' },
};

/** The business-calendar day of an instant (an ISO date-time), or null. */
export function dayIn(iso: string | null, timeZone: string): string | null {
  return iso === null ? null : utcMsToLocal(Date.parse(iso), timeZone).day;
}

/** The last day a price holds: the day before its valid-until (the end of that day). */
export function lastDayOf(validUntil: string | null, timeZone: string): string | null {
  return validUntil === null ? null : utcMsToLocal(Date.parse(validUntil) - 1, timeZone).day;
}

/** What the form keeps per question: an option's text, a quantity typed, or a yes. */
export type AnswerDraft = { option: string } | { quantity: string } | { yes: boolean };

/** The answers the create call takes, by question id; a question left blank is left out. */
export function answersOf(
  questions: readonly QuoteQuestion[],
  drafts: Readonly<Record<string, AnswerDraft>>,
): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  for (const q of questions) {
    const d = drafts[q._id];
    if (!d) continue;
    if ('option' in d && d.option) out[q._id] = { option: d.option };
    else if ('quantity' in d && d.quantity.trim() !== '' && Number.isFinite(Number(d.quantity)))
      out[q._id] = { quantity: Number(d.quantity) };
    else if ('yes' in d) out[q._id] = { yes: d.yes };
  }
  return out;
}

export interface HandLineDraft {
  label: string;
  amount: string;
}

/** The hand lines with a label and an amount; half-typed rows are left out. */
export function handLinesOf(drafts: readonly HandLineDraft[]): NonNullable<NewOwnerQuote['handLines']> {
  return drafts
    .filter((l) => l.label.trim() !== '' && l.amount.trim() !== '' && Number.isFinite(Number(l.amount)))
    .map((l) => ({ label: l.label.trim(), amount: Number(l.amount) }));
}
