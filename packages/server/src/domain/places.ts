/**
 * Where things are: the customer's address as coordinates, the business's home, a
 * booking's place, and the service area (docs/decisions/008). Distances are
 * great-circle miles (shared/src/geo.ts).
 */
import type { LatLng } from '@slotwise/shared/geo';
import { serviceAreaRefusal } from '@slotwise/shared/service-area';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Located } from '../geocoder/geocoder.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';

const ADDRESS_NOT_LOCATED = 'We could not locate that address. Please pick one of the suggestions.';
/** The owner's words: their address is a house number and a suggestion (onboarding step 3, Settings). */
export const BUSINESS_ADDRESS_NOT_FOUND =
  'We could not locate that address. Search again and pick one of the suggestions, then add your house number.';

export function homeOf(b: Pick<Business, 'lat' | 'lng'>): LatLng | null {
  return b.lat !== null && b.lng !== null ? { lat: b.lat, lng: b.lng } : null;
}

export function locationOf(row: Pick<BookingRow, 'customer_lat' | 'customer_lng'>): LatLng | null {
  return row.customer_lat !== null && row.customer_lng !== null
    ? { lat: row.customer_lat, lng: row.customer_lng }
    : null;
}

/**
 * An address as coordinates: refused when it cannot be found (with `notFound`, the
 * customer's words unless the owner's are given), unavailable when the lookup is down.
 */
export async function locate(
  ctx: AppContext,
  address: string,
  log: FastifyBaseLogger,
  notFound = ADDRESS_NOT_LOCATED,
): Promise<Located> {
  let located: Located | null;
  try {
    located = await ctx.geocoder.locate(address);
  } catch (err) {
    log.warn({ err }, 'geocoder locate failed');
    throw new AppError(
      'GEOCODER_UNAVAILABLE',
      'Address lookup is unavailable right now. Please try again in a minute.',
    );
  }
  if (!located) throw new AppError('ADDRESS_NOT_FOUND', notFound);
  return located;
}

/** Refused when the address is farther from the business than its service area. */
export function assertInServiceArea(
  business: Pick<Business, 'lat' | 'lng' | 'max_distance_miles'>,
  customer: LatLng,
): void {
  const refusal = serviceAreaRefusal(homeOf(business), customer, business.max_distance_miles);
  if (refusal) throw new AppError('OUTSIDE_SERVICE_AREA', refusal);
}
