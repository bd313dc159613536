/**
 * Service area (issue 8, item 3): an owner may serve only addresses within a
 * maximum distance of the business, measured with milesBetween like pricing.
 * An address exactly at the limit is served.
 */
import { type LatLng, milesBetween } from './geo.ts';

/** 25 -> "25", 12.5 -> "12.5", 31.25 -> "31.25": no trailing zeros, at most two decimals. */
function miles(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export function outsideAreaMessage(distanceMiles: number, maxMiles: number): string {
  return `We only serve addresses within ${miles(maxMiles)} miles; this one is ${miles(distanceMiles)} miles away.`;
}

/**
 * Why an address is refused, or null when it is served: always served without a
 * limit or when the business has no coordinates to measure from.
 */
export function serviceAreaRefusal(home: LatLng | null, customer: LatLng, maxMiles: number | null): string | null {
  if (maxMiles === null || !home) return null;
  const distance = milesBetween(home, customer);
  return distance > maxMiles ? outsideAreaMessage(distance, maxMiles) : null;
}
