import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalZone,
  isTimeZone,
  localDateTime,
  localToUtcMs,
  longDate,
  shortDate,
  todayIn,
  utcMsToLocal,
  wallClockAt,
  wallTimeExists,
} from './time-zone.ts';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const LA = 'America/Los_Angeles';
const utc = (iso: string) => Date.parse(iso);
/** A Tuesday in winter, New York (UTC-5). */
const DAY = '2026-12-01';

describe('wall time and UTC', () => {
  it('converts both ways in several zones', () => {
    expect(localToUtcMs('2026-07-01', '09:30', NY)).toBe(utc('2026-07-01T13:30:00Z'));
    expect(localToUtcMs('2026-01-01', '09:30', NY)).toBe(utc('2026-01-01T14:30:00Z'));
    expect(localToUtcMs('2026-07-01', '09:30', 'Asia/Kolkata')).toBe(utc('2026-07-01T04:00:00Z'));
    expect(localToUtcMs('2026-07-01', '00:15', 'Asia/Kathmandu')).toBe(utc('2026-06-30T18:30:00Z'));
    expect(utcMsToLocal(utc('2026-07-01T03:30:00Z'), NY)).toEqual({ day: '2026-06-30', time: '23:30' });
    expect(utcMsToLocal(utc('2026-12-31T23:30:00Z'), 'Pacific/Auckland')).toEqual({ day: '2027-01-01', time: '12:30' });
  });

  it('maps a skipped wall time to the moment the clocks jump past it', () => {
    expect(localToUtcMs('2026-03-08', '02:30', NY)).toBe(utc('2026-03-08T07:00:00Z'));
    expect(localToUtcMs('2026-03-08', '02:00', NY)).toBe(utc('2026-03-08T07:00:00Z'));
    expect(localToUtcMs('2026-03-29', '01:45', LONDON)).toBe(utc('2026-03-29T01:00:00Z'));
  });

  it('knows which wall times a gap skips', () => {
    expect(wallTimeExists('2026-03-08', '02:30', NY)).toBe(false);
    expect(wallTimeExists('2026-03-08', '03:00', NY)).toBe(true);
    expect(wallTimeExists('2026-03-29', '01:00', LONDON)).toBe(false);
    expect(wallTimeExists('2026-10-25', '01:30', LONDON)).toBe(true);
  });

  it('round-trips every existing wall time (property)', () => {
    const zones = [NY, LONDON, 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.constantFrom(...zones),
        (date, minute, zone) => {
          const day = date.toISOString().slice(0, 10);
          const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const ms = localToUtcMs(day, time, zone);
          if (wallTimeExists(day, time, zone)) expect(utcMsToLocal(ms, zone)).toEqual({ day, time });
          else expect(utcMsToLocal(ms, zone).time > time || utcMsToLocal(ms, zone).day > day).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('throws on an unknown time zone rather than guessing', () => {
    expect(() => localToUtcMs(DAY, '10:00', 'Mars/Olympus')).toThrow(/time zone/);
  });
});

describe('wall clocks of instants', () => {
  it('reads the business zone, not the runtime one', () => {
    const ms = Date.parse('2026-12-02T03:30:00Z');
    expect(wallClockAt(ms, NY)).toEqual({ day: '2026-12-01', time: '22:30' });
    expect(wallClockAt(ms, LONDON)).toEqual({ day: '2026-12-02', time: '03:30' });
    expect(todayIn(LA, ms)).toBe('2026-12-01');
    expect(localDateTime(ms, NY)).toBe('2026-12-01 22:30');
  });

  it('agrees with utcMsToLocal across both daylight-saving changes, every 15 minutes', () => {
    for (const start of ['2026-03-08T04:00:00Z', '2026-11-01T04:00:00Z']) {
      for (let ms = Date.parse(start); ms < Date.parse(start) + 8 * 3600_000; ms += 15 * 60_000)
        expect(wallClockAt(ms, NY)).toEqual(utcMsToLocal(ms, NY));
    }
  });

  it('gives each zone its own answer when zones alternate (one cached formatter per zone)', () => {
    const ms = Date.parse('2026-07-01T12:00:00Z');
    for (let i = 0; i < 3; i++) {
      expect(wallClockAt(ms, NY).time).toBe('08:00');
      expect(wallClockAt(ms, LONDON).time).toBe('13:00');
      expect(wallClockAt(ms, LA).time).toBe('05:00');
    }
  });

  it('reads an unknown zone as UTC instead of failing the page', () => {
    const ms = Date.parse('2026-12-02T03:30:00Z');
    expect(wallClockAt(ms, 'Not/AZone')).toEqual({ day: '2026-12-02', time: '03:30' });
    expect(todayIn('Not/AZone', ms)).toBe('2026-12-02');
  });
});

describe('dates as people read them', () => {
  it('writes long and short dates of a calendar day, whatever zone the runtime is in', () => {
    expect(longDate('2026-12-02')).toBe('Wednesday, December 2, 2026');
    expect(shortDate('2026-03-05')).toBe('Thu, Mar 5, 2026');
    expect(longDate('2026-01-01')).toBe('Thursday, January 1, 2026');
  });

  it('returns what is not a date as it is', () => {
    expect(longDate('soon')).toBe('soon');
    expect(shortDate('')).toBe('');
  });
});

describe('zone names', () => {
  it('knows IANA names and refuses offsets and junk', () => {
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('+05:00')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('stores the canonical casing but never swaps an alias for another zone', () => {
    expect(canonicalZone('america/new_york')).toBe(NY);
    expect(canonicalZone('EST')).toBe('EST');
  });
});
