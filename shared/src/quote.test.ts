import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from './money.ts';
import {
  computeQuote,
  MAX_TOTAL_CENTS,
  QuoteError,
  type QuoteInput,
  type QuoteQuestion,
  roundCentsHalfUp,
  roundMiles,
} from './quote.ts';

const service = { name: 'Full Detail', priceCents: 12_000 };
const dropdown: QuoteQuestion = {
  question: 'Vehicle size',
  type: 'dropdown',
  options: [
    { text: 'Sedan', valueCents: 0 },
    { text: 'SUV', valueCents: 2_550 },
  ],
  rateCents: null,
};
const rate: QuoteQuestion = { question: 'Seats', type: 'rate', options: [], rateCents: 1_050 };

const base: QuoteInput = { service, question: null, answer: null, pricePerMileCents: 0, miles: null };

describe('quote examples', () => {
  it('is the service price alone when nothing else applies', () => {
    expect(computeQuote(base)).toEqual({
      lines: [{ label: 'Full Detail', amountCents: 12_000 }],
      totalCents: 12_000,
      miles: null,
      answerText: null,
    });
  });

  it('adds the chosen dropdown option, matched without regard to case or spaces', () => {
    const q = computeQuote({ ...base, question: dropdown, answer: { option: ' suv ' } });
    expect(q.lines).toEqual([
      { label: 'Full Detail', amountCents: 12_000 },
      { label: 'Vehicle size: SUV', amountCents: 2_550 },
    ]);
    expect(q.totalCents).toBe(14_550);
    expect(q.answerText).toBe('SUV');
  });

  it('shows a zero-value option as its own line', () => {
    const q = computeQuote({ ...base, question: dropdown, answer: { option: 'Sedan' } });
    expect(q.lines[1]).toEqual({ label: 'Vehicle size: Sedan', amountCents: 0 });
    expect(q.totalCents).toBe(12_000);
  });

  it('refuses an option the business does not offer, naming the choices', () => {
    expect(() => computeQuote({ ...base, question: dropdown, answer: { option: 'Truck' } })).toThrow(
      new QuoteError('Answer "Vehicle size" with one of: Sedan, SUV.'),
    );
    expect(() => computeQuote({ ...base, question: dropdown, answer: null })).toThrow(QuoteError);
    expect(() => computeQuote({ ...base, question: dropdown, answer: { quantity: 2 } })).toThrow(QuoteError);
  });

  it('multiplies a rate by the quantity, rounding half a cent up', () => {
    const q = computeQuote({ ...base, question: rate, answer: { quantity: 3 } });
    expect(q.lines[1]).toEqual({ label: 'Seats: 3 × $10.50', amountCents: 3_150 });
    expect(q.answerText).toBe('3');
    // 1050 x 1.5 = 1575; 105 x 1.5 = 157.5 -> 158; 101 x 0.5 = 50.5 -> 51
    expect(computeQuote({ ...base, question: rate, answer: { quantity: 1.5 } }).lines[1]?.amountCents).toBe(1_575);
    const cheap = { ...rate, rateCents: 105 };
    expect(computeQuote({ ...base, question: cheap, answer: { quantity: 1.5 } }).lines[1]?.amountCents).toBe(158);
    const odd = { ...rate, rateCents: 101 };
    expect(computeQuote({ ...base, question: odd, answer: { quantity: 0.5 } }).lines[1]?.amountCents).toBe(51);
  });

  it('accepts a quantity of zero and refuses a missing or negative one', () => {
    expect(computeQuote({ ...base, question: rate, answer: { quantity: 0 } }).totalCents).toBe(12_000);
    expect(() => computeQuote({ ...base, question: rate, answer: null })).toThrow(
      new QuoteError('Answer "Seats" with a number of 0 or more.'),
    );
    expect(() => computeQuote({ ...base, question: rate, answer: { quantity: -1 } })).toThrow(QuoteError);
    expect(() => computeQuote({ ...base, question: rate, answer: { option: 'SUV' } })).toThrow(QuoteError);
  });

  it('ignores an answer when the business asks no question', () => {
    expect(computeQuote({ ...base, answer: { option: 'SUV' } }).totalCents).toBe(12_000);
  });

  it('prices distance per mile on miles rounded to 0.1', () => {
    const q = computeQuote({ ...base, pricePerMileCents: 150, miles: 12.34 });
    expect(q.miles).toBe(12.3);
    expect(q.lines[1]).toEqual({ label: 'Distance: 12.3 mi × $1.50/mi', amountCents: 1_845 });
    expect(q.totalCents).toBe(13_845);
  });

  it('leaves distance out when the business does not price it', () => {
    const q = computeQuote({ ...base, pricePerMileCents: 0, miles: 40 });
    expect(q.miles).toBeNull();
    expect(q.lines).toHaveLength(1);
  });

  it('adds all three parts', () => {
    const q = computeQuote({
      service,
      question: dropdown,
      answer: { option: 'SUV' },
      pricePerMileCents: 99,
      miles: 7.05,
    });
    // 7.05 -> 7.1 (well, 7.0 or 7.1 by float; assert the rule, not a guess)
    expect(q.miles).toBe(roundMiles(7.05));
    expect(q.totalCents).toBe(12_000 + 2_550 + roundCentsHalfUp(99 * roundMiles(7.05)));
  });

  it('refuses inputs that are not whole cents', () => {
    expect(() => computeQuote({ ...base, service: { name: 'x', priceCents: 10.5 } })).toThrow(RangeError);
    expect(() => computeQuote({ ...base, service: { name: 'x', priceCents: -1 } })).toThrow(RangeError);
    expect(() => computeQuote({ ...base, pricePerMileCents: 1.5, miles: 1 })).toThrow(RangeError);
  });

  it('refuses a total over the most a booking can hold with AMOUNT_TOO_LARGE, and not one at it', () => {
    // PostgreSQL's integer total_cents holds 2^31 - 1 cents; the maximum stays under it.
    expect(MAX_TOTAL_CENTS).toBeLessThanOrEqual(2 ** 31 - 1);
    // $10,000 a seat (the most a rate may be) x 100,000 seats (the most a quantity may be).
    const huge: QuoteInput = { ...base, question: { ...rate, rateCents: 1_000_000 }, answer: { quantity: 100_000 } };
    expect(() => computeQuote(huge)).toThrow(
      new QuoteError(
        `The quote comes to ${formatUsd(1_000_000_120)}, more than the $20,000,000.00 a booking can be: answer with a smaller quantity, or contact the business.`,
        'AMOUNT_TOO_LARGE',
      ),
    );
    try {
      computeQuote(huge);
    } catch (err) {
      expect((err as QuoteError).code).toBe('AMOUNT_TOO_LARGE');
    }
    const atMost = computeQuote({
      ...base,
      service: { name: 's', priceCents: 0 },
      question: { ...rate, rateCents: 1_000_000 },
      answer: { quantity: 2_000 },
    });
    expect(atMost.totalCents).toBe(MAX_TOTAL_CENTS);
    // The largest quote the contract's bounds allow without a rate answer fits: a $100,000 service, a
    // $100,000 option and $1,000 a mile to the far side of the Earth (12,451 miles).
    const far = computeQuote({
      ...base,
      service: { name: 's', priceCents: 10_000_000 },
      question: { ...dropdown, options: [{ text: 'Max', valueCents: 10_000_000 }] },
      answer: { option: 'Max' },
      pricePerMileCents: 100_000,
      miles: 12_451,
    });
    expect(far.totalCents).toBeLessThanOrEqual(MAX_TOTAL_CENTS);
  });

  it('gives an answer that does not fit the question the code ANSWER_INVALID', () => {
    try {
      computeQuote({ ...base, question: rate, answer: null });
      expect.unreachable();
    } catch (err) {
      expect((err as QuoteError).code).toBe('ANSWER_INVALID');
    }
  });

  it('rounds away binary noise before rounding to cents', () => {
    expect(roundCentsHalfUp(30.000000000000004)).toBe(30);
    expect(roundCentsHalfUp(157.49999999999997)).toBe(158);
    expect(roundCentsHalfUp(157.4)).toBe(157);
  });
});

const cents = fc.integer({ min: 0, max: 10_000_000 });
const miles = fc.double({ min: 0, max: 5_000, noNaN: true, noDefaultInfinity: true });
const quantity = fc.double({ min: 0, max: 100_000, noNaN: true, noDefaultInfinity: true });

/** The quote, or 'too large' when it is refused for its size (any other refusal fails the test). */
function quoteOrRefusal(input: QuoteInput) {
  try {
    return computeQuote(input);
  } catch (err) {
    if (err instanceof QuoteError && err.code === 'AMOUNT_TOO_LARGE') return 'too large' as const;
    throw err;
  }
}
/** A refused quote counts as more than any quote: once too large, more never fits. */
function totalOrInfinity(input: QuoteInput): number {
  const q = quoteOrRefusal(input);
  return q === 'too large' ? Number.POSITIVE_INFINITY : q.totalCents;
}

describe('quote properties', () => {
  it('is never negative and always whole cents, and its total is the sum of its lines', () => {
    fc.assert(
      fc.property(cents, cents, cents, quantity, miles, (price, rateCents, perMile, qty, m) => {
        const input: QuoteInput = {
          service: { name: 's', priceCents: price },
          question: { ...rate, rateCents },
          answer: { quantity: qty },
          pricePerMileCents: perMile,
          miles: m,
        };
        const q = quoteOrRefusal(input);
        if (q === 'too large') {
          const sum = price + roundCentsHalfUp(rateCents * qty) + roundCentsHalfUp(perMile * roundMiles(m));
          expect(sum).toBeGreaterThan(MAX_TOTAL_CENTS);
          return;
        }
        expect(q.totalCents).toBeLessThanOrEqual(MAX_TOTAL_CENTS);
        for (const line of q.lines) {
          expect(Number.isSafeInteger(line.amountCents)).toBe(true);
          expect(line.amountCents).toBeGreaterThanOrEqual(0);
        }
        expect(Number.isSafeInteger(q.totalCents)).toBe(true);
        expect(q.totalCents).toBe(q.lines.reduce((s, l) => s + l.amountCents, 0));
      }),
    );
  });

  it('never goes down when the customer lives further away', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 100_000 }), miles, miles, (price, perMile, a, b) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        const at = (m: number) =>
          totalOrInfinity({ ...base, service: { name: 's', priceCents: price }, pricePerMileCents: perMile, miles: m });
        expect(at(far)).toBeGreaterThanOrEqual(at(near));
      }),
    );
  });

  it('never goes down when the quantity grows', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1_000_000 }), quantity, quantity, (price, rateCents, a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        const at = (qty: number) =>
          totalOrInfinity({
            ...base,
            service: { name: 's', priceCents: price },
            question: { ...rate, rateCents },
            answer: { quantity: qty },
          });
        expect(at(more)).toBeGreaterThanOrEqual(at(less));
      }),
    );
  });

  it('a dropdown quote is exactly price plus the option value', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { minLength: 1, maxLength: 8 }), fc.nat(), (price, values, pick) => {
        const options = values.map((v, i) => ({ text: `Option ${i}`, valueCents: v }));
        const chosen = options[pick % options.length]!;
        const q = computeQuote({
          ...base,
          service: { name: 's', priceCents: price },
          question: { ...dropdown, options },
          answer: { option: chosen.text },
        });
        expect(q.totalCents).toBe(price + chosen.valueCents);
      }),
    );
  });
});

describe('quote line labels', () => {
  it('drop the question mark of a question before the answer', async () => {
    const { computeQuote } = await import('./quote.ts');
    const q = computeQuote({
      service: { name: 'Wash', priceCents: 1000 },
      question: {
        question: 'What are we detailing?',
        type: 'dropdown',
        options: [{ text: 'SUV', valueCents: 500 }],
        rateCents: null,
      },
      answer: { option: 'SUV' },
      pricePerMileCents: 0,
      miles: null,
    });
    expect(q.lines[1]?.label).toBe('What are we detailing: SUV');
  });
});
