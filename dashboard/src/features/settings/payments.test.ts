import { describe, expect, it } from 'vitest';
import { depositExample, refundChoices } from './payments.ts';

describe('depositExample', () => {
  it('works the rule out on a $195.05 quote, rounding a percentage to the cent', () => {
    expect(depositExample({ kind: 'percent', percent: 25 })).toBe(
      'On a $195.05 quote: $48.76 now, $146.29 on the day.',
    );
    expect(depositExample({ kind: 'fixed', amount: 40 })).toBe('On a $195.05 quote: $40.00 now, $155.05 on the day.');
    expect(depositExample({ kind: 'full' })).toBe('On a $195.05 quote: $195.05 now, $0.00 on the day.');
  });

  it('never asks for more than the quote', () => {
    expect(depositExample({ kind: 'fixed', amount: 500 })).toBe('On a $195.05 quote: $195.05 now, $0.00 on the day.');
  });

  it('gives no example without a deposit', () => {
    expect(depositExample({ kind: 'none' })).toBeNull();
  });
});

describe('refundChoices', () => {
  it('offers any time, then 12 to 72 hours before', () => {
    expect(refundChoices(24).map((c) => c.label)).toEqual([
      'Any time before the visit',
      '12 hours before',
      '24 hours before',
      '48 hours before',
      '72 hours before',
    ]);
    expect(refundChoices(0).map((c) => c.hours)).toEqual([0, 12, 24, 48, 72]);
  });

  it('keeps a saved window that is not among them', () => {
    expect(refundChoices(36).map((c) => c.hours)).toEqual([0, 12, 24, 36, 48, 72]);
    expect(refundChoices(36)[3]?.label).toBe('36 hours before');
  });
});
