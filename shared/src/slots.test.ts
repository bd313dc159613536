import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DayHours,
  daySlots,
  detailedSlots,
  type Interval,
  nextDay,
  openingInterval,
  overlaps,
  type SlotsInput,
  weekdayOf,
  withinHours,
} from './slots.ts';
import { localToUtcMs, utcMsToLocal, zoneIfRepeated } from './time-zone.ts';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const utc = (iso: string) => Date.parse(iso);
const hours = (startTime: string, endTime: string): DayHours => ({ startTime, endTime });

/** A Tuesday in winter, New York (UTC-5). */
const DAY = '2026-12-01';
const longAgo = utc('2020-01-01T00:00:00Z');

function slots(over: Partial<SlotsInput> = {}) {
  return daySlots({
    day: DAY,
    hours: hours('10:00', '19:00'),
    timeZone: NY,
    durationMin: 30,
    busy: [],
    now: longAgo,
    ...over,
  });
}
const times = (list: { time: string }[]) => list.map((s) => s.time);
const open = (list: { time: string; available: boolean }[]) => list.filter((s) => s.available).map((s) => s.time);
const local = (day: string, time: string, tz = NY): Interval => {
  const startMs = localToUtcMs(day, time, tz);
  return { startMs, endMs: startMs };
};
const span = (day: string, from: string, to: string, tz = NY): Interval => ({
  startMs: local(day, from, tz).startMs,
  endMs: local(day, to, tz).startMs,
});

describe('the slot grid', () => {
  it('is empty on a closed day', () => {
    expect(slots({ hours: null })).toEqual([]);
  });

  it('is empty when the hours make no sense (end not after start)', () => {
    expect(slots({ hours: hours('12:00', '12:00') })).toEqual([]);
    expect(slots({ hours: hours('13:00', '12:00') })).toEqual([]);
  });

  it('steps 30 minutes from opening to the last start before closing', () => {
    const list = slots();
    expect(list).toHaveLength(18);
    expect(list[0]).toEqual({ time: '10:00', available: true });
    expect(list.at(-1)).toEqual({ time: '18:30', available: true });
  });

  it('starts the grid at an opening that is not on the half hour', () => {
    const list = slots({ hours: hours('10:15', '12:00') });
    expect(times(list)).toEqual(['10:15', '10:45', '11:15', '11:45']);
    // 11:45 + 30 minutes would end at 12:15, after closing.
    expect(open(list)).toEqual(['10:15', '10:45', '11:15']);
  });

  it('offers a slot that ends exactly at closing, not one that ends after it', () => {
    const list = slots({ durationMin: 60 });
    expect(list.find((s) => s.time === '18:00')?.available).toBe(true);
    expect(list.find((s) => s.time === '18:30')?.available).toBe(false);
  });

  it('lists but refuses every slot when the service is longer than the opening hours', () => {
    const list = slots({ hours: hours('10:00', '11:00'), durationMin: 90 });
    expect(times(list)).toEqual(['10:00', '10:30']);
    expect(open(list)).toEqual([]);
  });

  it('handles hours that run to 23:59', () => {
    const list = slots({ hours: hours('22:00', '23:59') });
    expect(times(list)).toEqual(['22:00', '22:30', '23:00', '23:30']);
    // 23:30 + 30 = 24:00, a minute after closing.
    expect(open(list)).toEqual(['22:00', '22:30', '23:00']);
  });

  it('refuses slots overlapping a booking, allows back-to-back on both sides', () => {
    const list = slots({ durationMin: 60, busy: [span(DAY, '12:00', '13:00')] });
    expect(list.find((s) => s.time === '11:00')?.available).toBe(true);
    expect(list.find((s) => s.time === '11:30')?.available).toBe(false);
    expect(list.find((s) => s.time === '12:00')?.available).toBe(false);
    expect(list.find((s) => s.time === '12:30')?.available).toBe(false);
    expect(list.find((s) => s.time === '13:00')?.available).toBe(true);
  });

  it('refuses slots touching even a few minutes of a blocked time', () => {
    const list = slots({ busy: [span(DAY, '14:10', '14:20')] });
    expect(open(list)).not.toContain('14:00');
    expect(open(list)).toContain('13:30');
    expect(open(list)).toContain('14:30');
  });

  it('refuses slots covered by a block that spans the whole day and beyond', () => {
    const list = slots({ busy: [{ startMs: utc('2026-11-30T00:00:00Z'), endMs: utc('2026-12-03T00:00:00Z') }] });
    expect(open(list)).toEqual([]);
  });

  it('ignores busy times on other days', () => {
    expect(open(slots({ busy: [span('2026-12-02', '10:00', '19:00')] }))).toHaveLength(18);
  });

  it('refuses slots that start at or before now', () => {
    const now = localToUtcMs(DAY, '12:00', NY);
    const list = slots({ now });
    expect(open(list)[0]).toBe('12:30');
    expect(list.find((s) => s.time === '12:00')?.available).toBe(false);
    expect(open(slots({ now: now + 60_000 }))[0]).toBe('12:30');
    expect(open(slots({ now: now - 60_000 }))[0]).toBe('12:00');
  });

  it('refuses every slot of a day in the past', () => {
    expect(open(slots({ now: utc('2027-01-01T00:00:00Z') }))).toEqual([]);
  });

  it('says why a slot is refused', () => {
    const list = detailedSlots({
      day: DAY,
      hours: hours('10:00', '12:00'),
      timeZone: NY,
      durationMin: 60,
      busy: [span(DAY, '11:00', '11:30')],
      now: localToUtcMs(DAY, '10:00', NY),
    });
    expect(list.map((s) => [s.time, s.refusal])).toEqual([
      ['10:00', 'past'],
      ['10:30', 'busy'],
      ['11:00', 'busy'],
      ['11:30', 'too-long'],
    ]);
  });

  it('reads the hours in the business time zone, not the machine one', () => {
    const london = detailedSlots({
      day: DAY,
      hours: hours('09:00', '10:00'),
      timeZone: LONDON,
      durationMin: 30,
      busy: [],
      now: longAgo,
    });
    expect(london[0]?.startMs).toBe(utc('2026-12-01T09:00:00Z'));
    const tokyo = detailedSlots({
      day: DAY,
      hours: hours('09:00', '10:00'),
      timeZone: 'Asia/Tokyo',
      durationMin: 30,
      busy: [],
      now: longAgo,
    });
    expect(tokyo[0]?.startMs).toBe(utc('2026-12-01T00:00:00Z'));
  });
});

describe('daylight-saving days', () => {
  const night = hours('00:00', '05:00');

  it('New York spring forward (2026-03-08): 02:00 and 02:30 do not exist and are not offered', () => {
    const list = detailedSlots({ day: '2026-03-08', hours: night, timeZone: NY, durationMin: 30, busy: [], now: 0 });
    expect(list.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
    expect(list.find((s) => s.time === '01:30')?.startMs).toBe(utc('2026-03-08T06:30:00Z'));
    expect(list.find((s) => s.time === '03:00')?.startMs).toBe(utc('2026-03-08T07:00:00Z'));
  });

  it('New York spring forward: durations are real minutes across the gap', () => {
    // 01:30 EST + 60 minutes = 03:30 EDT, which overlaps a booking at 03:00 EDT.
    const busy = [span('2026-03-08', '03:00', '04:00')];
    const list = detailedSlots({ day: '2026-03-08', hours: night, timeZone: NY, durationMin: 60, busy, now: 0 });
    expect(list.find((s) => s.time === '01:00')?.available).toBe(true);
    expect(list.find((s) => s.time === '01:30')?.refusal).toBe('busy');
    expect(utcMsToLocal(list.find((s) => s.time === '01:30')!.endMs, NY)).toEqual({
      day: '2026-03-08',
      time: '03:30',
    });
  });

  it('New York fall back (2026-11-01): 01:30 exists twice and is offered once, at its first occurrence', () => {
    const list = detailedSlots({ day: '2026-11-01', hours: night, timeZone: NY, durationMin: 30, busy: [], now: 0 });
    expect(list.map((s) => s.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
    ]);
    expect(list.find((s) => s.time === '01:30')?.startMs).toBe(utc('2026-11-01T05:30:00Z'));
    expect(list.find((s) => s.time === '02:00')?.startMs).toBe(utc('2026-11-01T07:00:00Z'));
  });

  it('New York fall back: a booking in the repeated hour blocks a 60-minute slot from the first 01:30', () => {
    // The second 01:00-01:30 (EST) is 06:00-06:30 UTC.
    const busy = [{ startMs: utc('2026-11-01T06:00:00Z'), endMs: utc('2026-11-01T06:30:00Z') }];
    const long = detailedSlots({ day: '2026-11-01', hours: night, timeZone: NY, durationMin: 60, busy, now: 0 });
    expect(long.find((s) => s.time === '01:30')?.refusal).toBe('busy');
    const short = detailedSlots({ day: '2026-11-01', hours: night, timeZone: NY, durationMin: 30, busy, now: 0 });
    expect(short.find((s) => s.time === '01:30')?.available).toBe(true);
  });

  it('New York fall back: 01:00 is offered at 01:00 EDT, and 60 minutes from it end at 01:00 EST (issue 20, item 9)', () => {
    const list = detailedSlots({ day: '2026-11-01', hours: night, timeZone: NY, durationMin: 60, busy: [], now: 0 });
    const one = list.find((s) => s.time === '01:00');
    expect(one).toMatchObject({
      startMs: utc('2026-11-01T05:00:00Z'),
      endMs: utc('2026-11-01T06:00:00Z'),
      available: true,
    });
    expect(utcMsToLocal(one!.endMs, NY)).toEqual({ day: '2026-11-01', time: '01:00' });
    expect([zoneIfRepeated(one!.startMs, NY), zoneIfRepeated(one!.endMs, NY)]).toEqual(['EDT', 'EST']);
    // The second 01:00 and 01:30 (EST) start no slot: the grid is of wall times, each offered once.
    expect(
      list.filter((s) => s.startMs >= utc('2026-11-01T06:00:00Z') && s.startMs < utc('2026-11-01T07:00:00Z')),
    ).toEqual([]);
  });

  it('London spring forward (2026-03-29): 01:00 and 01:30 do not exist', () => {
    const list = detailedSlots({
      day: '2026-03-29',
      hours: hours('00:00', '03:00'),
      timeZone: LONDON,
      durationMin: 30,
      busy: [],
      now: 0,
    });
    expect(list.map((s) => s.time)).toEqual(['00:00', '00:30', '02:00', '02:30']);
    expect(list.find((s) => s.time === '02:00')?.startMs).toBe(utc('2026-03-29T01:00:00Z'));
  });

  it('London fall back (2026-10-25): 01:30 is offered once, in British Summer Time', () => {
    const list = detailedSlots({
      day: '2026-10-25',
      hours: hours('00:00', '03:00'),
      timeZone: LONDON,
      durationMin: 30,
      busy: [],
      now: 0,
    });
    expect(list.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30']);
    expect(list.find((s) => s.time === '01:00')?.startMs).toBe(utc('2026-10-25T00:00:00Z'));
    expect(list.find((s) => s.time === '01:30')?.startMs).toBe(utc('2026-10-25T00:30:00Z'));
    expect(list.find((s) => s.time === '02:00')?.startMs).toBe(utc('2026-10-25T02:00:00Z'));
  });

  it('ordinary business hours on change days use the new offset', () => {
    const spring = detailedSlots({
      day: '2026-03-08',
      hours: hours('10:00', '11:00'),
      timeZone: NY,
      durationMin: 30,
      busy: [],
      now: 0,
    });
    expect(spring[0]?.startMs).toBe(utc('2026-03-08T14:00:00Z'));
    const before = detailedSlots({
      day: '2026-03-07',
      hours: hours('10:00', '11:00'),
      timeZone: NY,
      durationMin: 30,
      busy: [],
      now: 0,
    });
    expect(before[0]?.startMs).toBe(utc('2026-03-07T15:00:00Z'));
    const fall = detailedSlots({
      day: '2026-10-25',
      hours: hours('10:00', '11:00'),
      timeZone: LONDON,
      durationMin: 30,
      busy: [],
      now: 0,
    });
    expect(fall[0]?.startMs).toBe(utc('2026-10-25T10:00:00Z'));
  });

  it('a closing time inside the gap closes when the clocks jump past it (02:30 -> 03:00 EDT)', () => {
    const input = { day: '2026-03-08', hours: hours('00:00', '02:30'), timeZone: NY, busy: [], now: 0 };
    const long = detailedSlots({ ...input, durationMin: 60 });
    expect(long.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30']);
    expect(long.find((s) => s.time === '01:30')?.refusal).toBe('too-long');
    expect(detailedSlots({ ...input, durationMin: 30 }).every((s) => s.available)).toBe(true);
  });

  it('an opening time inside the gap opens when the clocks jump past it', () => {
    const h = hours('02:30', '04:00');
    expect(openingInterval('2026-03-08', h, NY)?.startMs).toBe(utc('2026-03-08T07:00:00Z'));
    const list = detailedSlots({ day: '2026-03-08', hours: h, timeZone: NY, durationMin: 30, busy: [], now: 0 });
    expect(list.map((s) => s.time)).toEqual(['03:00', '03:30']);
  });
});

describe('calendar helpers', () => {
  it('names weekdays Monday-first', () => {
    expect(weekdayOf('2026-03-09')).toBe('Monday');
    expect(weekdayOf('2026-03-08')).toBe('Sunday');
    expect(weekdayOf('2024-02-29')).toBe('Thursday');
  });

  it('steps to the next day across months and leap days', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('treats intervals as half-open', () => {
    const a = { startMs: 0, endMs: 10 };
    expect(overlaps(a, { startMs: 10, endMs: 20 })).toBe(false);
    expect(overlaps(a, { startMs: 9, endMs: 20 })).toBe(true);
    expect(overlaps(a, { startMs: -5, endMs: 0 })).toBe(false);
    expect(overlaps(a, { startMs: 2, endMs: 3 })).toBe(true);
  });

  it('checks a span against the opening hours of its day', () => {
    const h = hours('10:00', '19:00');
    expect(openingInterval(DAY, null, NY)).toBeNull();
    expect(withinHours(DAY, h, NY, span(DAY, '10:00', '19:00'))).toBe(true);
    expect(withinHours(DAY, h, NY, span(DAY, '09:30', '10:30'))).toBe(false);
    expect(withinHours(DAY, h, NY, span(DAY, '18:30', '19:30'))).toBe(false);
    expect(withinHours(DAY, null, NY, span(DAY, '10:00', '11:00'))).toBe(false);
  });
});

describe('slot invariants (property)', () => {
  it('an available slot fits the hours, overlaps nothing busy and starts after now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 47 }),
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 5, max: 300 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 24 * 60 }), fc.integer({ min: 1, max: 240 })), { maxLength: 6 }),
        fc.integer({ min: -60, max: 24 * 60 + 60 }),
        fc.constantFrom('2026-03-08', '2026-11-01', '2026-03-29', '2026-10-25', DAY),
        fc.constantFrom(NY, LONDON),
        (openHalfHours, lengthHalfHours, durationMin, busyRaw, nowMin, day, zone) => {
          const startMin = openHalfHours * 30;
          const endMin = Math.min(startMin + lengthHalfHours * 30, 23 * 60 + 59);
          if (endMin <= startMin) return;
          const hhmm = (m: number) =>
            `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const h = hours(hhmm(startMin), hhmm(endMin));
          const midnight = localToUtcMs(day, '00:00', zone);
          const busy = busyRaw.map(([at, len]) => ({
            startMs: midnight + at * 60_000,
            endMs: midnight + (at + len) * 60_000,
          }));
          const now = midnight + nowMin * 60_000;
          const list = detailedSlots({ day, hours: h, timeZone: zone, durationMin, busy, now });
          const opening = openingInterval(day, h, zone)!;
          for (const s of list) {
            expect(s.time >= h!.startTime && s.time < h!.endTime).toBe(true);
            if (!s.available) continue;
            expect(s.endMs - s.startMs).toBe(durationMin * 60_000);
            expect(s.startMs).toBeGreaterThanOrEqual(opening.startMs);
            expect(s.endMs).toBeLessThanOrEqual(opening.endMs);
            expect(s.startMs).toBeGreaterThan(now);
            expect(busy.some((b) => overlaps(s, b))).toBe(false);
          }
          // Strictly increasing instants: no slot offered twice.
          for (let i = 1; i < list.length; i++) expect(list[i]!.startMs).toBeGreaterThan(list[i - 1]!.startMs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
