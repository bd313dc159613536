import { describe, expect, it } from 'vitest';
import { hangerDays, hangerSentence, nearbyPromise, streetOf } from './door-hanger.ts';

describe('the door-hanger', () => {
  it.each([
    ['12 Oak St, Austin, TX 78701', 'Oak St'],
    ['12, Oak St, Austin, TX 78701, USA', 'Oak St'],
    ['1100 Congress Ave Apt 4, Austin, TX 78701', 'Congress Ave'],
    ['12B Maple Drive, Springfield', 'Maple Drive'],
    ['#4 Ocean Blvd., Malibu', 'Ocean Blvd.'],
    ['5, Malibu, CA 90265, USA', null],
    ['Ranch Road 12, north of town', null],
    ['Somewhere north', null],
    ['', null],
    [null, null],
  ])('names the street of %j alone: %j', (address, street) => {
    expect(streetOf(address)).toBe(street);
  });

  it('says the street and the weekday, or the weekday alone, never the customer', () => {
    expect(hangerSentence('Oak St', 'Tuesday')).toBe(
      "Your neighbour on Oak St booked us on Tuesday: book the same day, we're already nearby.",
    );
    expect(hangerSentence(null, 'Tuesday')).toBe(
      "Your neighbour booked us on Tuesday: book the same day, we're already nearby.",
    );
  });

  it("offers the coming days of the job's weekday after today, the job's own when still ahead", () => {
    // 2026-12-01 is a Tuesday.
    expect(hangerDays('2026-12-01', '2026-12-01')).toEqual({
      weekday: 'Tuesday',
      days: ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29'],
      visits: false,
    });
    expect(hangerDays('2026-11-17', '2026-12-03').days[0]).toBe('2026-12-08');
    expect(hangerDays('2026-12-08', '2026-12-03').days[0]).toBe('2026-12-08');
  });

  it("offers the door's coming visits first, soonest first, once each, today's and earlier left out", () => {
    expect(hangerDays('2026-12-01', '2026-12-01', ['2026-12-16', '2026-12-01', '2026-12-09', '2026-12-09'])).toEqual({
      weekday: 'Wednesday',
      days: ['2026-12-09', '2026-12-16'],
      visits: true,
    });
    expect(hangerDays('2026-12-01', '2026-12-01', ['2026-12-01']).visits).toBe(false);
    // One weekday, the first visit's: the card names it.
    expect(hangerDays('2026-12-01', '2026-12-01', ['2026-12-10', '2026-12-09', '2026-12-16']).days).toEqual([
      '2026-12-09',
      '2026-12-16',
    ]);
  });

  it('promises a lower travel charge only where the nearby discount gives one on a day with a job at that door', () => {
    const pricing = { distance_pricing_on: 1, price_per_mile_cents: 200, nearby_share: 'all', nearby_floor_cents: 0 };
    expect(nearbyPromise(pricing, true)).toBe('free');
    expect(nearbyPromise({ ...pricing, nearby_floor_cents: 500 }, true)).toBe('less');
    expect(nearbyPromise({ ...pricing, nearby_share: 'half' }, true)).toBe('less');
    expect(nearbyPromise({ ...pricing, nearby_share: 'none' }, true)).toBe('nearby');
    expect(nearbyPromise({ ...pricing, distance_pricing_on: 0 }, true)).toBe('nearby');
    expect(nearbyPromise(pricing, false)).toBe('nearby');
  });
});
