import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatClock, formatClockRange, formatHour, localeTimeFormat } from './clock.ts';
import { hhMm } from './time.ts';

describe('clock times as shown', () => {
  it.each([
    ['00:00', '12:00 AM', '00:00'],
    ['00:30', '12:30 AM', '00:30'],
    ['08:00', '8:00 AM', '08:00'],
    ['09:05', '9:05 AM', '09:05'],
    ['11:59', '11:59 AM', '11:59'],
    ['12:00', '12:00 PM', '12:00'],
    ['12:30', '12:30 PM', '12:30'],
    ['13:00', '1:00 PM', '13:00'],
    ['19:00', '7:00 PM', '19:00'],
    ['20:00', '8:00 PM', '20:00'],
    ['23:59', '11:59 PM', '23:59'],
  ])('%s reads %s on a 12-hour clock and %s on a 24-hour one', (hhmm, twelve, twentyFour) => {
    expect(formatClock(hhmm, '12h')).toBe(twelve);
    expect(formatClock(hhmm, '24h')).toBe(twentyFour);
  });

  it('is 12-hour unless told otherwise', () => {
    expect(formatClock('14:30')).toBe('2:30 PM');
    expect(formatClockRange('10:00', '11:30')).toBe('10:00 AM – 11:30 AM');
  });

  it('names the zone after a time in the hour the clocks repeat', () => {
    expect(formatClock('01:00', '12h', 'EDT')).toBe('1:00 AM EDT');
    expect(formatClockRange('01:00', '01:00', '24h', { startZone: 'EDT', endZone: 'EST' })).toBe(
      '01:00 EDT – 01:00 EST',
    );
  });

  it('returns what is not a HH:MM time as it is', () => {
    for (const odd of ['', 'N/A', '9:00', '24:00', '12:60', '7 PM']) {
      expect(formatClock(odd, '12h')).toBe(odd);
      expect(formatClock(odd, '24h')).toBe(odd);
    }
  });

  it('keeps the order of the day on either clock: every minute reads once and back to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (minute) => {
        const hhmm = hhMm(minute);
        const twelve = formatClock(hhmm, '12h');
        const m = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/.exec(twelve);
        expect(m).not.toBeNull();
        const back = ((Number(m![1]) % 12) + (m![3] === 'PM' ? 12 : 0)) * 60 + Number(m![2]);
        expect(back).toBe(minute);
        expect(formatClock(hhmm, '24h')).toBe(hhmm);
      }),
    );
  });

  it('labels the hours of a calendar axis', () => {
    expect([0, 8, 11, 12, 13, 23].map((h) => formatHour(h, '12h'))).toEqual([
      '12 AM',
      '8 AM',
      '11 AM',
      '12 PM',
      '1 PM',
      '11 PM',
    ]);
    expect([0, 8, 12, 20].map((h) => formatHour(h, '24h'))).toEqual(['00:00', '08:00', '12:00', '20:00']);
    expect(formatHour(9)).toBe('9 AM');
  });
});

describe('localeTimeFormat', () => {
  it("follows the locale's hour cycle: 12-hour for en-US, 24-hour for en-GB and de-DE", () => {
    expect(localeTimeFormat('en-US')).toBe('12h');
    expect(localeTimeFormat('en-GB')).toBe('24h');
    expect(localeTimeFormat('de-DE')).toBe('24h');
  });
});
