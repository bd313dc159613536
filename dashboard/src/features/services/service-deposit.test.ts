import { describe, expect, it } from 'vitest';
import { depositDraftFrom, depositFrom, depositNote } from './service-deposit.ts';

describe("a service's deposit", () => {
  it('notes a rule of its own in a few words, and nothing on the business default', () => {
    expect(depositNote({ kind: 'percent', percent: 25 })).toBe('Deposit: 25%');
    expect(depositNote({ kind: 'fixed', amount: 40 })).toBe('Deposit: $40.00');
    expect(depositNote({ kind: 'none' })).toBe('No deposit');
    expect(depositNote({ kind: 'full' })).toBe('Deposit: full price');
    expect(depositNote(null)).toBeNull();
    expect(depositNote(undefined)).toBeNull();
  });

  it('starts the form from the rule, "Business default" when it has none', () => {
    expect(depositDraftFrom(null)).toEqual({ deposit: 'default', depositAmount: '', depositPercent: '' });
    expect(depositDraftFrom(undefined).deposit).toBe('default');
    expect(depositDraftFrom({ kind: 'none' }).deposit).toBe('none');
    expect(depositDraftFrom({ kind: 'fixed', amount: 40 })).toEqual({
      deposit: 'fixed',
      depositAmount: '40',
      depositPercent: '',
    });
  });

  it('sends null for the business default, else the rule, checked', () => {
    expect(depositFrom({ deposit: 'default', depositAmount: '5', depositPercent: '' })).toEqual({
      ok: true,
      value: null,
    });
    expect(depositFrom({ deposit: 'full', depositAmount: '', depositPercent: '' })).toEqual({
      ok: true,
      value: { kind: 'full' },
    });
    expect(depositFrom({ deposit: 'percent', depositAmount: '', depositPercent: '20' })).toEqual({
      ok: true,
      value: { kind: 'percent', percent: 20 },
    });
    expect(depositFrom({ deposit: 'fixed', depositAmount: '', depositPercent: '' })).toEqual({
      ok: false,
      error: 'Deposit amount must be a number.',
    });
  });
});
