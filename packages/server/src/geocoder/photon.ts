/**
 * Photon (OpenStreetMap search, self-hostable): GET {PHOTON_URL}/api?q=&limit=
 * answers a GeoJSON FeatureCollection. Photon has no lookup by id, so a
 * suggestion's placeId carries its coordinates; a stored address is searched again.
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';
import { type Geocoder, type Located, MAX_SUGGESTIONS } from './geocoder.ts';
import { coordinatePlaceId, getJson, parseCoordinatePlaceId } from './http-json.ts';
import { timeZoneAt } from './time-zone.ts';

interface PhotonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: Record<string, string | number | undefined>;
}

function describe(p: Record<string, string | number | undefined>): string {
  const street = [p.housenumber, p.street].filter(Boolean).join(' ');
  const parts = [
    p.name !== p.street ? p.name : undefined,
    street || undefined,
    p.city ?? p.town ?? p.village,
    [p.state, p.postcode].filter(Boolean).join(' '),
    p.country,
  ];
  return [...new Set(parts.filter((x): x is string | number => Boolean(x)).map(String))].join(', ');
}

function features(body: unknown): PhotonFeature[] {
  const list = (body as { features?: unknown })?.features;
  return Array.isArray(list) ? (list as PhotonFeature[]) : [];
}

export function createPhotonGeocoder(baseUrl: string): Geocoder {
  const search = async (q: string, limit: number) => {
    const url = new URL('/api', baseUrl);
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    return features(await getJson(url));
  };
  const located = (lat: number, lng: number): Located => ({ lat, lng, timeZone: timeZoneAt(lat, lng) });

  return {
    async suggest(text) {
      if (text.trim().length < 3) return [];
      const out: PlaceSuggestion[] = [];
      for (const f of await search(text, MAX_SUGGESTIONS)) {
        const [lng, lat] = f.geometry?.coordinates ?? [];
        if (typeof lat !== 'number' || typeof lng !== 'number' || !f.properties) continue;
        out.push({ description: describe(f.properties), placeId: coordinatePlaceId(lat, lng) });
      }
      return out;
    },
    async locate(placeIdOrText) {
      const point = parseCoordinatePlaceId(placeIdOrText);
      if (point) return located(point.lat, point.lng);
      // A stored address is "house number, suggestion": search the suggestion, which Photon produced.
      const [first] = await search(placeIdOrText.replace(/^\s*[^,]*,\s*/, ''), 1);
      const [lng, lat] = first?.geometry?.coordinates ?? [];
      return typeof lat === 'number' && typeof lng === 'number' ? located(lat, lng) : null;
    },
  };
}
