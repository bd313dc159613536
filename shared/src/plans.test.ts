import { describe, expect, it } from 'vitest';
import {
  discountText,
  fifthWeekdayNote,
  frequencyLabel,
  nextPlanDays,
  parseRrule,
  planDays,
  planName,
  rruleOf,
  visitPriceCents,
} from './plans.ts';

describe('a plan rule', () => {
  it('is written from the frequency and the first day', () => {
    expect(rruleOf('weekly', '2026-12-03')).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TH');
    expect(rruleOf('every_2_weeks', '2026-12-05')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA');
    expect(rruleOf('every_4_weeks', '2026-12-07')).toBe('FREQ=WEEKLY;INTERVAL=4;BYDAY=MO');
    expect(rruleOf('monthly', '2026-12-08')).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU');
    expect(rruleOf('monthly', '2026-12-29')).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=5TU');
  });

  it('refuses what it does not write', () => {
    expect(() => parseRrule('FREQ=DAILY;BYDAY=MO')).toThrow();
    expect(() => parseRrule('FREQ=MONTHLY;BYDAY=TU')).toThrow();
    expect(() => parseRrule('FREQ=WEEKLY;INTERVAL=0;BYDAY=TU')).toThrow();
  });
});

describe('the days of a plan', () => {
  it('weekly: every seventh day from the first, from any day on', () => {
    const rule = rruleOf('weekly', '2026-12-03');
    expect(nextPlanDays(rule, '2026-12-03', '2026-12-03', 4)).toEqual([
      '2026-12-03',
      '2026-12-10',
      '2026-12-17',
      '2026-12-24',
    ]);
    expect(nextPlanDays(rule, '2026-12-03', '2026-12-11', 2)).toEqual(['2026-12-17', '2026-12-24']);
    // Never before the first day.
    expect(nextPlanDays(rule, '2026-12-03', '2026-11-01', 1)).toEqual(['2026-12-03']);
  });

  it('every 2 and 4 weeks keep their phase from the first day, across a year end', () => {
    expect(nextPlanDays(rruleOf('every_2_weeks', '2026-12-19'), '2026-12-19', '2026-12-20', 3)).toEqual([
      '2027-01-02',
      '2027-01-16',
      '2027-01-30',
    ]);
    expect(planDays(rruleOf('every_4_weeks', '2026-12-07'), '2026-12-07', '2026-12-07', '2027-03-01').days).toEqual([
      '2026-12-07',
      '2027-01-04',
      '2027-02-01',
      '2027-03-01',
    ]);
  });

  it('monthly on the same weekday: the second Tuesday of each month', () => {
    expect(nextPlanDays(rruleOf('monthly', '2026-12-08'), '2026-12-08', '2026-12-08', 4)).toEqual([
      '2026-12-08',
      '2027-01-12',
      '2027-02-09',
      '2027-03-09',
    ]);
  });

  it('monthly on a fifth Tuesday skips the months without one, and says which', () => {
    const rule = rruleOf('monthly', '2026-12-29');
    const { days, skippedMonths } = planDays(rule, '2026-12-29', '2026-12-29', '2027-06-30');
    expect(days).toEqual(['2026-12-29', '2027-03-30', '2027-06-29']);
    expect(skippedMonths).toEqual(['2027-01', '2027-02', '2027-04', '2027-05']);
    expect(fifthWeekdayNote('monthly', '2026-12-29')).toBe(
      'Not every month has a fifth Tuesday: those months have no visit.',
    );
    expect(fifthWeekdayNote('monthly', '2026-12-08')).toBeNull();
    expect(fifthWeekdayNote('weekly', '2026-12-29')).toBeNull();
  });
});

describe('the price of a visit', () => {
  it('takes a percent off, rounding half up, or an amount, never below zero', () => {
    expect(visitPriceCents(10_000, null)).toBe(10_000);
    expect(visitPriceCents(10_000, { kind: 'percent', percent: 10 })).toBe(9_000);
    expect(visitPriceCents(2_195, { kind: 'percent', percent: 10 })).toBe(1_975);
    expect(visitPriceCents(10_000, { kind: 'amount', cents: 1_500 })).toBe(8_500);
    expect(visitPriceCents(1_000, { kind: 'amount', cents: 1_500 })).toBe(0);
  });

  it('says its discount in words', () => {
    expect(discountText(null)).toBeNull();
    expect(discountText({ kind: 'percent', percent: 10 })).toBe('10% off');
    expect(discountText({ kind: 'amount', cents: 1_500 })).toBe('$15 off');
    expect(discountText({ kind: 'amount', cents: 1_250 })).toBe('$12.50 off');
  });
});

describe('the words of a plan', () => {
  it('names the frequency and the plan', () => {
    expect(frequencyLabel('weekly')).toBe('Weekly');
    expect(frequencyLabel('every_2_weeks')).toBe('Every 2 weeks');
    expect(frequencyLabel('monthly', '2026-12-08')).toBe('Monthly on the second Tuesday');
    expect(planName('weekly', 'Pool Cleaning')).toBe('your weekly Pool Cleaning');
    expect(planName('every_2_weeks', 'Lawn Mowing')).toBe('your Lawn Mowing every 2 weeks');
  });
});
