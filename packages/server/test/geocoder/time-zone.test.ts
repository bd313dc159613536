import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '../../src/geocoder/time-zone.ts';

describe('timeZoneAt (the shipped table of @photostructure/tz-lookup, no network)', () => {
  it.each([
    ['Austin, TX', 30.2672, -97.7431, 'America/Chicago'],
    ['New York, NY', 40.7128, -74.006, 'America/New_York'],
    ['Phoenix, AZ (no daylight saving)', 33.4484, -112.074, 'America/Phoenix'],
    ['Honolulu, HI', 21.3069, -157.8583, 'Pacific/Honolulu'],
    ['London', 51.5072, -0.1276, 'Europe/London'],
  ])('%s is in %s', (_place, lat, lng, zone) => {
    expect(timeZoneAt(lat, lng)).toBe(zone);
  });

  it('refuses coordinates off the globe', () => {
    expect(() => timeZoneAt(91, 0)).toThrow();
  });
});
