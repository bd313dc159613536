import type { LatLng } from '@slotwise/shared/geo';
import { driveMinutes } from '@slotwise/shared/travel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookedOrder, type RouteDayInput, type RouteStop, routeLegs, suggestRoute, totalDrive } from './day-route.ts';
import { directionsLinks, MAX_WAYPOINTS } from './directions.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = Date.UTC(2027, 0, 11);
const at = (h: number, m = 0) => DAY + h * HOUR + m * MIN;

// Places along one east-west line: 0.1 degree of longitude at this latitude is 6 miles.
const home: LatLng = { lat: 30, lng: -97.8 };
const east = (tenths: number): LatLng => ({ lat: 30, lng: -97.8 + tenths / 10 });

const job = (id: string, h: number, place: LatLng | null, fixed = false, hours = 1): RouteStop => ({
  id,
  startMs: at(h),
  endMs: at(h) + hours * HOUR,
  location: place,
  fixed,
});

const day = (stops: RouteStop[], more: Partial<RouteDayInput> = {}): RouteDayInput => ({
  stops,
  home,
  open: { startMs: at(8), endMs: at(18) },
  busy: [],
  earliestMs: at(0),
  speedMph: 30,
  bufferMinutes: 10,
  ...more,
});

describe('the day as booked', () => {
  it('gives each stop its drive from the one before, the first from the start place', () => {
    const stops = [job('b', 11, east(2)), job('a', 9, east(1))];
    const legs = routeLegs(bookedOrder(stops), home, 30);
    expect(legs.map((l) => [l.fromId, l.toId])).toEqual([
      [null, 'a'],
      ['a', 'b'],
    ]);
    expect(legs[0]!.minutes).toBe(driveMinutes(home, east(1), 30));
    expect(legs[0]!.miles).toBe(6);
    expect(totalDrive(bookedOrder(stops), home, 30)).toBe(legs[0]!.minutes + legs[1]!.minutes);
  });

  it('counts no drive to or from a job with no known place', () => {
    const legs = routeLegs([job('a', 9, null)], home, 30);
    expect(legs[0]).toMatchObject({ minutes: 0, miles: 0 });
  });
});

describe('the suggestion', () => {
  it('puts three movable jobs booked in a poor order in driving order, saving the drive', () => {
    // Booked far, near, middle: out and back and out again.
    const stops = [job('far', 9, east(3)), job('near', 11, east(1)), job('middle', 13, east(2))];
    const s = suggestRoute(day(stops));
    expect(s.stops.map((x) => x.id)).toEqual(['near', 'middle', 'far']);
    expect(s.savedMinutes).toBeGreaterThan(0);
    expect(s.driveMinutes).toBe(s.currentDriveMinutes - s.savedMinutes);
    // Booked times are kept where the new order allows them.
    expect(s.stops.every((x) => x.startMs % (5 * MIN) === 0)).toBe(true);
  });

  it('keeps a fixed job at its time and moves the others around it', () => {
    const stops = [job('far', 9, east(3), true), job('near', 11, east(1)), job('middle', 13, east(2))];
    const s = suggestRoute(day(stops));
    const far = s.stops.find((x) => x.id === 'far')!;
    expect(far).toMatchObject({ startMs: at(9), moved: false });
  });

  it('leaves the day alone when every job is fixed, or it is already the shortest', () => {
    const fixed = [job('far', 9, east(3), true), job('near', 11, east(1), true)];
    expect(suggestRoute(day(fixed))).toMatchObject({ savedMinutes: 0 });
    const good = [job('a', 9, east(1)), job('b', 11, east(2)), job('c', 13, east(3))];
    const s = suggestRoute(day(good));
    expect(s.savedMinutes).toBe(0);
    expect(s.stops.map((x) => [x.id, x.startMs, x.moved])).toEqual(good.map((g) => [g.id, g.startMs, false]));
  });

  it('never moves a job across a blocked time or before the notice', () => {
    const stops = [job('far', 9, east(3)), job('near', 11, east(1)), job('middle', 13, east(2))];
    const busy = [{ startMs: at(8), endMs: at(10, 30) }];
    const s = suggestRoute(day(stops, { busy, earliestMs: at(8, 45) }));
    for (const x of s.stops.filter((y) => y.moved)) {
      expect(x.startMs).toBeGreaterThanOrEqual(at(8, 45));
      expect(x.startMs >= at(10, 30) || x.endMs <= at(8)).toBe(true);
    }
  });

  it('suggests nothing on a day the crew does not work', () => {
    const stops = [job('far', 9, east(3)), job('near', 11, east(1))];
    expect(suggestRoute(day(stops, { open: null })).savedMinutes).toBe(0);
  });
});

// Property tests: random days of up to 7 jobs around the start place.
const stopArb = fc.record({
  hour: fc.integer({ min: 7, max: 18 }),
  quarter: fc.integer({ min: 0, max: 3 }),
  lengthQuarters: fc.integer({ min: 2, max: 8 }),
  dLat: fc.integer({ min: -20, max: 20 }),
  dLng: fc.integer({ min: -20, max: 20 }),
  known: fc.boolean(),
  fixed: fc.boolean(),
});
const dayArb = fc.record({
  raw: fc.array(stopArb, { minLength: 1, maxLength: 7 }),
  openHour: fc.integer({ min: 6, max: 9 }),
  closeHour: fc.integer({ min: 15, max: 21 }),
  speed: fc.integer({ min: 10, max: 60 }),
  buffer: fc.constantFrom(0, 5, 15),
  blocked: fc.option(fc.record({ hour: fc.integer({ min: 8, max: 17 }), hours: fc.integer({ min: 1, max: 2 }) })),
  earliestHour: fc.integer({ min: 0, max: 12 }),
});

type DayArb = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function inputOf(d: DayArb): RouteDayInput {
  const stops = d.raw.map(
    (r, i): RouteStop => ({
      id: `job-${i}`,
      startMs: at(r.hour, r.quarter * 15),
      endMs: at(r.hour, r.quarter * 15) + r.lengthQuarters * 15 * MIN,
      location: r.known ? { lat: 30 + r.dLat / 100, lng: -97.8 + r.dLng / 100 } : null,
      fixed: r.fixed,
    }),
  );
  return {
    stops,
    home,
    open: { startMs: at(d.openHour), endMs: at(d.closeHour) },
    busy: d.blocked ? [{ startMs: at(d.blocked.hour), endMs: at(d.blocked.hour + d.blocked.hours) }] : [],
    earliestMs: at(d.earliestHour),
    speedMph: d.speed,
    bufferMinutes: d.buffer,
  };
}

describe('the suggestion, for any day', () => {
  it('never moves a fixed job, keeps every job and its length, and never drives more than booked', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const input = inputOf(d);
        const s = suggestRoute(input);
        expect(s.stops.map((x) => x.id).sort()).toEqual(input.stops.map((x) => x.id).sort());
        for (const x of s.stops) {
          const was = input.stops.find((y) => y.id === x.id)!;
          expect(x.endMs - x.startMs).toBe(was.endMs - was.startMs);
          if (was.fixed) expect(x.startMs).toBe(was.startMs);
          expect(x.moved).toBe(x.startMs !== was.startMs);
        }
        const order = s.stops.map((x) => input.stops.find((y) => y.id === x.id)!);
        expect(s.driveMinutes).toBe(totalDrive(order, input.home, input.speedMph));
        expect(s.driveMinutes).toBeLessThanOrEqual(s.currentDriveMinutes);
        if (s.stops.some((x) => x.moved)) expect(s.savedMinutes).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('when it moves anything: no overlaps, the drives and buffer fit, moved jobs inside the hours, after the notice, off blocked times', () => {
    let suggested = 0;
    fc.assert(
      fc.property(dayArb, (d) => {
        const input = inputOf(d);
        const s = suggestRoute(input);
        if (s.savedMinutes === 0) return;
        suggested++;
        const order = s.stops.map((x) => ({ ...x, location: input.stops.find((y) => y.id === x.id)!.location }));
        order.forEach((x, i) => {
          const before = i > 0 ? order[i - 1]! : null;
          const drive = driveMinutes(before ? before.location : input.home, x.location, input.speedMph) * MIN;
          if (before) expect(x.startMs).toBeGreaterThanOrEqual(before.endMs + drive + input.bufferMinutes * MIN);
          if (!x.moved) return;
          if (!before) expect(x.startMs).toBeGreaterThanOrEqual(input.open!.startMs + drive);
          expect(x.startMs).toBeGreaterThanOrEqual(input.open!.startMs);
          expect(x.endMs).toBeLessThanOrEqual(input.open!.endMs);
          expect(x.startMs).toBeGreaterThanOrEqual(input.earliestMs);
          for (const b of input.busy) expect(x.startMs >= b.endMs || x.endMs <= b.startMs).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
    // Not vacuous: random days do get suggestions.
    expect(suggested).toBeGreaterThan(10);
  });

  it('is deterministic: the same day in any listing order gives the same suggestion', () => {
    fc.assert(
      fc.property(
        dayArb.chain((d) =>
          fc.tuple(fc.constant(d), fc.shuffledSubarray([...inputOf(d).stops], { minLength: d.raw.length })),
        ),
        ([d, shuffled]) => {
          const input = inputOf(d);
          expect(suggestRoute({ ...input, stops: shuffled })).toEqual(suggestRoute(input));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('directions links', () => {
  it('goes from the start through the stops in order, addresses encoded', () => {
    const [link] = directionsLinks(['1 Main St, Austin', '2 Oak & Elm', '3 Pine St', '4 Lake Rd']);
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('1 Main St, Austin');
    expect(url.searchParams.get('waypoints')).toBe('2 Oak & Elm|3 Pine St');
    expect(url.searchParams.get('destination')).toBe('4 Lake Rd');
    expect(link).toContain('2%20Oak%20%26%20Elm');
  });

  it('splits a long day into links of at most the waypoint limit, each starting where the last ended', () => {
    const places = Array.from({ length: 12 }, (_, i) => `${i} Street`);
    const links = directionsLinks(places).map((l) => new URL(l).searchParams);
    const visited: string[] = [links[0]!.get('origin')!];
    links.forEach((p, i) => {
      const waypoints = p.get('waypoints')?.split('|') ?? [];
      expect(waypoints.length).toBeLessThanOrEqual(MAX_WAYPOINTS);
      if (i > 0) expect(p.get('origin')).toBe(links[i - 1]!.get('destination'));
      visited.push(...waypoints, p.get('destination')!);
    });
    expect(visited).toEqual(places);
  });

  it('makes no link with fewer than two places', () => {
    expect(directionsLinks(['1 Main St'])).toEqual([]);
    expect(directionsLinks(['1 Main St', ' '])).toEqual([]);
  });
});
