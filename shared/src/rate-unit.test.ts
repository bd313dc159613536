import { describe, expect, it } from 'vitest';
import { perUnit, ratePrice } from './rate-unit.ts';

describe('perUnit', () => {
  it.each([
    ['seat', 'per seat'],
    ['  seat ', 'per seat'],
    ['per seat', 'per seat'],
    ['Per hour', 'Per hour'],
    ['per 1,000 sq ft', 'per 1,000 sq ft'],
    ['/hour', 'per hour'],
    ['each', 'each'],
    ['a bag', 'a bag'],
    ['area', 'per area'],
    ['', 'each'],
    [null, 'each'],
  ])('%j reads %j', (unit, words) => {
    expect(perUnit(unit)).toBe(words);
  });

  it('prices a rate: "$12.00 per seat"', () => {
    expect(ratePrice(12, 'seat')).toBe('$12.00 per seat');
  });
});
