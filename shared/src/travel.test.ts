import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LatLng } from './geo.ts';
import {
  dayTravelBlocks,
  driveMinutes,
  type Job,
  neighbours,
  type TravelCheckInput,
  travelFits,
  travelRefusal,
} from './travel.ts';

const MIN = 60_000;
/** Minutes after 08:00 on a test day, as epoch ms. */
const DAY0 = Date.parse('2026-12-02T16:00:00Z');
const at = (h: number, m = 0) => DAY0 + ((h - 8) * 60 + m) * MIN;

// Points due north of HOME: 10 and 20 miles away (40 and 20 minutes apart at 30 mph).
const HOME: LatLng = { lat: 34, lng: -118 };
const NORTH_10: LatLng = { lat: 34.14473, lng: -118 };
const NORTH_20: LatLng = { lat: 34.289, lng: -118 };
const SPEED = 30;

const job = (id: string, start: number, end: number, location: LatLng | null = NORTH_10): Job => ({
  id,
  startMs: start,
  endMs: end,
  location,
});

function check(over: Partial<TravelCheckInput> & { start: number; end: number; where?: LatLng }) {
  const { start, end, where, ...rest } = over;
  return travelRefusal({
    candidate: { startMs: start, endMs: end, location: where ?? NORTH_20 },
    jobs: [],
    home: HOME,
    dayStartMs: at(10),
    settings: { speedMph: SPEED, bufferMinutes: 0 },
    ...rest,
  });
}

describe('drive time', () => {
  it('is miles / speed in minutes, rounded up to whole minutes', () => {
    expect(driveMinutes(HOME, NORTH_10, 30)).toBe(20);
    expect(driveMinutes(HOME, NORTH_10, 40)).toBe(15);
    // 10 miles at 45 mph is 13.33 minutes: 14.
    expect(driveMinutes(HOME, NORTH_10, 45)).toBe(14);
    expect(driveMinutes(HOME, NORTH_20, 30)).toBe(40);
    expect(driveMinutes(NORTH_10, NORTH_20, 30)).toBe(20);
  });

  it('is 0 for the same place and when a place is unknown', () => {
    expect(driveMinutes(HOME, HOME, 30)).toBe(0);
    expect(driveMinutes(null, HOME, 30)).toBe(0);
    expect(driveMinutes(HOME, null, 30)).toBe(0);
  });

  it('refuses a speed that is not positive', () => {
    expect(() => driveMinutes(HOME, NORTH_10, 0)).toThrow(/more than 0 mph/);
  });

  it('is symmetric, never negative, and never shorter than the exact time', () => {
    const point = fc.record({
      lat: fc.double({ min: -60, max: 60, noNaN: true }),
      lng: fc.double({ min: -170, max: 170, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, fc.integer({ min: 5, max: 80 }), (a, b, speed) => {
        const m = driveMinutes(a, b, speed);
        expect(m).toBe(driveMinutes(b, a, speed));
        expect(Number.isInteger(m)).toBe(true);
        expect(m).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('neighbours', () => {
  const a = job('a', at(10), at(11));
  const b = job('b', at(12), at(13));
  const c = job('c', at(15), at(16));

  it('are the job ending last before the start and the one starting first after the end', () => {
    expect(neighbours({ startMs: at(13, 30), endMs: at(14) }, [c, a, b])).toEqual({ previous: b, next: c });
  });

  it('count back-to-back jobs as neighbours', () => {
    expect(neighbours({ startMs: at(11), endMs: at(12) }, [a, b, c])).toEqual({ previous: a, next: b });
  });

  it('leave out overlapping jobs', () => {
    expect(neighbours({ startMs: at(12, 30), endMs: at(13, 30) }, [a, b, c])).toEqual({ previous: a, next: c });
  });
});

describe('travel feasibility', () => {
  describe('first job of the day (from the business address)', () => {
    it('fits when the drive from home fits after opening', () => {
      // 40 minutes from home: 10:40 is the first start that can be reached from 10:00.
      expect(check({ start: at(10, 40), end: at(11, 40) })).toBeNull();
      expect(check({ start: at(11), end: at(12) })).toBeNull();
    });

    it('does not fit when the drive from home would end after the start', () => {
      expect(check({ start: at(10), end: at(11) })).toBe('from-home');
      expect(check({ start: at(10, 39), end: at(11, 39) })).toBe('from-home');
    });

    it('adds no buffer to the drive from home', () => {
      const settings = { speedMph: SPEED, bufferMinutes: 30 };
      expect(check({ start: at(10, 40), end: at(11, 40), settings })).toBeNull();
    });

    it('has no leg from home when the business has no coordinates or no opening time', () => {
      expect(check({ start: at(10), end: at(11), home: null })).toBeNull();
      expect(check({ start: at(10), end: at(11), dayStartMs: null })).toBeNull();
    });

    it('a customer at the business address can take the opening slot', () => {
      expect(check({ start: at(10), end: at(11), where: HOME })).toBeNull();
    });
  });

  describe('between two jobs', () => {
    // Previous at NORTH_10 until 11:00; next at HOME from 13:00. Candidate at NORTH_20:
    // 20 minutes from the previous, 40 minutes to the next.
    const jobs = [job('prev', at(10), at(11), NORTH_10), job('next', at(13), at(14), HOME)];

    it('fits when both drives fit', () => {
      expect(check({ start: at(11, 20), end: at(12, 20), jobs })).toBeNull();
      expect(check({ start: at(11, 30), end: at(12), jobs })).toBeNull();
    });

    it('does not fit when the drive from the previous job does not', () => {
      expect(check({ start: at(11), end: at(11, 30), jobs })).toBe('from-previous');
      expect(check({ start: at(11, 19), end: at(11, 49), jobs })).toBe('from-previous');
    });

    it('does not fit when the drive on to the next job does not', () => {
      expect(check({ start: at(11, 30), end: at(12, 30), jobs })).toBe('to-next');
      expect(check({ start: at(11, 40), end: at(12, 21), jobs })).toBe('to-next');
    });

    it('adds the buffer to both drives', () => {
      const settings = { speedMph: SPEED, bufferMinutes: 15 };
      expect(check({ start: at(11, 20), end: at(11, 50), jobs, settings })).toBe('from-previous');
      expect(check({ start: at(11, 35), end: at(12, 5), jobs, settings })).toBeNull();
      expect(check({ start: at(11, 35), end: at(12, 6), jobs, settings })).toBe('to-next');
    });

    it('uses the previous job, not the business address, once there is one', () => {
      // From home it would be 40 minutes; from the previous job at the same place it is none.
      const here = [job('prev', at(10), at(10, 30), NORTH_20)];
      expect(check({ start: at(10, 30), end: at(11), jobs: here })).toBeNull();
    });

    it('takes a job of unknown place as no drive, but still keeps the buffer', () => {
      const unknown = [job('prev', at(10), at(11), null)];
      expect(check({ start: at(11), end: at(12), jobs: unknown })).toBeNull();
      expect(
        check({ start: at(11), end: at(12), jobs: unknown, settings: { speedMph: SPEED, bufferMinutes: 10 } }),
      ).toBe('from-previous');
    });

    it('only the nearest jobs count', () => {
      const far = [job('early', at(8), at(9), HOME), ...jobs];
      expect(check({ start: at(11, 20), end: at(12, 20), jobs: far })).toBeNull();
    });
  });

  describe('last job of the day', () => {
    const jobs = [job('prev', at(10), at(11), NORTH_10)];

    it('needs only the drive from the previous job (no drive home)', () => {
      expect(check({ start: at(11, 20), end: at(19), jobs })).toBeNull();
      expect(check({ start: at(11, 10), end: at(12), jobs })).toBe('from-previous');
    });
  });

  describe('a job exactly at the edge', () => {
    it('fits when previous end + drive + buffer equals the start', () => {
      const settings = { speedMph: SPEED, bufferMinutes: 10 };
      const jobs = [job('prev', at(10), at(11), NORTH_10)];
      expect(check({ start: at(11, 30), end: at(12), jobs, settings })).toBeNull();
      expect(check({ start: at(11, 30) - 1, end: at(12), jobs, settings })).toBe('from-previous');
    });

    it('fits when end + drive + buffer equals the next start', () => {
      const settings = { speedMph: SPEED, bufferMinutes: 10 };
      const jobs = [job('next', at(15), at(16), NORTH_10)];
      expect(check({ start: at(14), end: at(14, 30), jobs, settings })).toBeNull();
      expect(check({ start: at(14), end: at(14, 30) + 1, jobs, settings })).toBe('to-next');
    });

    it('fits when opening + drive from home equals the start', () => {
      expect(check({ start: at(10, 40), end: at(11) })).toBeNull();
      expect(check({ start: at(10, 40) - 1, end: at(11) })).toBe('from-home');
    });
  });

  it('travelFits says the same as travelRefusal', () => {
    const input: TravelCheckInput = {
      candidate: { startMs: at(10), endMs: at(11), location: NORTH_20 },
      jobs: [],
      home: HOME,
      dayStartMs: at(10),
      settings: { speedMph: SPEED, bufferMinutes: 0 },
    };
    expect(travelFits(input)).toBe(false);
    expect(travelFits({ ...input, candidate: { ...input.candidate, location: HOME } })).toBe(true);
  });
});

describe('travel blocks of a day', () => {
  it('draws the drive from home ending at the first job, then each drive starting as a job ends', () => {
    const jobs = [job('b', at(13), at(14), NORTH_20), job('a', at(11), at(12), NORTH_10)];
    expect(dayTravelBlocks(jobs, HOME, SPEED)).toEqual([
      { startMs: at(10, 40), endMs: at(11), minutes: 20, fromId: null, toId: 'a' },
      { startMs: at(12), endMs: at(12, 20), minutes: 20, fromId: 'a', toId: 'b' },
    ]);
  });

  it('leaves out drives of no length and has no first leg without a home', () => {
    const jobs = [job('a', at(11), at(12), HOME), job('b', at(12), at(13), HOME)];
    expect(dayTravelBlocks(jobs, HOME, SPEED)).toEqual([]);
    expect(dayTravelBlocks([job('a', at(11), at(12), NORTH_10)], null, SPEED)).toEqual([]);
  });

  it('draws a drive longer than the gap whole, so the squeeze shows', () => {
    const jobs = [job('a', at(11), at(12), HOME), job('b', at(12), at(13), NORTH_20)];
    expect(dayTravelBlocks(jobs, HOME, SPEED)).toEqual([
      { startMs: at(12), endMs: at(12, 40), minutes: 40, fromId: 'a', toId: 'b' },
    ]);
  });
});
