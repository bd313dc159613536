import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from './money.ts';
import {
  answersText,
  computeQuote,
  MAX_TOTAL_CENTS,
  type QuoteAnswer,
  QuoteError,
  type QuoteInput,
  type QuoteQuestion,
  quoteMinutes,
  roundCentsHalfUp,
  roundMiles,
} from './quote.ts';

const service = { id: 'svc', name: 'Full Detail', priceCents: 12_000, durationMin: 120 };
const asked = { unit: null, minQuantity: null, maxQuantity: null, required: true, serviceIds: null };
const dropdown: QuoteQuestion = {
  ...asked,
  id: 'q1',
  question: 'Vehicle size',
  type: 'dropdown',
  options: [
    { text: 'Sedan', valueCents: 0, extraMinutes: 0 },
    { text: 'SUV', valueCents: 2_550, extraMinutes: 30 },
  ],
  rateCents: null,
};
const rate: QuoteQuestion = { ...asked, id: 'q1', question: 'Seats', type: 'rate', options: [], rateCents: 1_050 };

const base: QuoteInput = {
  service,
  questions: [],
  answers: {},
  addOns: [],
  chosenAddOns: [],
  pricePerMileCents: 0,
  miles: null,
};
/** The input with one question and its answer (the old single-question shape). */
const one = (question: QuoteQuestion, answer: QuoteAnswer): Pick<QuoteInput, 'questions' | 'answers'> => ({
  questions: [question],
  answers: { [question.id]: answer },
});

describe('quote examples', () => {
  it('is the service price alone when nothing else applies', () => {
    expect(computeQuote(base)).toEqual({
      lines: [{ label: 'Full Detail', amountCents: 12_000 }],
      totalCents: 12_000,
      miles: null,
      answers: [],
      durationMin: 120,
    });
  });

  it('adds the chosen dropdown option, matched without regard to case or spaces', () => {
    const q = computeQuote({ ...base, ...one(dropdown, { option: ' suv ' }) });
    expect(q.lines).toEqual([
      { label: 'Full Detail', amountCents: 12_000 },
      { label: 'Vehicle size: SUV', amountCents: 2_550 },
    ]);
    expect(q.totalCents).toBe(14_550);
    expect(q.answers).toEqual([{ question: 'Vehicle size', answer: 'SUV' }]);
    expect(q.durationMin).toBe(150);
  });

  it('shows a zero-value option as its own line', () => {
    const q = computeQuote({ ...base, ...one(dropdown, { option: 'Sedan' }) });
    expect(q.lines[1]).toEqual({ label: 'Vehicle size: Sedan', amountCents: 0 });
    expect(q.totalCents).toBe(12_000);
  });

  it('refuses an option the business does not offer, naming the choices', () => {
    expect(() => computeQuote({ ...base, ...one(dropdown, { option: 'Truck' }) })).toThrow(
      new QuoteError('Answer "Vehicle size" with one of: Sedan, SUV.'),
    );
    expect(() => computeQuote({ ...base, ...one(dropdown, null) })).toThrow(QuoteError);
    expect(() => computeQuote({ ...base, ...one(dropdown, { quantity: 2 }) })).toThrow(QuoteError);
  });

  it('words the unit with its "per": "$12.00 per seat", not "$12.00 seat"', () => {
    const seat = { ...rate, rateCents: 1_200, unit: 'seat' };
    expect(computeQuote({ ...base, ...one(seat, { quantity: 2 }) }).lines[1]?.label).toBe('Seats: 2 × $12.00 per seat');
    const typed = { ...rate, rateCents: 1_200, unit: 'per seat' };
    expect(computeQuote({ ...base, ...one(typed, { quantity: 2 }) }).lines[1]?.label).toBe(
      'Seats: 2 × $12.00 per seat',
    );
  });

  it('multiplies a rate by the quantity, rounding half a cent up', () => {
    const q = computeQuote({ ...base, ...one(rate, { quantity: 3 }) });
    expect(q.lines[1]).toEqual({ label: 'Seats: 3 × $10.50', amountCents: 3_150 });
    expect(q.answers).toEqual([{ question: 'Seats', answer: '3' }]);
    // 1050 x 1.5 = 1575; 105 x 1.5 = 157.5 -> 158; 101 x 0.5 = 50.5 -> 51
    expect(computeQuote({ ...base, ...one(rate, { quantity: 1.5 }) }).lines[1]?.amountCents).toBe(1_575);
    const cheap = { ...rate, rateCents: 105 };
    expect(computeQuote({ ...base, ...one(cheap, { quantity: 1.5 }) }).lines[1]?.amountCents).toBe(158);
    const odd = { ...rate, rateCents: 101 };
    expect(computeQuote({ ...base, ...one(odd, { quantity: 0.5 }) }).lines[1]?.amountCents).toBe(51);
  });

  it('accepts a quantity of zero and refuses a missing or negative one', () => {
    expect(computeQuote({ ...base, ...one(rate, { quantity: 0 }) }).totalCents).toBe(12_000);
    expect(() => computeQuote({ ...base, ...one(rate, null) })).toThrow(
      new QuoteError('Answer "Seats" with a number of 0 or more.'),
    );
    expect(() => computeQuote({ ...base, ...one(rate, { quantity: -1 }) })).toThrow(QuoteError);
    expect(() => computeQuote({ ...base, ...one(rate, { option: 'SUV' }) })).toThrow(QuoteError);
  });

  // Issue 39: an answer by an _id the business does not have comes from a page opened before the
  // owner saved the questions; priced as unanswered, it booked a price the customer never saw.
  it('refuses an answer to a question the business does not ask (any more) with QUESTIONS_CHANGED', () => {
    const stale = () => computeQuote({ ...base, answers: { q1: { option: 'SUV' } } });
    expect(stale).toThrow(
      new QuoteError(
        'The questions and prices changed since this page was opened; answer the questions again.',
        'QUESTIONS_CHANGED',
      ),
    );
    expect(() => stale()).toThrow(expect.objectContaining({ code: 'QUESTIONS_CHANGED' }));
    expect(() =>
      computeQuote({ ...base, ...one(dropdown, { option: 'SUV' }), answers: { q1: { option: 'SUV' }, gone: null } }),
    ).toThrow(expect.objectContaining({ code: 'QUESTIONS_CHANGED' }));
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
      ...base,
      ...one(dropdown, { option: 'SUV' }),
      pricePerMileCents: 99,
      miles: 7.05,
    });
    // 7.05 -> 7.1 (well, 7.0 or 7.1 by float; assert the rule, not a guess)
    expect(q.miles).toBe(roundMiles(7.05));
    expect(q.totalCents).toBe(12_000 + 2_550 + roundCentsHalfUp(99 * roundMiles(7.05)));
  });

  it('refuses inputs that are not whole cents', () => {
    expect(() => computeQuote({ ...base, service: { ...service, name: 'x', priceCents: 10.5 } })).toThrow(RangeError);
    expect(() => computeQuote({ ...base, service: { ...service, name: 'x', priceCents: -1 } })).toThrow(RangeError);
    expect(() => computeQuote({ ...base, pricePerMileCents: 1.5, miles: 1 })).toThrow(RangeError);
  });

  it('refuses a total over the most a booking can hold with AMOUNT_TOO_LARGE, and not one at it', () => {
    // PostgreSQL's integer total_cents holds 2^31 - 1 cents; the maximum stays under it.
    expect(MAX_TOTAL_CENTS).toBeLessThanOrEqual(2 ** 31 - 1);
    // $10,000 a seat (the most a rate may be) x 100,000 seats (the most a quantity may be).
    const huge: QuoteInput = { ...base, ...one({ ...rate, rateCents: 1_000_000 }, { quantity: 100_000 }) };
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
      service: { ...service, name: 's', priceCents: 0 },
      ...one({ ...rate, rateCents: 1_000_000 }, { quantity: 2_000 }),
    });
    expect(atMost.totalCents).toBe(MAX_TOTAL_CENTS);
    // The largest quote the contract's bounds allow without a rate answer fits: a $100,000 service, a
    // $100,000 option and $1,000 a mile to the far side of the Earth (12,451 miles).
    const far = computeQuote({
      ...base,
      service: { ...service, name: 's', priceCents: 10_000_000 },
      ...one({ ...dropdown, options: [{ text: 'Max', valueCents: 10_000_000, extraMinutes: 0 }] }, { option: 'Max' }),
      pricePerMileCents: 100_000,
      miles: 12_451,
    });
    expect(far.totalCents).toBeLessThanOrEqual(MAX_TOTAL_CENTS);
  });

  it('gives an answer that does not fit the question the code ANSWER_INVALID', () => {
    try {
      computeQuote({ ...base, ...one(rate, null) });
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
          ...base,
          service: { ...service, name: 's', priceCents: price },
          ...one({ ...rate, rateCents }, { quantity: qty }),
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
          totalOrInfinity({
            ...base,
            service: { ...service, name: 's', priceCents: price },
            pricePerMileCents: perMile,
            miles: m,
          });
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
            service: { ...service, name: 's', priceCents: price },
            ...one({ ...rate, rateCents }, { quantity: qty }),
          });
        expect(at(more)).toBeGreaterThanOrEqual(at(less));
      }),
    );
  });

  it('a dropdown quote is exactly price plus the option value', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { minLength: 1, maxLength: 8 }), fc.nat(), (price, values, pick) => {
        const options = values.map((v, i) => ({ text: `Option ${i}`, valueCents: v, extraMinutes: 0 }));
        const chosen = options[pick % options.length]!;
        const q = computeQuote({
          ...base,
          service: { ...service, name: 's', priceCents: price },
          ...one({ ...dropdown, options }, { option: chosen.text }),
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
      ...base,
      ...one(
        {
          ...dropdown,
          question: 'What are we detailing?',
          options: [{ text: 'SUV', valueCents: 500, extraMinutes: 0 }],
        },
        { option: 'SUV' },
      ),
    });
    expect(q.lines[1]?.label).toBe('What are we detailing: SUV');
  });
});

const condition: QuoteQuestion = {
  ...dropdown,
  id: 'q2',
  question: 'Condition?',
  options: [
    { text: 'Clean', valueCents: 0, extraMinutes: 0 },
    { text: 'Heavy', valueCents: 4_000, extraMinutes: 45 },
  ],
};
const spa: QuoteQuestion = { ...asked, id: 'q3', question: 'Spa', type: 'yes_no', options: [], rateCents: 2_000 };
const area: QuoteQuestion = {
  ...rate,
  id: 'q4',
  question: 'Lawn area',
  rateCents: 600,
  unit: 'per 1,000 sq ft',
  minQuantity: 1,
  maxQuantity: 50,
};
const petHair = { id: 'a1', name: 'Pet hair removal', priceCents: 3_000, extraMinutes: 30 };
const headlights = { id: 'a2', name: 'Headlight restoration', priceCents: 4_500, extraMinutes: 0 };

describe('several questions and add-ons', () => {
  it('prices each question in the owner order, then the ticked add-ons, and lengthens the slot', () => {
    const q = computeQuote({
      ...base,
      questions: [dropdown, condition],
      answers: { q1: { option: 'SUV' }, q2: { option: 'heavy' } },
      addOns: [petHair, headlights],
      chosenAddOns: ['a1'],
    });
    expect(q.lines).toEqual([
      { label: 'Full Detail', amountCents: 12_000 },
      { label: 'Vehicle size: SUV', amountCents: 2_550 },
      { label: 'Condition: Heavy', amountCents: 4_000 },
      { label: 'Add-on: Pet hair removal', amountCents: 3_000 },
    ]);
    expect(q.totalCents).toBe(21_550);
    expect(q.durationMin).toBe(120 + 30 + 45 + 30);
    expect(answersText(q.answers)).toBe('Vehicle size: SUV; Condition: Heavy');
  });

  it('skips a question that applies to other services, and refuses an add-on the service does not offer', () => {
    const other = { ...condition, serviceIds: ['another-service'] };
    const q = computeQuote({ ...base, questions: [dropdown, other], answers: { q1: { option: 'Sedan' } } });
    expect(q.lines).toHaveLength(2);
    expect(() => computeQuote({ ...base, addOns: [petHair], chosenAddOns: ['a2'] })).toThrow(
      new QuoteError('One of the chosen add-ons is not offered with this service; choose again.'),
    );
  });

  it('lets an optional question go unanswered, and refuses an unanswered required one', () => {
    const optional = { ...condition, required: false };
    expect(computeQuote({ ...base, questions: [optional], answers: {} }).lines).toHaveLength(1);
    expect(() => computeQuote({ ...base, questions: [condition], answers: {} })).toThrow(
      new QuoteError('Answer "Condition?" with one of: Clean, Heavy.'),
    );
  });

  it('adds a yes/no amount only on yes', () => {
    expect(computeQuote({ ...base, ...one(spa, { yes: true }) }).lines[1]).toEqual({
      label: 'Spa: Yes',
      amountCents: 2_000,
    });
    expect(computeQuote({ ...base, ...one(spa, { yes: false }) }).totalCents).toBe(12_000);
    expect(() => computeQuote({ ...base, ...one(spa, { option: 'Yes' }) })).toThrow(
      new QuoteError('Answer "Spa" with yes or no.'),
    );
  });

  it('prices a rate with its unit, inside its minimum and maximum', () => {
    expect(computeQuote({ ...base, ...one(area, { quantity: 4 }) }).lines[1]).toEqual({
      label: 'Lawn area: 4 × $6.00 per 1,000 sq ft',
      amountCents: 2_400,
    });
    for (const quantity of [0.5, 51])
      expect(() => computeQuote({ ...base, ...one(area, { quantity }) })).toThrow(
        new QuoteError('Answer "Lawn area" with a number from 1 to 50.'),
      );
  });
});

const option = fc.record({ valueCents: cents, extraMinutes: fc.integer({ min: 0, max: 240 }) });
/** A business's questions and add-ons, and a customer's answers, all of them valid. */
const richInput = fc
  .record({
    price: cents,
    questions: fc.array(
      fc.record({
        kind: fc.constantFrom('dropdown', 'rate', 'yes_no'),
        options: fc.array(option, { minLength: 1, maxLength: 4 }),
        rateCents: fc.integer({ min: 0, max: 100_000 }),
        required: fc.boolean(),
        forThis: fc.boolean(),
        pick: fc.nat(),
        quantity: fc.double({ min: 0, max: 500, noNaN: true }),
        yes: fc.boolean(),
        answered: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
    addOns: fc.array(
      fc.record({ priceCents: cents, extraMinutes: fc.integer({ min: 0, max: 240 }), ticked: fc.boolean() }),
      {
        maxLength: 6,
      },
    ),
  })
  .map(({ price, questions, addOns }): QuoteInput => {
    const answers: Record<string, QuoteAnswer> = {};
    const qs = questions.map((g, i): QuoteQuestion => {
      const id = `q${i}`;
      const options = g.options.map((o, j) => ({ ...o, text: `Option ${j}` }));
      if (g.answered || g.required)
        answers[id] =
          g.kind === 'dropdown'
            ? { option: options[g.pick % options.length]!.text }
            : g.kind === 'rate'
              ? { quantity: g.quantity }
              : { yes: g.yes };
      return {
        ...asked,
        id,
        question: `Question ${i}`,
        type: g.kind,
        options: g.kind === 'dropdown' ? options : [],
        rateCents: g.kind === 'dropdown' ? null : g.rateCents,
        required: g.required,
        serviceIds: g.forThis ? null : ['another-service'],
      };
    });
    const offered = addOns.map((a, i) => ({ id: `a${i}`, name: `Extra ${i}`, ...a }));
    return {
      ...base,
      service: { ...service, priceCents: price },
      questions: qs,
      answers,
      addOns: offered,
      chosenAddOns: offered.filter((a) => a.ticked).map((a) => a.id),
    };
  });

describe('quote properties with several questions and add-ons', () => {
  it('totals the sum of its whole, non-negative lines, the same every time', () => {
    fc.assert(
      fc.property(richInput, (input) => {
        const q = computeQuote(input);
        for (const line of q.lines) {
          expect(Number.isSafeInteger(line.amountCents)).toBe(true);
          expect(line.amountCents).toBeGreaterThanOrEqual(0);
        }
        expect(q.totalCents).toBe(q.lines.reduce((s, l) => s + l.amountCents, 0));
        // Rounding is stable: the same input gives the same cents, and the JSON copy stored on a booking reads the same.
        expect(computeQuote(structuredClone(input))).toEqual(q);
        expect(JSON.parse(JSON.stringify(q.lines))).toEqual(q.lines);
      }),
    );
  });

  it('sizes the slot as the widget does: quoteMinutes and the quote agree', () => {
    fc.assert(
      fc.property(richInput, (input) => {
        const q = computeQuote(input);
        expect(quoteMinutes(input.service, input.questions, input.answers, input.addOns, input.chosenAddOns)).toBe(
          q.durationMin,
        );
      }),
    );
  });

  it('itemises each ticked add-on once, and grows by exactly its price when one more is ticked', () => {
    fc.assert(
      fc.property(richInput, fc.nat(), (input, pick) => {
        const unticked = input.addOns.filter((a) => !input.chosenAddOns.includes(a.id));
        fc.pre(unticked.length > 0);
        const extra = unticked[pick % unticked.length]!;
        const before = computeQuote(input);
        const after = computeQuote({ ...input, chosenAddOns: [...input.chosenAddOns, extra.id] });
        expect(after.totalCents - before.totalCents).toBe(extra.priceCents);
        expect(after.durationMin - before.durationMin).toBe(extra.extraMinutes);
      }),
    );
  });
});
