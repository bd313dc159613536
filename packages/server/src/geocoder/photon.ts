/**
 * Photon (OpenStreetMap search, self-hostable): GET {PHOTON_URL}/api?q=&limit=
 * answers a GeoJSON FeatureCollection. Photon has no lookup by id, so a
 * suggestion's placeId carries its coordinates; a stored address is searched again.
 * Suggestions are street-level: `layer=house&layer=street` (Photon's documented layer
 * filter) leaves out cities, counties and the like.
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';
import { type Geocoder, type Located, MAX_SUGGESTIONS, type Precision } from './geocoder.ts';
import { coordinatePlaceId, getJson, parseCoordinatePlaceId } from './http-json.ts';
import { searchTextOf } from './stored-address.ts';
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

/** Street-level layers: a building with a house number, or a street. */
const STREET_LAYERS = ['house', 'street'];

/** A feature with a house number or a street (or of Photon's house or street type) is a place to drive to. */
function precisionOf(p: Record<string, string | number | undefined>): Precision {
  if (p.housenumber || p.street || STREET_LAYERS.includes(String(p.type))) return 'street';
  return p.type === 'postcode' ? 'zip' : 'city';
}

function features(body: unknown): PhotonFeature[] {
  const list = (body as { features?: unknown })?.features;
  return Array.isArray(list) ? (list as PhotonFeature[]) : [];
}

export function createPhotonGeocoder(baseUrl: string): Geocoder {
  const search = async (q: string, limit: number, layers: string[] = []) => {
    const url = new URL('/api', baseUrl);
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    for (const layer of layers) url.searchParams.append('layer', layer);
    return features(await getJson(url));
  };
  const located = (lat: number, lng: number, precision: Precision): Located => ({
    lat,
    lng,
    timeZone: timeZoneAt(lat, lng),
    precision,
    hasStreet: precision === 'street',
  });

  return {
    async suggest(text) {
      if (text.trim().length < 3) return [];
      const out: PlaceSuggestion[] = [];
      for (const f of await search(text, MAX_SUGGESTIONS, STREET_LAYERS)) {
        const [lng, lat] = f.geometry?.coordinates ?? [];
        if (typeof lat !== 'number' || typeof lng !== 'number' || !f.properties) continue;
        // A server older than the layer filter ignores it: keep only street-level features.
        if (precisionOf(f.properties) !== 'street') continue;
        out.push({ description: describe(f.properties), placeId: coordinatePlaceId(lat, lng) });
      }
      return out;
    },
    async locate(placeIdOrText) {
      // A suggestion's coordinates: street-level, as every suggestion is.
      const point = parseCoordinatePlaceId(placeIdOrText);
      if (point) return located(point.lat, point.lng, 'street');
      // An address as stored: searched again, at whatever level it names.
      const [first] = await search(searchTextOf(placeIdOrText), 1);
      const [lng, lat] = first?.geometry?.coordinates ?? [];
      return typeof lat === 'number' && typeof lng === 'number'
        ? located(lat, lng, precisionOf(first?.properties ?? {}))
        : null;
    },
  };
}
