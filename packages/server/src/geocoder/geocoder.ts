/**
 * Addresses in, suggestions and coordinates out (docs/architecture.md#external-services). Routes
 * depend on this interface only; the provider is chosen by GEOCODER.
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';

/**
 * How closely the coordinates stand for the address: the house or street itself, or only the
 * centre of its ZIP code or city (the offline gazetteer; a provider that found no street).
 */
export type Precision = 'street' | 'zip' | 'city';

export interface Located {
  lat: number;
  lng: number;
  /** IANA zone at that point. */
  timeZone: string;
  precision: Precision;
  /**
   * Whether the address names a street (a house number and street): a place to drive to.
   * The offline gazetteer keeps the typed street line though it locates only its ZIP or city.
   */
  hasStreet: boolean;
}

/**
 * The business an address is typed for: where it is, and how far it goes (its service area's
 * maximum distance; null when it sets none). Suggestions put its area first.
 */
export interface Area {
  lat: number;
  lng: number;
  maxMiles: number | null;
}

export interface Geocoder {
  /**
   * Up to 8 suggestions for free text of 3 or more characters; with an `area`, its own state and
   * nearest cities first and never a city out of its reach before one inside it.
   */
  suggest(text: string, area?: Area): Promise<PlaceSuggestion[]>;
  /**
   * Coordinates for a suggestion's placeId, or for an address as stored: a suggestion's
   * description ("1100 Congress Ave, Austin, TX 78701, USA"), or the shape stored before
   * street addresses ("12, Beverly Hills, CA 90210, USA"). null when it cannot be located.
   */
  locate(placeIdOrText: string): Promise<Located | null>;
}

export const MAX_SUGGESTIONS = 8;
