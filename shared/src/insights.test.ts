import { describe, expect, it } from 'vitest';
import {
  chartWeeks,
  dropOffs,
  partOfDay,
  siteOf,
  sourceLabel,
  sundayIndex,
  WEEKS_AHEAD,
  WEEKS_BACK,
  weekStart,
  widerReach,
  zipOf,
} from './insights.ts';

describe('dropOffs', () => {
  it('is the share of the previous step lost, in whole percent; null for the first step', () => {
    expect(dropOffs([200, 100, 30, 10])).toEqual([null, 50, 70, 67]);
  });
  it('is null where the previous step counted none, and never below 0 when a step counts more', () => {
    expect(dropOffs([0, 0, 5, 7])).toEqual([null, null, null, 0]);
    expect(dropOffs([])).toEqual([]);
  });
});

describe('widerReach', () => {
  const refused = [
    { miles: 12, count: 2, valueCents: 20_000 },
    { miles: 15, count: 1, valueCents: 9_000 },
    { miles: 16, count: 4, valueCents: 50_000 },
  ];
  it('sums the refused requests at most the area plus the extra miles away (the edge included)', () => {
    expect(widerReach(refused, 10)).toEqual({ requests: 3, valueCents: 29_000 });
    expect(widerReach(refused, 11, 5)).toEqual({ requests: 7, valueCents: 79_000 });
    expect(widerReach(refused, 11, 1)).toEqual({ requests: 2, valueCents: 20_000 });
  });
  it('reaches nothing without a service area, and nothing of nothing', () => {
    expect(widerReach(refused, null)).toEqual({ requests: 0, valueCents: 0 });
    expect(widerReach([], 10)).toEqual({ requests: 0, valueCents: 0 });
  });
});

describe('zipOf', () => {
  it('reads the last 5-digit ZIP code of an address, without its +4', () => {
    expect(zipOf('1100 Congress Ave, Austin, TX 78701, USA')).toBe('78701');
    expect(zipOf('12, Beverly Hills, CA 90210-1234, USA')).toBe('90210');
    // A house number of five digits is not the ZIP code when one follows it.
    expect(zipOf('12345 Main St, Springfield, IL 62701')).toBe('62701');
  });
  it("is '' when the address names none", () => {
    expect(zipOf('1 Main St, Austin, TX')).toBe('');
    expect(zipOf('')).toBe('');
    expect(zipOf('Suite 1234567, Austin')).toBe('');
  });
});

describe('chartWeeks', () => {
  it('is the 12 Sundays before this week, this week and the next 4', () => {
    const weeks = chartWeeks('2026-12-02');
    expect(weeks).toHaveLength(WEEKS_BACK + 1 + WEEKS_AHEAD);
    expect(weeks[0]).toBe('2026-09-06');
    expect(weeks[WEEKS_BACK]).toBe('2026-11-29');
    expect(weeks.at(-1)).toBe('2026-12-27');
    expect(weeks.every((w) => sundayIndex(w) === 0)).toBe(true);
  });
  it('starts a Sunday its own week, across a year end', () => {
    expect(weekStart('2026-11-29')).toBe('2026-11-29');
    expect(weekStart('2027-01-02')).toBe('2026-12-27');
    expect(chartWeeks('2027-01-03')[WEEKS_BACK]).toBe('2027-01-03');
  });
});

describe('partOfDay', () => {
  it('is morning before noon, afternoon before 5 PM, evening after', () => {
    expect(['00:00', '11:59', '12:00', '16:30', '17:00', '23:30'].map(partOfDay)).toEqual([
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });
});

describe('siteOf', () => {
  it("is the Origin's host, lower case, without www.", () => {
    expect(siteOf('https://www.Example.com')).toBe('example.com');
    expect(siteOf('http://shop.example.org:8080')).toBe('shop.example.org:8080');
  });
  it("is '' for no Origin, an opaque one, or one that is not http(s)", () => {
    expect(siteOf(undefined)).toBe('');
    expect(siteOf('null')).toBe('');
    expect(siteOf('file:///tmp/page.html')).toBe('');
    expect(siteOf('chrome-extension://abcdef')).toBe('');
  });
  it('is labelled as the owner reads it', () => {
    expect(sourceLabel('site', 'example.com')).toBe('example.com');
    expect(sourceLabel('site', '')).toBe('A website');
    expect(sourceLabel('page', 'ignored')).toBe('Booking page');
    expect(sourceLabel('qr', '')).toBe('QR code');
  });
});
