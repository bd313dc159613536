/**
 * Where things are: the customer's address as coordinates, the business's home, a
 * booking's place, and the service area (docs/decisions/008). Distances are
 * great-circle miles (shared/src/geo.ts).
 */
import type { LatLng } from '@slotwise/shared/geo';
import { serviceAreaRefusal as refusalWords } from '@slotwise/shared/service-area';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Located } from '../geocoder/geocoder.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';

const ADDRESS_NOT_LOCATED = 'We could not locate that address. Please pick one of the suggestions.';
/** The owner's words: their address is a suggestion for what they typed (onboarding step 3, Settings). */
export const BUSINESS_ADDRESS_NOT_FOUND =
  'We could not locate that address. Type your street address again and pick one of the suggestions.';

/** What a customer reads when the address names no street: the business must be able to drive there. */
const CUSTOMER_NEEDS_STREET = 'Add your street address (house number and street), like 1100 Congress Ave.';
/** The owner's words: customers' drives start from there and the calendar feed shows it. */
const BUSINESS_NEEDS_STREET =
  "Add your business's street address (house number and street), like 1100 Congress Ave: drive times are measured from it.";

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
 * Free slots use it as it is: a city is enough to leave room for a drive.
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

/**
 * An address to drive to: located, and naming a street (a house number and street), not only
 * a city or ZIP code. Quotes, bookings and the business's own address ask for one.
 */
export async function locateStreet(
  ctx: AppContext,
  address: string,
  log: FastifyBaseLogger,
  words: { notFound: string; needsStreet: string } = {
    notFound: ADDRESS_NOT_LOCATED,
    needsStreet: CUSTOMER_NEEDS_STREET,
  },
): Promise<Located> {
  const located = await locate(ctx, address, log, words.notFound);
  if (!located.hasStreet) throw new AppError('ADDRESS_NEEDS_STREET', words.needsStreet);
  return located;
}

/** The owner's words for locateStreet. */
export const BUSINESS_ADDRESS_WORDS = { notFound: BUSINESS_ADDRESS_NOT_FOUND, needsStreet: BUSINESS_NEEDS_STREET };

/** The quote's note: null when the distance is measured from the street, else what it is estimated from. */
export function distanceEstimatedFrom(located: Pick<Located, 'precision'>): 'zip' | 'city' | null {
  return located.precision === 'street' ? null : located.precision;
}

/** The refusal of an address farther from the business than its service area; null when it is served. */
export function serviceAreaRefusal(
  business: Pick<Business, 'lat' | 'lng' | 'max_distance_miles'>,
  customer: LatLng,
): AppError | null {
  const refusal = refusalWords(homeOf(business), customer, business.max_distance_miles);
  return refusal ? new AppError('OUTSIDE_SERVICE_AREA', refusal) : null;
}

/** Refused when the address is farther from the business than its service area. */
export function assertInServiceArea(
  business: Pick<Business, 'lat' | 'lng' | 'max_distance_miles'>,
  customer: LatLng,
): void {
  const refusal = serviceAreaRefusal(business, customer);
  if (refusal) throw refusal;
}
