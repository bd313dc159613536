import { describe, expect, it } from 'vitest';
import { type PlansDraft, plansDraftFrom, plansFrom, plansNote } from './service-plans.ts';

const none = { offered: false, discount: 'none', percent: '', amount: '' } as const;

function draft(over: Partial<PlansDraft>): PlansDraft {
  return { weekly: none, every_2_weeks: none, every_4_weeks: none, monthly: none, ...over };
}

describe("a service's plans", () => {
  it('notes the plans in a few words, in the order of the frequencies, and nothing for a one-off service', () => {
    expect(
      plansNote([
        { frequency: 'every_2_weeks', discount: null },
        { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
      ]),
    ).toBe('Weekly −10%, Every 2 weeks');
    expect(
      plansNote([
        { frequency: 'monthly', discount: { kind: 'amount', amount: 15 } },
        { frequency: 'every_4_weeks', discount: { kind: 'amount', amount: 7.5 } },
      ]),
    ).toBe('Every 4 weeks −$7.50, Monthly −$15');
    expect(plansNote([])).toBeNull();
    expect(plansNote(undefined)).toBeNull();
  });

  it('starts the form from the offers, nothing ticked when there are none', () => {
    expect(plansDraftFrom(undefined)).toEqual(draft({}));
    expect(
      plansDraftFrom([
        { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
        { frequency: 'monthly', discount: { kind: 'amount', amount: 12.5 } },
        { frequency: 'every_2_weeks', discount: null },
      ]),
    ).toEqual(
      draft({
        weekly: { offered: true, discount: 'percent', percent: '10', amount: '' },
        every_2_weeks: { offered: true, discount: 'none', percent: '', amount: '' },
        monthly: { offered: true, discount: 'amount', percent: '', amount: '12.5' },
      }),
    );
  });

  it('sends the ticked frequencies with their discounts, ignoring what an unticked one had typed', () => {
    expect(
      plansFrom(
        draft({
          weekly: { offered: true, discount: 'percent', percent: '10', amount: '' },
          every_2_weeks: { offered: false, discount: 'percent', percent: '500', amount: '' },
          every_4_weeks: { offered: true, discount: 'none', percent: '5', amount: '' },
          monthly: { offered: true, discount: 'amount', percent: '', amount: '15' },
        }),
      ),
    ).toEqual({
      ok: true,
      value: [
        { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
        { frequency: 'every_4_weeks', discount: null },
        { frequency: 'monthly', discount: { kind: 'amount', amount: 15 } },
      ],
    });
    expect(plansFrom(draft({}))).toEqual({ ok: true, value: [] });
  });

  it.each([
    ['percent', '0', 'Weekly: the discount must be a whole percent from 1 to 90.'],
    ['percent', '91', 'Weekly: the discount must be a whole percent from 1 to 90.'],
    ['percent', '12.5', 'Weekly: the discount must be a whole percent from 1 to 90.'],
    ['percent', '', 'Weekly: the discount must be a whole percent from 1 to 90.'],
    ['amount', '0', 'Weekly: the amount off must be more than $0.'],
    ['amount', '', 'Weekly: the amount off must be more than $0.'],
    ['amount', '10000.01', 'Weekly: the amount off must be at most $10000.'],
    ['amount', '4.999', 'Weekly: the amount off can have at most two decimals (cents).'],
  ] as const)('refuses a %s discount of %j', (discount, value, error) => {
    const weekly = { offered: true, discount, percent: value, amount: value };
    expect(plansFrom(draft({ weekly }))).toEqual({ ok: false, error });
  });

  it('takes the bounds themselves', () => {
    const one = plansFrom(draft({ weekly: { offered: true, discount: 'percent', percent: '1', amount: '' } }));
    const ninety = plansFrom(draft({ weekly: { offered: true, discount: 'percent', percent: '90', amount: '' } }));
    const cent = plansFrom(draft({ weekly: { offered: true, discount: 'amount', percent: '', amount: '0.01' } }));
    expect([one.ok, ninety.ok, cent.ok]).toEqual([true, true, true]);
  });
});
