import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BalanceInput,
  computeBalance,
  divideHalfEven,
  formatTaxRate,
  MAX_TAX_RATE,
  parseTaxRate,
  priceLines,
  taxOn,
  tipForPercent,
} from './balance.ts';

const line = fc.record({
  description: fc.string({ maxLength: 20 }),
  amountCents: fc.integer({ min: -500_000, max: 2_000_000 }),
  taxable: fc.boolean(),
});
const input: fc.Arbitrary<BalanceInput> = fc.record({
  lines: fc.array(line, { maxLength: 12 }),
  tax: fc.option(fc.record({ name: fc.constant('Sales tax'), rate: fc.integer({ min: 0, max: MAX_TAX_RATE }) })),
  depositCents: fc.integer({ min: 0, max: 1_000_000 }),
  payments: fc.array(fc.record({ amountCents: fc.integer({ min: 0, max: 2_000_000 }) }), { maxLength: 5 }),
});

describe('computeBalance', () => {
  it('adds the lines, the tax and the discount limit up to the total, which is never negative', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = computeBalance(i);
        expect(b.linesCents).toBe(i.lines.reduce((s, l) => s + l.amountCents, 0));
        expect(b.linesCents + b.taxCents + b.discountLimitCents).toBe(b.totalCents);
        expect(b.totalCents).toBeGreaterThanOrEqual(0);
        expect(b.discountLimitCents).toBeGreaterThanOrEqual(0);
        if (b.linesCents + b.taxCents >= 0) expect(b.discountLimitCents).toBe(0);
      }),
    );
  });

  it('never taxes below zero and taxes only taxable lines', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = computeBalance(i);
        expect(b.taxCents).toBeGreaterThanOrEqual(0);
        expect(b.taxableCents).toBeGreaterThanOrEqual(0);
        const untaxed = computeBalance({ ...i, lines: i.lines.map((l) => ({ ...l, taxable: false })) });
        expect(untaxed.taxCents).toBe(0);
        if (!i.tax || i.tax.rate === 0) expect(b.taxCents).toBe(0);
      }),
    );
  });

  it('never owes a negative amount: an overpayment is a credit', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = computeBalance(i);
        expect(b.dueCents).toBeGreaterThanOrEqual(0);
        expect(b.creditCents).toBeGreaterThanOrEqual(0);
        expect(b.dueCents === 0 || b.creditCents === 0).toBe(true);
        expect(b.totalCents - b.paidCents).toBe(b.dueCents - b.creditCents);
      }),
    );
  });

  it('comes to the same whatever the order of the lines and payments', () => {
    fc.assert(
      fc.property(input, fc.infiniteStream(fc.nat()), (i, picks) => {
        const shuffle = <T>(xs: readonly T[]) => {
          const out = [...xs];
          const it = picks[Symbol.iterator]();
          for (let k = out.length - 1; k > 0; k--) {
            const j = (it.next().value as number) % (k + 1);
            [out[k], out[j]] = [out[j] as T, out[k] as T];
          }
          return out;
        };
        expect(computeBalance({ ...i, lines: shuffle(i.lines), payments: shuffle(i.payments) })).toEqual(
          computeBalance(i),
        );
      }),
    );
  });

  it('a discount on taxable work lowers the tax, never below zero', () => {
    const b = computeBalance({
      lines: [
        { description: 'Full Detail', amountCents: 10_000, taxable: true },
        { description: 'Loyalty discount', amountCents: -15_000, taxable: true },
        { description: 'Distance', amountCents: 2_000, taxable: false },
      ],
      tax: { name: 'Sales tax', rate: 8250 },
      depositCents: 0,
      payments: [],
    });
    expect(b).toMatchObject({
      taxableCents: 0,
      taxCents: 0,
      linesCents: -3000,
      discountLimitCents: 3000,
      totalCents: 0,
    });
  });

  it('a worked example: $219 taxed at 8.25 % with $30 extra, less a $50 deposit', () => {
    const b = computeBalance({
      lines: [
        { description: 'Full Detail', amountCents: 21_900, taxable: true },
        { description: 'Extra: engine bay', amountCents: 3_000, taxable: true },
        { description: 'Distance', amountCents: 1_250, taxable: false },
      ],
      tax: { name: 'Sales tax', rate: 8250 },
      depositCents: 5_000,
      payments: [],
    });
    // 24 900 × 8.25 % = 2054.25 -> 2054
    expect(b).toMatchObject({ linesCents: 26_150, taxCents: 2054, totalCents: 28_204, dueCents: 23_204 });
  });
});

describe('tax rounding', () => {
  it('rounds half to even', () => {
    expect(divideHalfEven(25, 10)).toBe(2);
    expect(divideHalfEven(35, 10)).toBe(4);
    expect(divideHalfEven(36, 10)).toBe(4);
    expect(divideHalfEven(34, 10)).toBe(3);
    // $1.00 at 0.5 %: 0.5 cents -> 0; $3.00 at 0.5 %: 1.5 cents -> 2
    expect(taxOn(100, 500)).toBe(0);
    expect(taxOn(300, 500)).toBe(2);
  });

  it('is within half a cent of the exact tax', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer({ min: 0, max: MAX_TAX_RATE }), (c, r) => {
        const exact = (c * r) / 100_000;
        expect(Math.abs(taxOn(c, r) - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('refuses a rate out of range', () => {
    expect(() => taxOn(100, MAX_TAX_RATE + 1)).toThrow(RangeError);
    expect(() => taxOn(100, 1.5)).toThrow(RangeError);
  });
});

describe('tips', () => {
  it('is a whole percent of what is due, half to even to the cent', () => {
    // $75.78 at 20 %: 1,515.6 cents -> 1,516; $0.25 at 10 %: 2.5 cents -> 2; $0.35 at 10 %: 3.5 -> 4.
    expect(tipForPercent(7578, 20)).toBe(1516);
    expect(tipForPercent(25, 10)).toBe(2);
    expect(tipForPercent(35, 10)).toBe(4);
    expect(tipForPercent(0, 25)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100 }), (due, p) => {
        expect(Math.abs(tipForPercent(due, p) - (due * p) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('refuses a fraction of a cent or of a percent', () => {
    expect(() => tipForPercent(10.5, 20)).toThrow(RangeError);
    expect(() => tipForPercent(1000, 12.5)).toThrow(RangeError);
  });
});

describe('tax rates as text', () => {
  it('reads percentages with up to three decimals and writes them back', () => {
    expect(parseTaxRate('8.25')).toBe(8250);
    expect(parseTaxRate('8.875')).toBe(8875);
    expect(parseTaxRate('0')).toBe(0);
    expect(parseTaxRate('30')).toBe(30_000);
    for (const bad of ['30.001', '8.8751', '-1', '', 'abc', '1e2', '8,25']) expect(parseTaxRate(bad)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TAX_RATE }), (r) => {
        expect(parseTaxRate(formatTaxRate(r))).toBe(r);
      }),
    );
    expect(formatTaxRate(8250)).toBe('8.25');
  });
});

describe('priceLines', () => {
  it('taxes add-ons as their add-on and everything else as the service, and keeps the booking total', () => {
    const lines = priceLines(
      [
        { label: 'Full Detail', amountCents: 20_000 },
        { label: 'Add-on: Pet hair', amountCents: 3_000 },
        { label: 'Add-on: Wax', amountCents: 2_000 },
      ],
      26_000,
      { serviceTaxed: false, taxedAddOns: new Set(['pet hair']) },
    );
    expect(lines.map((l) => l.taxable)).toEqual([false, true, false, false]);
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(26_000);
    expect(lines[3]).toMatchObject({ description: 'Price set by the business', amountCents: 1_000 });
  });
});
