import type { InsightsMissed } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { MAP_SIZE, MILES_PER_DEGREE, mapLayout, niceMiles, project } from './map-layout.ts';

type Zip = InsightsMissed['zips'][number];
const home = { lat: 30.27, lng: -97.74 };
const zip = (over: Partial<Zip> & Pick<Zip, 'zip'>): Zip => ({
  place: 'Austin, TX',
  lat: home.lat,
  lng: home.lng,
  miles: 1,
  outsideArea: 0,
  outsideAreaValue: 0,
  quoted: 0,
  booked: 0,
  notBooked: 0,
  notBookedValue: 0,
  ...over,
});

describe('the missed-work map layout', () => {
  it('projects around home: north up, longitude shrunk by the cosine of the latitude', () => {
    expect(project(home, home.lat + 1, home.lng)).toEqual({ x: 0, y: -MILES_PER_DEGREE });
    const east = project({ lat: 60, lng: 10 }, 60, 11);
    expect(east.x).toBeCloseTo(MILES_PER_DEGREE / 2, 6);
    expect(east.y).toBeCloseTo(0, 6);
  });

  it('fits the farthest point and the wider ring, with the rings at their miles', () => {
    const far = zip({ zip: '78610', lat: home.lat - 0.4, lng: home.lng, outsideArea: 4 });
    const near = zip({ zip: '78704', lat: home.lat - 0.05, lng: home.lng + 0.02, notBooked: 2 });
    const layout = mapLayout({ home, serviceAreaMiles: 10, zips: [near, far] });
    expect(layout).not.toBeNull();
    if (!layout) return;
    // 0.4 degrees south is about 27.6 miles: farther than the wider ring (15 miles).
    expect(layout.wider).toBeCloseTo(15 * layout.scale, 6);
    expect(layout.area).toBeCloseTo(10 * layout.scale, 6);
    for (const p of layout.points) {
      expect(p.x - p.r).toBeGreaterThanOrEqual(0);
      expect(p.y + p.r).toBeLessThanOrEqual(MAP_SIZE);
    }
    const [first, second] = layout.points;
    expect(first?.zip).toBe('78610'); // most missed first
    expect(first?.kind).toBe('refused');
    expect(first?.y).toBeGreaterThan(MAP_SIZE / 2); // south is down
    expect(second?.kind).toBe('notBooked');
    expect(first!.r).toBeGreaterThan(second!.r);
    expect(layout.scaleBar.label).toBe('5 miles');
  });

  it('labels every point when there is room, each label clear of the others', () => {
    const zips = [0, 1, 2, 3, 4, 5].map((i) =>
      zip({
        zip: `7870${i}`,
        lat: home.lat + Math.sin(i) * 0.1,
        lng: home.lng + Math.cos(i) * 0.1,
        outsideArea: i + 1,
      }),
    );
    const layout = mapLayout({ home, serviceAreaMiles: null, zips });
    expect(layout?.points.every((p) => p.label !== null)).toBe(true);
    expect(layout?.area).toBeNull();
  });

  it('draws only ZIP codes with a known centre and something missed; no map without home', () => {
    const zips = [
      zip({ zip: '00000', lat: null, lng: null, outsideArea: 3 }),
      zip({ zip: '78701', quoted: 2, booked: 2 }),
      zip({ zip: '78702', notBooked: 1 }),
    ];
    expect(mapLayout({ home, serviceAreaMiles: 5, zips })?.points.map((p) => p.zip)).toEqual(['78702']);
    expect(mapLayout({ home: null, serviceAreaMiles: 5, zips })).toBeNull();
    // Nothing to draw: a 10-mile map around home.
    expect(mapLayout({ home, serviceAreaMiles: null, zips: [] })?.scaleBar.label).toBe('2 miles');
  });

  it('rounds the scale bar to 1, 2 or 5 times a power of ten', () => {
    expect(niceMiles(30)).toBe(10);
    expect(niceMiles(20)).toBe(5);
    expect(niceMiles(4)).toBe(1);
    expect(niceMiles(2)).toBe(0.5);
    expect(niceMiles(100)).toBe(20);
  });
});
