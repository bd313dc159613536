/**
 * Google Maps Platform: Places Autocomplete for suggestions and the Geocoding
 * API for coordinates (by place_id or by address text). The time zone comes from
 * the shipped table, so no Time Zone API call is needed.
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';
import { type Geocoder, MAX_SUGGESTIONS } from './geocoder.ts';
import { getJson } from './http-json.ts';
import { timeZoneAt } from './time-zone.ts';

interface Autocomplete {
  status?: string;
  error_message?: string;
  predictions?: { description?: string; place_id?: string }[];
}
interface Geocode {
  status?: string;
  error_message?: string;
  results?: { geometry?: { location?: { lat?: number; lng?: number } } }[];
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
        url('/maps/api/place/autocomplete/json', { input: text, types: 'geocode' }),
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
        : { address: placeIdOrText };
      const body = (await getJson(url('/maps/api/geocode/json', params))) as Geocode;
      check(body.status, body.error_message);
      const loc = body.results?.[0]?.geometry?.location;
      if (typeof loc?.lat !== 'number' || typeof loc.lng !== 'number') return null;
      return { lat: loc.lat, lng: loc.lng, timeZone: timeZoneAt(loc.lat, loc.lng) };
    },
  };
}
