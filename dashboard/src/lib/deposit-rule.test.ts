import { describe, expect, it } from 'vitest';
import { draftFrom, ruleFrom } from './deposit-rule.ts';

describe('deposit rule drafts', () => {
  it('start from the rule as saved, or no deposit', () => {
    expect(draftFrom(null)).toEqual({ kind: 'none', amount: '', percent: '' });
    expect(draftFrom(undefined)).toEqual({ kind: 'none', amount: '', percent: '' });
    expect(draftFrom({ kind: 'fixed', amount: 40 })).toEqual({ kind: 'fixed', amount: '40', percent: '' });
    expect(draftFrom({ kind: 'percent', percent: 25 })).toEqual({ kind: 'percent', amount: '', percent: '25' });
    expect(draftFrom({ kind: 'full' })).toEqual({ kind: 'full', amount: '', percent: '' });
  });

  it('become the rule the API takes, leaving out the field of another kind', () => {
    expect(ruleFrom({ kind: 'none', amount: '12', percent: '5' })).toEqual({ ok: true, value: { kind: 'none' } });
    expect(ruleFrom({ kind: 'full', amount: '', percent: '' })).toEqual({ ok: true, value: { kind: 'full' } });
    expect(ruleFrom({ kind: 'fixed', amount: ' 40.5 ', percent: '' })).toEqual({
      ok: true,
      value: { kind: 'fixed', amount: 40.5 },
    });
    expect(ruleFrom({ kind: 'percent', amount: '', percent: '25' })).toEqual({
      ok: true,
      value: { kind: 'percent', percent: 25 },
    });
  });

  it.each([
    ['', 'Deposit amount must be a number.'],
    ['abc', 'Deposit amount must be a number.'],
    ['0.49', 'Deposit amount must be at least $0.50 (the smallest card payment Stripe takes).'],
    ['20000.01', 'Deposit amount must be at most 20000.'],
    ['10.005', 'Deposit amount can have at most two decimals (cents).'],
  ])('refuses a fixed amount of %j', (amount, error) => {
    expect(ruleFrom({ kind: 'fixed', amount, percent: '' })).toEqual({ ok: false, error });
  });

  it.each(['', '0', '101', '12.5', '-5', 'ten'])('refuses a percent of %j', (percent) => {
    expect(ruleFrom({ kind: 'percent', amount: '', percent })).toEqual({
      ok: false,
      error: 'Deposit percent must be a whole number from 1 to 100.',
    });
  });
});
