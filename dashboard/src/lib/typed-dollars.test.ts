import { describe, expect, it } from 'vitest';
import { typedDollars } from './typed-dollars.ts';

describe('typedDollars', () => {
  it('reads dollars and cents as typed, with or without a $', () => {
    expect(typedDollars(' 12.50 ')).toBe(12.5);
    expect(typedDollars('$7')).toBe(7);
    expect(typedDollars('0')).toBe(0);
  });

  it('takes a minus only where the field allows one', () => {
    expect(typedDollars('-10')).toBeNull();
    expect(typedDollars('-10', { negative: true })).toBe(-10);
    expect(typedDollars('-$10', { negative: true })).toBe(-10);
  });

  it('refuses what is not dollars and cents', () => {
    for (const bad of ['', '10.505', '1,000', '1e2', 'ten', '12.', '$-'])
      expect(typedDollars(bad, { negative: true }), bad).toBeNull();
  });
});
