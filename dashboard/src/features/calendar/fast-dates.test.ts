import { format, getDay, parse, startOfWeek } from 'date-fns';
import fc from 'fast-check';
import { dateFnsLocalizer } from 'react-big-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, gt, gte, inEventRange, inRange, lt, lte, neq, startOf } from './fast-dates.ts';

// A zone with daylight saving: the days that are 23 and 25 hours long are where date math goes wrong.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

// react-big-calendar's own date math (date-arithmetic), as a localizer without withFastDates has it.
const reference = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: {} });

// @types/react-big-calendar says (event, range); the library takes one object, as called here.
const referenceInEventRange = reference.inEventRange as unknown as typeof inEventRange;

const UNITS = ['seconds', 'minutes', 'hours', 'day', 'week', 'month', 'year'] as const;
// 2020-2030, with extra weight on the hours around the 2026 daylight-saving changes.
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
  fc.integer({ min: Date.UTC(2026, 2, 8, 5), max: Date.UTC(2026, 2, 8, 9) }),
  fc.integer({ min: Date.UTC(2026, 10, 1, 4), max: Date.UTC(2026, 10, 1, 8) }),
);

/** Local fields that name this instant only (not the second pass through a repeated hour). */
const unambiguous = (d: Date) =>
  new Date(
    d.getFullYear(),
    d.getMonth(),
    d.getDate(),
    d.getHours(),
    d.getMinutes(),
    d.getSeconds(),
    d.getMilliseconds(),
  ).getTime() === +d;

describe('fast date math for the calendar', () => {
  it("starts a unit where react-big-calendar's own math does (outside a repeated hour, where that jumps back an hour)", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...UNITS), fc.integer({ min: 0, max: 6 }), (ms, unit, firstOfWeek) => {
        const d = new Date(ms);
        const fast = startOf(d, unit, firstOfWeek);
        // Never after the instant, and on the unit's boundary in local time.
        expect(+fast).toBeLessThanOrEqual(ms);
        const length = { seconds: 1000, minutes: 60_000, hours: 3_600_000 }[unit as string];
        // Within one unit of the instant: never an hour back in a repeated hour.
        if (length) expect(ms - +fast).toBeLessThan(length);
        if (unit !== 'seconds') expect(fast.getSeconds()).toBe(0);
        if (unit === 'hours' || unit === 'day') expect(fast.getMinutes()).toBe(0);
        if (unit === 'week') expect((fast.getDay() + 7 - firstOfWeek) % 7).toBe(0);
        if (unambiguous(d)) expect(+fast).toBe(+reference.startOf(d, unit as never, firstOfWeek as never));
      }),
      { numRuns: 3000 },
    );
  });

  it("compares like react-big-calendar's own math, with and without a unit", () => {
    fc.assert(
      fc.property(instant, instant, fc.constantFrom(undefined, 'minutes', 'day', 'week', 'month'), (x, y, unit) => {
        const [a, b] = [new Date(x), new Date(y)];
        if (!unambiguous(a) || !unambiguous(b)) return;
        expect(eq(a, b, unit)).toBe(reference.eq(a, b, unit as never));
        expect(neq(a, b, unit)).toBe(reference.neq(a, b, unit as never));
        expect(lt(a, b, unit)).toBe(reference.lt(a, b, unit as never));
        expect(lte(a, b, unit)).toBe(reference.lte(a, b, unit as never));
        expect(gt(a, b, unit)).toBe(reference.gt(a, b, unit as never));
        expect(gte(a, b, unit)).toBe(reference.gte(a, b, unit as never));
      }),
      { numRuns: 2000 },
    );
  });

  it('places events in ranges as react-big-calendar does, zero-length ones and the 25-hour day included', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 26 * 60 }),
        instant,
        fc.integer({ min: 0, max: 9 }),
        (s, minutes, r, days) => {
          const event = { start: new Date(s), end: new Date(s + minutes * 60_000) };
          const range = {
            start: reference.startOf(new Date(r), 'day'),
            end: new Date(+new Date(r) + days * 86_400_000),
          };
          if (![event.start, event.end, range.start, range.end].every(unambiguous)) return;
          expect(inEventRange({ event, range })).toBe(referenceInEventRange({ event, range }));
          expect(inRange(event.start, range.start, range.end)).toBe(
            reference.inRange(event.start, range.start, range.end),
          );
        },
      ),
      { numRuns: 2000 },
    );
    expect(inRange(new Date(), null, null)).toBe(true);
  });
});
