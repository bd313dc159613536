import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dayOf,
  endMinuteOn,
  fromWallDate,
  minuteOf,
  timeOf,
  toWallDate,
  visibleRange,
  wallClock,
  wallDate,
} from './wall-clock.ts';

const LA = 'America/Los_Angeles';

describe('wall dates (the dashboard tests run in Asia/Tokyo)', () => {
  it('runs in a zone other than the business zone, so these tests mean something', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
  });

  it('shows an instant at the business clock time, not the browser clock time', () => {
    // 19:00 UTC is 12:00 in Los Angeles (PDT) and 04:00 the next day in Tokyo.
    const wall = toWallDate('2026-03-10T19:00:00Z', LA);
    expect(dayOf(wall)).toBe('2026-03-10');
    expect(timeOf(wall)).toBe('12:00');
  });

  it('turns a wall date back into the same instant', () => {
    const instant = '2026-03-10T19:30:00.000Z';
    expect(fromWallDate(toWallDate(instant, LA), LA).toISOString()).toBe(instant);
    expect(fromWallDate(wallDate('2026-01-15', '09:00'), LA).toISOString()).toBe('2026-01-15T17:00:00.000Z');
  });

  it('follows the business zone across its daylight-saving change', () => {
    // Los Angeles springs forward on 2026-03-08 at 02:00: 01:30 is PST (-8), 03:30 is PDT (-7).
    expect(fromWallDate(wallDate('2026-03-08', '01:30'), LA).toISOString()).toBe('2026-03-08T09:30:00.000Z');
    expect(fromWallDate(wallDate('2026-03-08', '03:30'), LA).toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(timeOf(toWallDate('2026-03-08T10:30:00Z', LA))).toBe('03:30');
  });

  it('reads minutes of the day and where an event ends relative to its start day', () => {
    expect(minuteOf(wallDate('2026-03-10', '14:30'))).toBe(870);
    expect(endMinuteOn('2026-03-10', wallDate('2026-03-10', '19:00'))).toBe(1140);
    expect(endMinuteOn('2026-03-10', wallDate('2026-03-11', '00:00'))).toBe(1440);
    expect(endMinuteOn('2026-03-10', wallDate('2026-03-11', '00:30'))).toBe(Number.POSITIVE_INFINITY);
  });

  it('rejects a day or time that is not one', () => {
    expect(() => wallDate('2026-3-1', '10:00')).toThrow(RangeError);
    expect(() => wallDate('2026-03-01', '9:00')).toThrow(RangeError);
  });
});

describe('visibleRange', () => {
  it('is one day in the day view', () => {
    expect(visibleRange('day', wallDate('2026-03-15'))).toEqual({ from: '2026-03-15', to: '2026-03-15' });
  });

  it('runs Monday to Sunday in the week view, a Sunday included in the week before it', () => {
    expect(visibleRange('week', wallDate('2026-03-15'))).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(visibleRange('week', wallDate('2026-03-16'))).toEqual({ from: '2026-03-16', to: '2026-03-22' });
  });

  it('covers the whole weeks around the month in the month view', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday.
    expect(visibleRange('month', wallDate('2026-03-15'))).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(visibleRange('month', wallDate('2027-02-10'))).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });
});

describe("wallClock (react-big-calendar's getNow)", () => {
  afterEach(() => vi.useRealTimers());

  it('reads what toWallDate reads, to the millisecond, on both sides of a daylight-saving change', () => {
    vi.useFakeTimers();
    const now = wallClock(LA);
    // Los Angeles springs forward at 2026-03-08T10:00:00Z: 01:59:59.999 PST, then 03:00 PDT.
    for (const instant of [
      '2026-03-08T09:59:59.250Z',
      '2026-03-08T09:59:59.999Z',
      '2026-03-08T10:00:00.000Z',
      '2026-03-08T10:00:00.750Z',
    ]) {
      vi.setSystemTime(new Date(instant));
      expect(now().getTime()).toBe(toWallDate(instant, LA).getTime());
    }
    expect(timeOf(now())).toBe('03:00');
  });

  it('hands out a fresh Date each time, so react-big-calendar may change it', () => {
    const now = wallClock(LA);
    const a = now();
    a.setFullYear(1999);
    expect(now().getFullYear()).not.toBe(1999);
  });
});
