/**
 * What a booking's customer owes (docs/decisions/043): the booking's price as lines, the lines the
 * owner adds on the day (extra work, a discount), sales tax on the taxable lines, less the deposit
 * and the payments received. Pure integer cents, one rule for the invoice, the owner's screen and
 * (later) the pay link, so they always agree.
 *
 * Tax is computed once, on the taxable total (never line by line), and rounded half to even to the
 * cent: `tax = roundHalfEven(taxable × rate / 100 000)`, the rate in thousandths of a percent
 * (8.875 % is 8875). Exact integer arithmetic, reproducible anywhere.
 */
import { MAX_TOTAL_CENTS } from './quote.ts';

/** A rate is kept in thousandths of a percent: 8.875 % -> 8875. */
export const TAX_RATE_SCALE = 100_000;
/** The highest rate an owner may set: 30 %, above any sales tax or VAT in use. */
export const MAX_TAX_RATE = 30_000;

/** One line of a bill: a booking's price line or a day line. Negative amounts are discounts. */
export interface BalanceLine {
  description: string;
  amountCents: number;
  /** Whether sales tax applies to it. */
  taxable: boolean;
}

export interface TaxRate {
  /** As the customer reads it: "Sales tax". */
  name: string;
  /** Thousandths of a percent (TAX_RATE_SCALE); 0: no tax. */
  rate: number;
}

export interface BalanceInput {
  lines: readonly BalanceLine[];
  /** null: the business charges no tax. */
  tax: TaxRate | null;
  /** The deposit kept: paid at booking less what was refunded. */
  depositCents: number;
  /** Payments received after the job (the payments work fills this); each a positive amount. */
  payments: readonly { amountCents: number }[];
}

export interface Balance {
  /** The sum of the lines. */
  linesCents: number;
  /** What the tax is computed on: the taxable lines' sum, never below 0 (a taxable discount stops there). */
  taxableCents: number;
  taxCents: number;
  /**
   * What a discount larger than everything else would have taken below zero, given back so the
   * total is never negative (0 but for such a discount): linesCents + taxCents + this = totalCents.
   */
  discountLimitCents: number;
  /** What the job comes to: never negative. */
  totalCents: number;
  /** The deposit plus the payments. */
  paidCents: number;
  /** What is still owed (0 once paid). */
  dueCents: number;
  /** What was paid beyond the total: the customer's credit (0 unless overpaid). */
  creditCents: number;
}

function assertWholeCents(value: number, what: string, allowNegative: boolean): void {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0))
    throw new RangeError(`${what} must be whole${allowNegative ? '' : ', non-negative'} cents; got ${value}`);
}

/** n / d rounded half to even, for n >= 0 and d > 0 (both safe integers). */
export function divideHalfEven(n: number, d: number): number {
  const q = Math.floor(n / d);
  const twice = 2 * (n - q * d);
  if (twice > d) return q + 1;
  if (twice < d) return q;
  return q % 2 === 0 ? q : q + 1;
}

/** The tax on a taxable amount at a rate (thousandths of a percent), half to even to the cent. */
export function taxOn(taxableCents: number, rate: number): number {
  assertWholeCents(taxableCents, 'The taxable amount', false);
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > MAX_TAX_RATE)
    throw new RangeError(`A tax rate must be whole thousandths of a percent from 0 to ${MAX_TAX_RATE}; got ${rate}`);
  return divideHalfEven(taxableCents * rate, TAX_RATE_SCALE);
}

/**
 * A tip of whole `percent` of what is due, half to even to the cent (docs/decisions/045): the
 * customer's pay page shows it beside each preset and the server charges exactly it.
 */
export function tipForPercent(dueCents: number, percent: number): number {
  assertWholeCents(dueCents, 'The amount due', false);
  if (!Number.isSafeInteger(percent) || percent < 0)
    throw new RangeError(`A tip must be whole percents; got ${percent}`);
  return divideHalfEven(dueCents * percent, 100);
}

/**
 * What is still owed of a total once `paidCents` (the deposit and the payments) came in: never
 * below zero (more paid is a credit). The one rule for a bill, the pay link and the owner's
 * outstanding invoices (packages/server/src/domain/ledger.ts).
 */
export function dueOf(totalCents: number, paidCents: number): number {
  return Math.max(0, totalCents - paidCents);
}

export function computeBalance(input: BalanceInput): Balance {
  let linesCents = 0;
  let taxableSum = 0;
  for (const line of input.lines) {
    assertWholeCents(line.amountCents, `The line "${line.description}"`, true);
    linesCents += line.amountCents;
    if (line.taxable) taxableSum += line.amountCents;
  }
  assertWholeCents(input.depositCents, 'The deposit', false);
  let paymentsCents = 0;
  for (const p of input.payments) {
    assertWholeCents(p.amountCents, 'A payment', false);
    paymentsCents += p.amountCents;
  }
  const taxableCents = Math.max(0, taxableSum);
  const taxCents = input.tax ? taxOn(taxableCents, input.tax.rate) : 0;
  const owed = linesCents + taxCents;
  const totalCents = Math.max(0, owed);
  const paidCents = input.depositCents + paymentsCents;
  return {
    linesCents,
    taxableCents,
    taxCents,
    discountLimitCents: totalCents - owed,
    totalCents,
    paidCents,
    dueCents: dueOf(totalCents, paidCents),
    creditCents: Math.max(0, paidCents - totalCents),
  };
}

// ---------- a booking's price as lines ----------

/** Which of a booking's price the business taxes: its service, and the add-ons by name. */
export interface Taxability {
  serviceTaxed: boolean;
  /** The taxed add-ons' names (as the quote's "Add-on: {name}" lines carry them), lower case. */
  taxedAddOns: ReadonlySet<string>;
}

const ADD_ON_PREFIX = 'Add-on: ';

/**
 * A booking's price as bill lines: its quote's lines (shared/src/quote.ts), each add-on line
 * taxed as its add-on is, every other line (the service, the answers' parts, distance, an accepted
 * price change) as the service is. Lines that do not add up to the booking's total (a total the
 * owner set, docs/decisions/038) get one more line with the difference, so the bill's price is
 * always the booking's.
 */
export function priceLines(
  quoteLines: readonly { label: string; amountCents: number }[],
  totalCents: number,
  taxability: Taxability,
): BalanceLine[] {
  const lines = quoteLines.map((l): BalanceLine => {
    const addOn = l.label.startsWith(ADD_ON_PREFIX) ? l.label.slice(ADD_ON_PREFIX.length).toLowerCase() : null;
    return {
      description: l.label,
      amountCents: l.amountCents,
      taxable: addOn === null ? taxability.serviceTaxed : taxability.taxedAddOns.has(addOn),
    };
  });
  const rest = totalCents - lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (rest !== 0)
    lines.push({ description: 'Price set by the business', amountCents: rest, taxable: taxability.serviceTaxed });
  return lines;
}

/** The most a bill's lines may add up to, as a booking's total (quote.ts). */
export const MAX_BILL_CENTS = MAX_TOTAL_CENTS;

/** "8.875" -> 8875; null when the text is not a percentage with at most three decimals in range. */
export function parseTaxRate(percent: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{1,3}))?$/.exec(percent.trim());
  if (!m) return null;
  const rate = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return rate <= MAX_TAX_RATE ? rate : null;
}

/** 8875 -> "8.875"; 8250 -> "8.25"; 0 -> "0". */
export function formatTaxRate(rate: number): string {
  const whole = Math.floor(rate / 1000);
  const frac = String(rate % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}
