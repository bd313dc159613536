import type { LatLng } from '@slotwise/shared/geo';
import { describe, expect, it } from 'vitest';
import { driveProfit, type ProfitJob } from './drive-profit.ts';

const HOUR = 3_600_000;
const BASE: LatLng = { lat: 30, lng: -97 };
/** A place `miles` due north of the base (69.093 miles a degree of latitude: whole miles exactly). */
const north = (miles: number): LatLng => ({ lat: BASE.lat + miles / 69.093, lng: BASE.lng });

let n = 0;
function job(
  day: number,
  startHour: number,
  miles: number | null,
  dollars: number,
  zip: string,
  crewId = 'c1',
): ProfitJob {
  const startMs = Date.UTC(2026, 10, day, startHour);
  return {
    id: `job-${++n}`,
    crewId,
    day: `2026-11-${String(day).padStart(2, '0')}`,
    startMs,
    endMs: startMs + HOUR,
    location: miles === null ? null : north(miles),
    totalCents: dollars * 100,
    zip,
    serviceKey: 'full',
    serviceName: 'Full Detail',
  };
}

const input = (jobs: ProfitJob[], over: Partial<Parameters<typeof driveProfit>[0]> = {}) => ({
  jobs,
  base: BASE,
  startOf: () => BASE,
  speedMph: 30,
  vehicleCostPerMileCents: 50,
  pricePerMileCents: 0,
  ...over,
});

/**
 * The hand-computed example. 30 mph: a mile is 2 minutes; the vehicle costs $0.50 a mile.
 * Inside (ZIP 78701), $100 each:
 *   day 1: A 2 mi at 9:00 (leg 2 mi from the base, 4 min, $1.00) -> $99.00 over 64 min;
 *          B 4 mi at 11:00 (leg 2 mi from A, 4 min, $1.00)       -> $99.00 over 64 min;
 *   day 2: C 4 mi (leg 4 mi, 8 min, $2.00)                       -> $98.00 over 68 min;
 *   day 3: D 2 mi at 9:00 (leg 2 mi, 4 min, $1.00)               -> $99.00 over 64 min.
 *   $395.00 over 260 min: 39,500 x 60 / 260 = 9,115.38 -> $91.15/h.
 * Far, $100 each (ZIP 78620, H with no ZIP):
 *   day 3: E 20 mi at 12:00 (leg 18 mi from D, 36 min, $9.00)  -> $91.00 over 96 min;
 *   day 4: F 20 mi (leg 20 mi, 40 min, $10.00)                  -> $90.00 over 100 min;
 *   day 5: G 24 mi at 10:00 (leg 24 mi, 48 min, $12.00)        -> $88.00 over 108 min;
 *          H 20 mi at 12:00 (leg 4 mi from G, 8 min, $2.00)    -> $98.00 over 68 min.
 *   $367.00 over 372 min: 36,700 x 60 / 372 = 5,919.35 -> $59.19/h.
 * The split: whole miles 2, 4, 20, 24; only 4 leaves 3 or more on each side: beyond 4 mi.
 * Target: (5,919 + 9,115) / 2 = 7,517 -> $75.17/h. The far jobs lack 7,517 x 372 / 60 - 36,700 =
 * 9,905.4 cents over 20 + 20 + 24 + 20 = 84 miles from the base: 117.9 -> $1.18 a mile.
 * The area: 24 mi keeps all four ($59.19/h), 20 mi keeps E, F, H: $279.00 over 264 min = $63.41/h;
 * neither reaches $75.17, so the area is the split, 4 mi, leaving them out.
 */
function handExample(): ProfitJob[] {
  return [
    job(1, 9, 2, 100, '78701'),
    job(1, 11, 4, 100, '78701'),
    job(2, 9, 4, 100, '78701'),
    job(3, 9, 2, 100, '78701'),
    job(3, 12, 20, 100, '78620'),
    job(4, 10, 20, 100, '78620'),
    job(5, 10, 24, 100, '78620'),
    job(5, 12, 20, 100, ''),
  ];
}

describe('profit after the drive', () => {
  it('matches the hand computation: the legs, the groups and the advice', () => {
    const p = driveProfit(input(handExample()));
    expect(p.total).toMatchObject({ jobs: 8, earningsCents: 76_200, minutes: 632, driveMinutes: 152, miles: 76 });
    expect(p.byZip.map((z) => [z.name, z.jobs, z.earningsCents, z.minutes, z.perHourCents])).toEqual([
      ['78701', 4, 39_500, 260, 9_115],
      // H alone: $98.00 over 68 min = 8,647.06.
      ['Unknown', 1, 9_800, 68, 8_647],
      // E, F, G: $269.00 over 304 min = 5,309.21.
      ['78620', 3, 26_900, 304, 5_309],
    ]);
    expect(p.byService).toHaveLength(1);
    expect(p.located).toBe(8);
    expect(p.noAdvice).toBeNull();
    expect(p.advice).toEqual({
      beyondMiles: 4,
      farJobs: 4,
      insideJobs: 4,
      farPerHourCents: 5_919,
      insidePerHourCents: 9_115,
      targetPerHourCents: 7_517,
      pricePerMileCents: 118,
      areaMiles: 4,
      areaKeepsSome: false,
    });
  });

  it('adds the per-mile price charged now to the one it advises', () => {
    expect(driveProfit(input(handExample(), { pricePerMileCents: 75 })).advice?.pricePerMileCents).toBe(193);
  });

  it('advises the widest area whose far jobs reach the target', () => {
    // G at 24 mi now pays $20: far $287.00 over 372 min = $46.29/h; target (4,629 + 9,115) / 2 = $68.72;
    // 20 mi keeps E, F, H: $63.41/h, short of it; so a dearer H: $150 -> E, F, H $329.00 / 264 = $74.77/h.
    const jobs = handExample();
    jobs[6]!.totalCents = 2_000;
    jobs[7]!.totalCents = 15_000;
    const a = driveProfit(input(jobs)).advice!;
    expect(a.farPerHourCents).toBe(Math.round(((9_100 + 9_000 + 800 + 14_800) * 60) / 372));
    expect(a.areaMiles).toBe(20);
    expect(a.areaKeepsSome).toBe(true);
  });

  it("counts each crew's legs on their own, from its own start place", () => {
    const depot = north(10);
    const jobs = [job(1, 9, 2, 100, '78701', 'c1'), job(1, 11, 12, 100, '78701', 'c2')];
    const p = driveProfit(input(jobs, { startOf: (c) => (c === 'c2' ? depot : BASE) }));
    // c1: 2 mi from the base (4 min); c2: 2 mi from its depot (4 min), not 10 mi from c1's job.
    expect(p.total.driveMinutes).toBe(8);
    expect(p.total.miles).toBe(4);
  });

  it('costs no drive for a job with no known place and groups it as Unknown without a ZIP code', () => {
    const p = driveProfit(input([job(1, 9, null, 100, '')]));
    expect(p.byZip).toEqual([
      {
        key: '',
        name: 'Unknown',
        jobs: 1,
        earningsCents: 10_000,
        minutes: 60,
        driveMinutes: 0,
        miles: 0,
        perHourCents: 10_000,
      },
    ]);
    expect(p.located).toBe(0);
    expect(p.noAdvice).toBe('few-jobs');
  });

  it('gives no advice with too few jobs, without a base, or when the far jobs earn about as much', () => {
    expect(driveProfit(input(handExample().slice(0, 7))).noAdvice).toBe('few-jobs');
    expect(driveProfit(input(handExample(), { base: null })).noAdvice).toBe('no-base');
    // Far jobs paid $140: (131 + 130 + 128 + 138) x 60 / 372 = $85.00/h, over 80% of $91.15.
    const even = handExample().map((j, i) => (i >= 4 ? { ...j, totalCents: 14_000 } : j));
    const p = driveProfit(input(even));
    expect(p.advice).toBeNull();
    expect(p.noAdvice).toBe('no-gap');
  });

  it('answers nothing for no jobs', () => {
    const p = driveProfit(input([]));
    expect(p.total.perHourCents).toBeNull();
    expect(p.byZip).toEqual([]);
    expect(p.noAdvice).toBe('few-jobs');
  });
});
