import { US_TIME_ZONES } from '@slotwise/shared/time-zone';
import { describe, expect, it } from 'vitest';
import { filterZones, zoneOptions } from './time-zones.ts';

const zonesOf = (query: string, current = 'America/Los_Angeles') =>
  filterZones(zoneOptions(current), query).map((o) => o.zone);

describe('the zones a picker offers', () => {
  it('lists the US zones first, by name, then every other zone once', () => {
    const options = zoneOptions('America/Los_Angeles');
    expect(options.slice(0, US_TIME_ZONES.length).map((o) => o.zone)).toEqual([...US_TIME_ZONES]);
    expect(options.slice(0, 5).map((o) => o.label)).toEqual([
      'Eastern Time, New York',
      'Central Time, Chicago',
      'Mountain Time, Denver',
      'Mountain Standard Time, Phoenix',
      'Pacific Time, Los Angeles',
    ]);
    const zones = options.map((o) => o.zone);
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toContain('Europe/London');
    expect(zones.length).toBeGreaterThan(300);
  });

  it("puts the business's own zone on top when the browser does not list it", () => {
    expect(zoneOptions('Etc/GMT+5')[0]).toMatchObject({ zone: 'Etc/GMT+5', label: 'GMT-05:00' });
    expect(zoneOptions('America/Denver')[0]?.zone).toBe('America/New_York');
  });

  it.each([
    ['pacific', 'America/Los_Angeles'],
    ['denver', 'America/Denver'],
    ['london', 'Europe/London'],
    ['LOS ang', 'America/Los_Angeles'],
    ['america/new_york', 'America/New_York'],
    ['arizona', 'America/Phoenix'],
    ['hawaii', 'Pacific/Honolulu'],
    ['pst', 'America/Los_Angeles'],
    ['tokyo', 'Asia/Tokyo'],
  ])('"%s" finds %s first', (query, zone) => {
    expect(zonesOf(query)[0]).toBe(zone);
  });

  it('matches every word, anywhere in the name or the id, and nothing for nonsense', () => {
    expect(zonesOf('eastern new')).toEqual(['America/New_York']);
    expect(zonesOf('central chicago')).toEqual(['America/Chicago']);
    expect(zonesOf('pacific').length).toBeGreaterThan(1);
    expect(zonesOf('qqqzzz')).toEqual([]);
    expect(zonesOf('   ')).toHaveLength(zoneOptions('America/Los_Angeles').length);
  });
});
