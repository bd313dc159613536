/**
 * Quote arithmetic of docs/architecture.md#the-booking-path, in integer cents: service price, plus
 * each question's part (a dropdown option's value, rate x quantity, or a yes's amount), plus each
 * ticked add-on, plus price per mile x miles; and the slot length, which options and add-ons
 * lengthen (docs/decisions/026). Pure: the server computes every quote with this (a customer
 * never sets a price); the widget shows the server's lines and sizes its slots with quoteMinutes.
 */
import { formatUsd, toDollars } from './money.ts';
import { ratePrice } from './rate-unit.ts';

export interface QuoteService {
  /** The service's id: a question or add-on may apply to some services only. */
  id: string;
  name: string;
  priceCents: number;
  /** The slot length before any answer or add-on adds to it. */
  durationMin: number;
}

/** An answer choice of a dropdown: what it adds to the price and to the slot length. */
export interface QuoteOption {
  text: string;
  valueCents: number;
  extraMinutes: number;
}

/** The question types (docs/decisions/026): a dropdown of options, a rate x quantity, or yes/no for a fixed amount. */
export const QUESTION_TYPES = ['dropdown', 'rate', 'yes_no'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface QuoteQuestion {
  id: string;
  question: string;
  type: QuestionType;
  /** A dropdown's options (empty for the other types). */
  options: readonly QuoteOption[];
  /** A rate's price per unit, or what a yes adds; null on a dropdown. */
  rateCents: number | null;
  /** A rate's unit ("per 1,000 sq ft"); null otherwise or when unsaid. */
  unit: string | null;
  /** A rate's least and most quantity; null: 0 and the contract's bound. */
  minQuantity: number | null;
  maxQuantity: number | null;
  /** An optional question may be left unanswered: it then adds nothing. */
  required: boolean;
  /** The services it is asked for; null: every service. */
  serviceIds: readonly string[] | null;
}

export type QuoteAnswer = { option: string } | { quantity: number } | { yes: boolean } | null | undefined;

export interface QuoteAddOn {
  id: string;
  name: string;
  priceCents: number;
  extraMinutes: number;
}

export interface QuoteInput {
  service: QuoteService;
  /** The business's questions, in order; those that do not apply to the service are skipped. */
  questions: readonly QuoteQuestion[];
  /** Answers by question id. */
  answers: Readonly<Record<string, QuoteAnswer>>;
  /** The service's add-ons, and the ids the customer ticked. */
  addOns: readonly QuoteAddOn[];
  chosenAddOns: readonly string[];
  /** 0 when the business does not price by distance. */
  pricePerMileCents: number;
  /** Distance from the business to the customer; null when unknown. */
  miles: number | null;
}

export interface QuoteLineCents {
  label: string;
  amountCents: number;
}

/** One answer as kept on the booking and shown to the owner: the question's words and the answer's. */
export interface AnswerText {
  question: string;
  answer: string;
}

export interface Quote {
  lines: QuoteLineCents[];
  totalCents: number;
  /** Rounded to 0.1 mile; null when distance is not priced. */
  miles: number | null;
  /** What the customer answered, question by question (unanswered optional ones left out). */
  answers: AnswerText[];
  /** The slot length: the service's, plus what the chosen options and add-ons add. */
  durationMin: number;
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
  readonly code: 'ANSWER_INVALID' | 'AMOUNT_TOO_LARGE' | 'QUESTIONS_CHANGED';
  constructor(message: string, code: QuoteError['code'] = 'ANSWER_INVALID') {
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

/** The questions asked for a service, in the owner's order. */
export function questionsFor<Q extends Pick<QuoteQuestion, 'serviceIds'>>(
  questions: readonly Q[],
  serviceId: string,
): Q[] {
  return questions.filter((q) => q.serviceIds === null || q.serviceIds.includes(serviceId));
}

interface Part {
  line: QuoteLineCents;
  answer: string;
  extraMinutes: number;
}

/** A question's line, or null for an optional question left unanswered (or answered no). */
function questionPart(question: QuoteQuestion, answer: QuoteAnswer): Part | null {
  const unanswered = answer === null || answer === undefined;
  if (unanswered && !question.required) return null;
  const label = asLabel(question.question);
  if (question.type === 'dropdown') {
    const chosen = answer && 'option' in answer ? answer.option.trim().toLowerCase() : null;
    const option = question.options.find((o) => o.text.trim().toLowerCase() === chosen);
    if (!option) {
      const choices = question.options.map((o) => o.text).join(', ');
      throw new QuoteError(`Answer "${question.question}" with one of: ${choices}.`);
    }
    assertCents(option.valueCents, 'Option value');
    return {
      line: { label: `${label}: ${option.text}`, amountCents: option.valueCents },
      answer: option.text,
      extraMinutes: option.extraMinutes,
    };
  }
  if (question.type === 'yes_no') {
    if (!answer || !('yes' in answer)) throw new QuoteError(`Answer "${question.question}" with yes or no.`);
    const amountCents = question.rateCents ?? 0;
    assertCents(amountCents, 'Amount');
    // No adds nothing: a line "Spa: No $0.00" would only lengthen the quote.
    if (!answer.yes) return { line: { label: `${label}: No`, amountCents: 0 }, answer: 'No', extraMinutes: 0 };
    return { line: { label: `${label}: Yes`, amountCents }, answer: 'Yes', extraMinutes: 0 };
  }
  const quantity = answer && 'quantity' in answer ? answer.quantity : null;
  const least = question.minQuantity ?? 0;
  const most = question.maxQuantity;
  if (quantity === null || !Number.isFinite(quantity) || quantity < least || (most !== null && quantity > most)) {
    const range = most === null ? `of ${least} or more` : `from ${least} to ${most}`;
    throw new QuoteError(`Answer "${question.question}" with a number ${range}.`);
  }
  const rateCents = question.rateCents ?? 0;
  assertCents(rateCents, 'Rate');
  // No unit: "3 × $10.50"; with one, "3 × $12.00 per seat".
  const price = question.unit?.trim()
    ? ratePrice(toDollars(rateCents), question.unit)
    : formatUsd(toDollars(rateCents));
  return {
    line: {
      label: `${label}: ${quantity} × ${price}`,
      amountCents: roundCentsHalfUp(rateCents * quantity),
    },
    answer: String(quantity),
    extraMinutes: 0,
  };
}

/** The ticked add-ons, in the owner's order; an id the service does not offer is refused. */
function chosenAddOns(addOns: readonly QuoteAddOn[], chosen: readonly string[]): QuoteAddOn[] {
  for (const id of chosen)
    if (!addOns.some((a) => a.id === id))
      throw new QuoteError('One of the chosen add-ons is not offered with this service; choose again.');
  return addOns.filter((a) => chosen.includes(a.id));
}

export function computeQuote(input: QuoteInput): Quote {
  const { service, pricePerMileCents, miles } = input;
  assertCents(service.priceCents, 'Service price');
  assertCents(pricePerMileCents, 'Price per mile');
  const lines: QuoteLineCents[] = [{ label: service.name, amountCents: service.priceCents }];
  const answers: AnswerText[] = [];
  let durationMin = service.durationMin;
  // Answers name questions by _id, and a saved question gets a new one (docs/decisions/026): an
  // answer to an _id the business no longer has comes from a page opened before the owner saved.
  // Priced as unanswered it would book a price the customer never saw, so the page asks again.
  for (const id of Object.keys(input.answers))
    if (!input.questions.some((q) => q.id === id))
      throw new QuoteError(
        'The questions and prices changed since this page was opened; answer the questions again.',
        'QUESTIONS_CHANGED',
      );
  for (const question of questionsFor(input.questions, service.id)) {
    const part = questionPart(question, input.answers[question.id]);
    if (!part) continue;
    lines.push(part.line);
    answers.push({ question: question.question, answer: part.answer });
    durationMin += part.extraMinutes;
  }
  for (const addOn of chosenAddOns(input.addOns, input.chosenAddOns)) {
    assertCents(addOn.priceCents, 'Add-on price');
    lines.push({ label: `Add-on: ${addOn.name}`, amountCents: addOn.priceCents });
    durationMin += addOn.extraMinutes;
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
  return { lines, totalCents, miles: pricedMiles, answers, durationMin };
}

/**
 * The slot length alone (the widget asks for slots before it has a quote): the same
 * minutes computeQuote counts, with unknown answers adding nothing.
 */
export function quoteMinutes(
  service: Pick<QuoteService, 'id' | 'durationMin'>,
  // Options as the wire has them too (dollars, not cents): only their text and minutes count here.
  questions: readonly (Pick<QuoteQuestion, 'id' | 'type' | 'serviceIds'> & {
    options: readonly Pick<QuoteOption, 'text' | 'extraMinutes'>[];
  })[],
  answers: Readonly<Record<string, QuoteAnswer>>,
  addOns: readonly Pick<QuoteAddOn, 'id' | 'extraMinutes'>[],
  chosen: readonly string[],
): number {
  let minutes = service.durationMin;
  for (const q of questionsFor(questions, service.id)) {
    const a = answers[q.id];
    if (q.type !== 'dropdown' || !a || !('option' in a)) continue;
    const text = a.option.trim().toLowerCase();
    minutes += q.options.find((o) => o.text.trim().toLowerCase() === text)?.extraMinutes ?? 0;
  }
  for (const addOn of addOns) if (chosen.includes(addOn.id)) minutes += addOn.extraMinutes;
  return minutes;
}

/** The lines as one line of text: "Full Detail $120.00; Add-on: Pet hair removal $30.00" (mails, the CSV). */
export function linesText(lines: readonly QuoteLineCents[]): string {
  return lines.map((l) => `${l.label} ${formatUsd(toDollars(l.amountCents))}`).join('; ');
}

/** The answers as one line of text for a mail, the CSV or the crew's notes ("Vehicle size: SUV; Condition: Heavy"). */
export function answersText(answers: readonly AnswerText[]): string {
  return answers.map((a) => `${asLabel(a.question)}: ${a.answer}`).join('; ');
}

/** "What are we detailing?" reads oddly before a colon; drop a closing question mark. */
function asLabel(question: string): string {
  return question.replace(/\s*\?\s*$/, '');
}
