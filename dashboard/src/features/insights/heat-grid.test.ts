import { describe, expect, it } from 'vitest';
import { heatCounts, heatHours, heatLevel } from './heat-grid.ts';

describe('the busiest days and hours grid', () => {
  it('shows the hours from the earliest booking to the latest, without gaps', () => {
    expect(
      heatHours([
        { weekday: 6, hour: 14, bookings: 2 },
        { weekday: 1, hour: 9, bookings: 1 },
        { weekday: 3, hour: 11, bookings: 4 },
      ]),
    ).toEqual([9, 10, 11, 12, 13, 14]);
    expect(heatHours([])).toEqual([]);
  });

  it('shades cells from 1 to 5 by their share of the busiest, 0 for none', () => {
    expect(heatLevel(0, 6)).toBe(0);
    expect(heatLevel(1, 6)).toBe(1);
    expect(heatLevel(3, 6)).toBe(3);
    expect(heatLevel(6, 6)).toBe(5);
    expect(heatCounts([{ weekday: 6, hour: 9, bookings: 6 }]).get('6:9')).toBe(6);
  });
});
