/**
 * Google Maps Platform: Places Autocomplete for suggestions (`types=address`: street
 * addresses only) and the Geocoding API for coordinates (by place_id or by address text),
 * whose result `types` and `geometry.location_type` say how precise they are. The time zone
 * comes from the shipped table, so no Time Zone API call is needed.
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';
import { type Geocoder, MAX_SUGGESTIONS, type Precision } from './geocoder.ts';
import { getJson } from './http-json.ts';
import { searchTextOf } from './stored-address.ts';
import { timeZoneAt } from './time-zone.ts';

interface Autocomplete {
  status?: string;
  error_message?: string;
  predictions?: { description?: string; place_id?: string }[];
}
interface Geocode {
  status?: string;
  error_message?: string;
  results?: GeocodeResult[];
}
interface GeocodeResult {
  types?: string[];
  geometry?: { location?: { lat?: number; lng?: number }; location_type?: string };
}

/** Result types that are a place to drive to: an address, a building or a unit in it, a street. */
const STREET_TYPES = ['street_address', 'premise', 'subpremise', 'route'];

/**
 * ROOFTOP and RANGE_INTERPOLATED are points on the street itself; otherwise the result's
 * types say what it is the centre of (GEOMETRIC_CENTER of a route is still its street).
 */
function precisionOf(result: GeocodeResult): Precision {
  const type = result.geometry?.location_type;
  const types = result.types ?? [];
  if (type === 'ROOFTOP' || type === 'RANGE_INTERPOLATED' || types.some((t) => STREET_TYPES.includes(t)))
    return 'street';
  return types.includes('postal_code') ? 'zip' : 'city';
}

function check(status: string | undefined, message: string | undefined): void {
  // ZERO_RESULTS is an answer, not a failure.
  if (status && status !== 'OK' && status !== 'ZERO_RESULTS')
    throw new Error(`Google answered ${status}${message ? `: ${message}` : ''}`);
}

export function createGoogleGeocoder(apiKey: string, baseUrl = 'https://maps.googleapis.com'): Geocoder {
  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    u.searchParams.set('key', apiKey);
    return u;
  };
  return {
    async suggest(text) {
      if (text.trim().length < 3) return [];
      const body = (await getJson(
        url('/maps/api/place/autocomplete/json', { input: text, types: 'address' }),
      )) as Autocomplete;
      check(body.status, body.error_message);
      const out: PlaceSuggestion[] = [];
      for (const p of body.predictions ?? []) {
        if (p.description && p.place_id) out.push({ description: p.description, placeId: `google:${p.place_id}` });
      }
      return out.slice(0, MAX_SUGGESTIONS);
    },
    async locate(placeIdOrText) {
      const params: Record<string, string> = placeIdOrText.startsWith('google:')
        ? { place_id: placeIdOrText.slice('google:'.length) }
        : { address: searchTextOf(placeIdOrText) };
      const body = (await getJson(url('/maps/api/geocode/json', params))) as Geocode;
      check(body.status, body.error_message);
      const result = body.results?.[0];
      const loc = result?.geometry?.location;
      if (!result || typeof loc?.lat !== 'number' || typeof loc.lng !== 'number') return null;
      const precision = precisionOf(result);
      return {
        lat: loc.lat,
        lng: loc.lng,
        timeZone: timeZoneAt(loc.lat, loc.lng),
        precision,
        hasStreet: precision === 'street',
      };
    },
  };
}
