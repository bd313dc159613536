/**
 * Addresses in, suggestions and coordinates out (docs/architecture.md#external-services). Routes
 * depend on this interface only; the provider is chosen by GEOCODER.
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';

export interface Located {
  lat: number;
  lng: number;
  /** IANA zone at that point. */
  timeZone: string;
}

export interface Geocoder {
  /** Up to 8 suggestions for free text of 3 or more characters. */
  suggest(text: string): Promise<PlaceSuggestion[]>;
  /**
   * Coordinates for a suggestion's placeId, or for an address as stored
   * ("12, Beverly Hills, CA 90210, USA"). null when it cannot be located.
   */
  locate(placeIdOrText: string): Promise<Located | null>;
}

export const MAX_SUGGESTIONS = 8;
