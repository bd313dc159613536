/**
 * Quote arithmetic of docs/architecture.md#the-booking-path, in integer cents: service price, plus
 * the specific question's part (a dropdown option's value, or rate x quantity),
 * plus price per mile x miles. Pure: the server computes every quote with this
 * (a customer never sets a price); the widget only shows the server's lines.
 */
import { formatUsd, toDollars } from './money.ts';

export interface QuoteService {
  name: string;
  priceCents: number;
}

export interface QuoteQuestion {
  question: string;
  type: 'dropdown' | 'rate';
  options: readonly { text: string; valueCents: number }[];
  rateCents: number | null;
}

export type QuoteAnswer = { option: string } | { quantity: number } | null | undefined;

export interface QuoteInput {
  service: QuoteService;
  /** null when the business asks no specific question. */
  question: QuoteQuestion | null;
  answer: QuoteAnswer;
  /** 0 when the business does not price by distance. */
  pricePerMileCents: number;
  /** Distance from the business to the customer; null when unknown. */
  miles: number | null;
}

export interface QuoteLineCents {
  label: string;
  amountCents: number;
}

export interface Quote {
  lines: QuoteLineCents[];
  totalCents: number;
  /** Rounded to 0.1 mile; null when distance is not priced. */
  miles: number | null;
  /** What the customer answered, as shown to the owner (option text or quantity); null without a question. */
  answerText: string | null;
}

/**
 * The most a quote may come to: $20,000,000, the round amount under what a booking's
 * total_cents holds on PostgreSQL (an integer column: 2^31 - 1 cents, $21,474,836.47), so
 * both databases store the same range. The contract's bounds (api.ts) keep every quote
 * without a rate answer under it (a $100,000 service and option, $1,000 a mile across
 * the Earth); a rate of up to $10,000 times a quantity of up to 100,000 can pass it.
 */
export const MAX_TOTAL_CENTS = 2_000_000_000;

/**
 * A quote that cannot be made from what the customer sent; the message says what to fix
 * and the code is the error code it answers (shared/src/errors.ts).
 */
export class QuoteError extends Error {
  readonly code: 'ANSWER_INVALID' | 'AMOUNT_TOO_LARGE';
  constructor(message: string, code: 'ANSWER_INVALID' | 'AMOUNT_TOO_LARGE' = 'ANSWER_INVALID') {
    super(message);
    this.name = 'QuoteError';
    this.code = code;
  }
}

/**
 * Cents from a fractional amount, half rounded up. Reading to 6 decimals first drops
 * binary noise (105 x 1.5 is exactly 157.5, but 3 x 0.1 x 100 is 30.000000000000004).
 */
export function roundCentsHalfUp(amount: number): number {
  return Math.round(Number(amount.toFixed(6)));
}

/** Miles as priced: rounded to 0.1 mile. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole, non-negative cents`);
}

function questionLine(question: QuoteQuestion, answer: QuoteAnswer): { line: QuoteLineCents; answerText: string } {
  if (question.type === 'dropdown') {
    const chosen = answer && 'option' in answer ? answer.option.trim().toLowerCase() : null;
    const option = question.options.find((o) => o.text.trim().toLowerCase() === chosen);
    if (!option) {
      const choices = question.options.map((o) => o.text).join(', ');
      throw new QuoteError(`Answer "${question.question}" with one of: ${choices}.`);
    }
    assertCents(option.valueCents, 'Option value');
    return {
      line: { label: `${asLabel(question.question)}: ${option.text}`, amountCents: option.valueCents },
      answerText: option.text,
    };
  }
  const quantity = answer && 'quantity' in answer ? answer.quantity : null;
  if (quantity === null || !Number.isFinite(quantity) || quantity < 0)
    throw new QuoteError(`Answer "${question.question}" with a number of 0 or more.`);
  const rateCents = question.rateCents ?? 0;
  assertCents(rateCents, 'Rate');
  return {
    line: {
      label: `${asLabel(question.question)}: ${quantity} × ${formatUsd(toDollars(rateCents))}`,
      amountCents: roundCentsHalfUp(rateCents * quantity),
    },
    answerText: String(quantity),
  };
}

export function computeQuote(input: QuoteInput): Quote {
  const { service, question, answer, pricePerMileCents, miles } = input;
  assertCents(service.priceCents, 'Service price');
  assertCents(pricePerMileCents, 'Price per mile');
  const lines: QuoteLineCents[] = [{ label: service.name, amountCents: service.priceCents }];
  let answerText: string | null = null;
  if (question) {
    const part = questionLine(question, answer);
    lines.push(part.line);
    answerText = part.answerText;
  }
  let pricedMiles: number | null = null;
  if (pricePerMileCents > 0 && miles !== null) {
    if (!Number.isFinite(miles) || miles < 0) throw new RangeError('Miles must be a non-negative number');
    pricedMiles = roundMiles(miles);
    lines.push({
      label: `Distance: ${pricedMiles} mi × ${formatUsd(toDollars(pricePerMileCents))}/mi`,
      amountCents: roundCentsHalfUp(pricePerMileCents * pricedMiles),
    });
  }
  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (totalCents > MAX_TOTAL_CENTS)
    throw new QuoteError(
      `The quote comes to ${formatUsd(toDollars(totalCents))}, more than the ${formatUsd(toDollars(MAX_TOTAL_CENTS))} a booking can be: answer with a smaller quantity, or contact the business.`,
      'AMOUNT_TOO_LARGE',
    );
  return { lines, totalCents, miles: pricedMiles, answerText };
}

/** "What are we detailing?" reads oddly before a colon; drop a closing question mark. */
function asLabel(question: string): string {
  return question.replace(/\s*\?\s*$/, '');
}
