/**
 * The New booking form's pure rules: what its address prefills, the answers it sends, the price it
 * sends (the engine's, or the owner's with a reason), and whether it may be saved.
 */
import type { Answer, QuoteQuestion } from '@slotwise/shared/api';
import { isIsoDate } from '@slotwise/shared/time';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Prefill {
  clientId: string | null;
  date: string | null;
  time: string | null;
}

/** The page's address (?client=&date=&time=), each part kept only when well formed. */
export function prefillOf(search: URLSearchParams): Prefill {
  const client = search.get('client');
  const date = search.get('date');
  const time = search.get('time');
  return {
    clientId: client && UUID.test(client) ? client : null,
    date: date && isIsoDate(date) ? date : null,
    time: time && HH_MM.test(time) ? time : null,
  };
}

/** What the owner typed or picked for one question: an option's text, a quantity's digits, a tick. */
export type RawAnswer = string | boolean;

/** One question's answer as the engine takes it; null while it is not answered. */
export function answerOf(question: Pick<QuoteQuestion, 'type'>, raw: RawAnswer | undefined): Answer | null {
  if (raw === undefined) return null;
  if (question.type === 'yes_no') return { yes: raw === true };
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  if (question.type === 'dropdown') return { option: raw };
  const quantity = Number(raw);
  return Number.isFinite(quantity) ? { quantity } : null;
}

/** The answers of the service's questions, by question id, the unanswered left out. */
export function answersOf(
  questions: readonly Pick<QuoteQuestion, '_id' | 'type'>[],
  raw: Readonly<Record<string, RawAnswer>>,
): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const q of questions) {
    const answer = answerOf(q, raw[q._id]);
    if (answer) answers[q._id] = answer;
  }
  return answers;
}

export interface PriceChange {
  /** The total typed, in dollars ("95", "95.50"). */
  total: string;
  reason: string;
}

/**
 * The price to send: none when the owner did not change it (or typed the engine's own total);
 * a problem to show when the total is not an amount, or differs with no reason.
 */
export function priceToSend(
  engineTotal: number | null,
  change: PriceChange | null,
): { price?: { total: number; reason?: string }; problem?: string } {
  if (!change) return {};
  const text = change.total.trim().replace(/^\$/, '');
  const total = Number(text);
  if (text === '' || !Number.isFinite(total) || total < 0 || Math.round(total * 100) !== total * 100)
    return { problem: 'Enter the new total in dollars, like 95 or 95.50.' };
  if (engineTotal !== null && Math.round(total * 100) === Math.round(engineTotal * 100)) return {};
  const reason = change.reason.trim();
  if (reason === '') return { problem: 'Say why the price changes: the reason is kept with the booking.' };
  return { price: { total, reason } };
}
