import { describe, expect, it } from 'vitest';
import { milesBetween } from './geo.ts';
import { outsideAreaMessage, serviceAreaRefusal } from './service-area.ts';

const HOME = { lat: 34, lng: -118 };
/** 10.0 miles due north (milesBetween rounds to 0.1 mile). */
const TEN = { lat: 34.14473, lng: -118 };
/** 20.0 miles due north. */
const TWENTY = { lat: 34.289, lng: -118 };

describe('service area', () => {
  it('measures with the pricing distance', () => {
    expect(milesBetween(HOME, TEN)).toBe(10);
    expect(milesBetween(HOME, TWENTY)).toBe(20);
  });

  it('serves any address without a limit', () => {
    expect(serviceAreaRefusal(HOME, TWENTY, null)).toBeNull();
  });

  it('serves an address inside the radius and exactly at it', () => {
    expect(serviceAreaRefusal(HOME, TEN, 25)).toBeNull();
    expect(serviceAreaRefusal(HOME, TEN, 10)).toBeNull();
    expect(serviceAreaRefusal(HOME, HOME, 0.5)).toBeNull();
  });

  it('refuses an address beyond the radius, naming both distances', () => {
    expect(serviceAreaRefusal(HOME, TEN, 9.9)).toBe(
      'We only serve addresses within 9.9 miles; this one is 10 miles away.',
    );
    expect(serviceAreaRefusal(HOME, TWENTY, 15)).toBe(
      'We only serve addresses within 15 miles; this one is 20 miles away.',
    );
  });

  it('cannot measure without the business coordinates, so serves', () => {
    expect(serviceAreaRefusal(null, TWENTY, 1)).toBeNull();
  });

  it('writes the message as the widget shows it', () => {
    expect(outsideAreaMessage(31.2, 25)).toBe('We only serve addresses within 25 miles; this one is 31.2 miles away.');
    expect(outsideAreaMessage(12.25, 12.5)).toBe(
      'We only serve addresses within 12.5 miles; this one is 12.25 miles away.',
    );
  });
});
