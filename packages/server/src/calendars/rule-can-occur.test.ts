import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleCanOccur } from './rule-can-occur.ts';

describe('ruleCanOccur', () => {
  it.each([
    // The rules that froze ical.js (issue 39): no such day exists.
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=SECONDLY;BYMONTH=4;BYMONTHDAY=31',
    'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31,30',
    'FREQ=DAILY;BYMONTH=4,6,9,11;BYMONTHDAY=31',
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-30',
    'FREQ=DAILY;BYMONTH=2;BYDAY=MO;BYMONTHDAY=30',
    // Day 40 of the year is in February, day 366 only in a leap year's December.
    'FREQ=DAILY;BYYEARDAY=40;BYMONTH=3',
    'FREQ=DAILY;BYYEARDAY=366;BYMONTH=11',
    'FREQ=DAILY;BYYEARDAY=60;BYMONTHDAY=2',
    // No month has a sixth Monday, or a fifth Monday in its first week.
    'FREQ=MONTHLY;BYDAY=6MO',
    'FREQ=MONTHLY;BYDAY=5MO;BYMONTHDAY=1,2,3,4,5,6,7',
    'FREQ=YEARLY;BYDAY=54FR',
    // Values out of range only.
    'FREQ=DAILY;BYMONTHDAY=32',
    'FREQ=DAILY;BYMONTHDAY=0',
    'FREQ=YEARLY;BYYEARDAY=367',
    'FREQ=YEARLY;BYWEEKNO=54',
    'FREQ=DAILY;BYHOUR=24',
    'FREQ=HOURLY;BYMINUTE=60',
    'FREQ=MONTHLY;BYMONTH=13',
  ])('refuses %s', (rule) => expect(ruleCanOccur(rule)).toBe(false));

  it.each([
    'FREQ=DAILY',
    'FREQ=WEEKLY;BYDAY=MO,WE,FR;INTERVAL=2',
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-29',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,5',
    'FREQ=YEARLY;BYMONTH=2;BYDAY=5MO',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=YEARLY;BYDAY=53FR',
    'FREQ=YEARLY;BYYEARDAY=366',
    'FREQ=YEARLY;BYYEARDAY=-366;BYMONTH=1;BYMONTHDAY=1',
    'FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=DAILY;BYMONTHDAY=31,32',
    // Unreadable: ical.js refuses these itself.
    'FREQ=SOMETIMES',
    'FREQ=DAILY;BYMONTHDAY=x',
    '',
  ])('lets %s through', (rule) => expect(ruleCanOccur(rule)).toBe(true));

  /**
   * The same parts read against real dates: every day of 28 years (1901-2099 repeats every 28
   * years, and the 14 kinds of year are all among them).
   */
  function occursIn28Years(p: {
    months: number[];
    monthDays: number[];
    yearDays: number[];
    monthly: boolean;
    days: [number, number][];
  }) {
    const among = (wanted: number[], value: number, total: number) =>
      wanted.some((w) => (w > 0 ? w === value : total + 1 + w === value));
    for (let year = 2000; year < 2028; year++) {
      const yearLength = year % 4 === 0 ? 366 : 365;
      for (let yearDay = 1; yearDay <= yearLength; yearDay++) {
        const date = new Date(Date.UTC(year, 0, yearDay));
        const month = date.getUTCMonth() + 1;
        const day = date.getUTCDate();
        const monthLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
        if (p.months.length && !p.months.includes(month)) continue;
        if (p.monthDays.length && !among(p.monthDays, day, monthLength)) continue;
        if (p.yearDays.length && !among(p.yearDays, yearDay, yearLength)) continue;
        if (p.days.length) {
          const weekday = date.getUTCDay();
          let matched = false;
          for (const [wd, nth] of p.days) {
            if (wd !== weekday) continue;
            if (nth === 0) matched = true;
            else {
              // Count this weekday's days in the month from each end.
              let before = 0;
              let after = 0;
              for (let d = day - 7; d >= 1; d -= 7) before++;
              for (let d = day + 7; d <= monthLength; d += 7) after++;
              if (among([nth], before + 1, before + 1 + after)) matched = true;
            }
          }
          if (!matched) continue;
        }
        return true;
      }
    }
    return false;
  }

  it('agrees with every day of 28 real years on BYMONTH, BYMONTHDAY, BYYEARDAY and a monthly BYDAY', () => {
    const nonzero = (max: number) => fc.integer({ min: -max, max }).filter((n) => n !== 0);
    fc.assert(
      fc.property(
        fc.record({
          monthly: fc.boolean(),
          months: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 2 }),
          monthDays: fc.uniqueArray(fc.oneof(fc.constantFrom(28, 29, 30, 31, -28, -29, -30, -31), nonzero(31)), {
            maxLength: 2,
          }),
          yearDays: fc.uniqueArray(fc.oneof(fc.constantFrom(59, 60, 61, 365, 366, -1, -366), nonzero(366)), {
            maxLength: 1,
          }),
          days: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -5, max: 5 })), {
            maxLength: 2,
          }),
        }),
        (p) => {
          const days = p.monthly ? p.days : p.days.map(([wd]) => [wd, 0] as [number, number]);
          const names = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
          const rule = [
            `FREQ=${p.monthly ? 'MONTHLY' : 'DAILY'}`,
            p.months.length ? `BYMONTH=${p.months.join(',')}` : '',
            p.monthDays.length ? `BYMONTHDAY=${p.monthDays.join(',')}` : '',
            p.yearDays.length ? `BYYEARDAY=${p.yearDays.join(',')}` : '',
            days.length ? `BYDAY=${days.map(([wd, nth]) => `${nth || ''}${names[wd]}`).join(',')}` : '',
          ]
            .filter(Boolean)
            .join(';');
          expect(ruleCanOccur(rule), rule).toBe(occursIn28Years({ ...p, days }));
        },
      ),
      { numRuns: 300 },
    );
  });
});
