import { describe, expect, it } from 'vitest';
import { beaconRows, beaconSource } from './insights.ts';

const OWN = 'https://book.slotwise.example';

describe('beaconSource', () => {
  it("keeps a site's host from its Origin, never from the body", () => {
    expect(beaconSource('site', 'https://www.Shiny-Cars.example', OWN)).toEqual({
      source: 'site',
      site: 'shiny-cars.example',
    });
  });

  it('believes a page or QR visit from our own booking page', () => {
    expect(beaconSource('page', OWN, OWN)).toEqual({ source: 'page', site: '' });
    expect(beaconSource('qr', OWN, OWN)).toEqual({ source: 'qr', site: '' });
  });

  it('counts a page or QR claim from another site as that site', () => {
    expect(beaconSource('qr', 'https://shiny-cars.example', OWN)).toEqual({
      source: 'site',
      site: 'shiny-cars.example',
    });
  });

  it('lets a claim stand without an Origin to check it against', () => {
    expect(beaconSource('page', undefined, OWN)).toEqual({ source: 'page', site: '' });
  });
});

describe('beaconRows', () => {
  it('counts each step once, and full days only from yesterday to two years ahead', () => {
    const rows = beaconRows('b1', '2026-12-01', 'site', 'x.example', [
      { type: 'opened' },
      { type: 'opened' },
      { type: 'full', date: '2026-12-05', time: '09:00' },
      { type: 'full', date: '2026-12-05', time: '10:30' },
      { type: 'full', date: '2026-11-30' },
      { type: 'full', date: '2000-01-01' },
      { type: 'full', date: '2030-01-01' },
    ]);
    expect(rows.steps.map((s) => s.step)).toEqual(['opened']);
    expect(rows.taps.map((t) => [t.wanted_day, t.part])).toEqual([
      ['2026-12-05', 'morning'],
      ['2026-11-30', ''],
    ]);
    expect(rows.counted).toBe(3);
  });
});
