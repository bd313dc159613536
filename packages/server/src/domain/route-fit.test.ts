import type { DetailedSlot } from '@slotwise/shared/slots';
import { describe, expect, it } from 'vitest';
import type { CrewJob } from '../repositories/calendar.ts';
import { type RouteFitRule, routeFitRuleOf, slotSavings } from './route-fit.ts';

const HOUR = 3_600_000;
const home = { lat: 34.07, lng: -118.4 };
const street = { lat: 34.02, lng: -118.49 };
const rule: RouteFitRule = { pricePerMileCents: 200, share: 'all', floorCents: 0, home };
const slot = (h: number, available = true): DetailedSlot => ({
  time: `${h}:00`,
  startMs: h * HOUR,
  endMs: (h + 1) * HOUR,
  available,
  refusal: available ? null : 'busy',
});
const job = (crewId: string | null, h: number): CrewJob => ({
  id: `job-${h}`,
  startMs: h * HOUR,
  endMs: (h + 1) * HOUR,
  location: street,
  crewId,
});
const crews = [
  { id: 'a', position: 0, home },
  { id: 'b', position: 1, home },
];

describe('slotSavings', () => {
  it('prices a time on the day of the crew the job goes to: the one nearby when drives are weighed', () => {
    const grid = [slot(12)];
    const travel = { speedMph: 30, bufferMinutes: 0 };
    const saved = slotSavings(grid, crews, [grid, grid], [job('b', 10)], street, travel, rule);
    expect(saved.get(12 * HOUR)).toBeGreaterThan(0);
    // Without drives weighed, the job goes to the crew with fewer jobs (a), which is not nearby: no saving.
    expect(slotSavings(grid, crews, [grid, grid], [job('b', 10)], street, null, rule).size).toBe(0);
  });

  it('only crews that have the time free count, and a taken time has no price', () => {
    const grid = [slot(12), slot(13, false)];
    const onlyA = [grid, [slot(12, false), slot(13, false)]];
    expect(slotSavings(grid, crews, onlyA, [job('b', 10)], street, { speedMph: 30, bufferMinutes: 0 }, rule).size).toBe(
      0,
    );
    const saved = slotSavings(grid, crews, onlyA, [job(null, 10)], street, null, rule);
    expect([...saved.keys()]).toEqual([12 * HOUR]);
  });
});

describe('routeFitRuleOf', () => {
  const b = {
    lat: home.lat,
    lng: home.lng,
    distance_pricing_on: 1,
    price_per_mile_cents: 150,
    nearby_share: 'half' as const,
    nearby_floor_cents: 100,
  };
  it('is off when the owner keeps every saving, charges nothing for distance, or has no place', () => {
    expect(routeFitRuleOf(b)).toEqual({ pricePerMileCents: 150, share: 'half', floorCents: 100, home });
    expect(routeFitRuleOf({ ...b, nearby_share: 'none' })).toBeNull();
    expect(routeFitRuleOf({ ...b, distance_pricing_on: 0 })).toBeNull();
    expect(routeFitRuleOf({ ...b, price_per_mile_cents: 0 })).toBeNull();
    expect(routeFitRuleOf({ ...b, lat: null })).toBeNull();
  });
});
