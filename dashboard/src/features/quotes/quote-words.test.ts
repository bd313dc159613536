import type { QuoteQuestion } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { answersOf, handLinesOf, lastDayOf } from './quote-words.ts';

const question = (id: string, type: QuoteQuestion['type']): QuoteQuestion => ({
  _id: id,
  question: id,
  type,
  options: [],
  rate: null,
  unit: null,
  minQuantity: null,
  maxQuantity: null,
  required: false,
  serviceIds: null,
});

describe('the new quote form', () => {
  it('sends only the answers given, as the engine takes them', () => {
    const qs = [question('a', 'dropdown'), question('b', 'rate'), question('c', 'yes_no')];
    expect(answersOf(qs, { a: { option: 'SUV' }, b: { quantity: '' }, c: { yes: true } })).toEqual({
      a: { option: 'SUV' },
      c: { yes: true },
    });
    expect(answersOf(qs, { b: { quantity: '12' } })).toEqual({ b: { quantity: 12 } });
  });

  it('keeps hand lines with a label and an amount', () => {
    expect(
      handLinesOf([
        { label: ' Moss ', amount: '45' },
        { label: '', amount: '10' },
        { label: 'Half', amount: '' },
      ]),
    ).toEqual([{ label: 'Moss', amount: 45 }]);
  });

  it('reads the last day from the end of it, in the business zone', () => {
    // Midnight starting Dec 16 in Los Angeles: the price holds through Dec 15.
    expect(lastDayOf('2026-12-16T08:00:00.000Z', 'America/Los_Angeles')).toBe('2026-12-15');
  });
});
