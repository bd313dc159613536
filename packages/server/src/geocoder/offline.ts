/**
 * The default geocoder: answers from the `zipcodes` gazetteer (US and Canadian
 * postal codes with city, state and coordinates) with no network at all.
 * Suggestions by ZIP prefix or by city name; an address is located by the ZIP
 * (or "City, ST") it contains.
 */
import type { PlaceSuggestion } from '@slotwise/shared/api';
import zipcodes from 'zipcodes';
import { type Geocoder, type Located, MAX_SUGGESTIONS } from './geocoder.ts';
import { timeZoneAt } from './time-zone.ts';

interface Place {
  zip: string;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
}

interface Index {
  byZip: Map<string, Place>;
  /** One place per "city|state", sorted by city name: the first ZIP stands for the city. */
  cities: { key: string; place: Place }[];
}

let index: Index | undefined;
function getIndex(): Index {
  if (index) return index;
  const byZip = new Map<string, Place>();
  const cityMap = new Map<string, Place>();
  for (const place of Object.values(zipcodes.codes as Record<string, Place>)) {
    if (!Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) continue;
    byZip.set(place.zip.toUpperCase(), place);
    const key = `${normalise(place.city)}|${place.state}`;
    const seen = cityMap.get(key);
    if (!seen || place.zip < seen.zip) cityMap.set(key, place);
  }
  const cities = [...cityMap.entries()]
    .map(([key, place]) => ({ key, place }))
    .sort((a, b) => a.key.localeCompare(b.key));
  index = { byZip, cities };
  return index;
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function describe(place: Place): string {
  const country = place.country === 'US' ? 'USA' : place.country;
  return `${place.city}, ${place.state} ${place.zip}, ${country}`;
}

function toSuggestion(place: Place): PlaceSuggestion {
  return { description: describe(place), placeId: `zip:${place.zip}` };
}

function located(place: Place): Located {
  return { lat: place.latitude, lng: place.longitude, timeZone: timeZoneAt(place.latitude, place.longitude) };
}

/** Cities whose name equals, then starts with, the query; shorter names first ("Springfield, IL" before "Springfield Gardens"). */
function byCity(cities: Index['cities'], cityQuery: string, state: string | null): PlaceSuggestion[] {
  const exact: PlaceSuggestion[] = [];
  const prefix: PlaceSuggestion[] = [];
  for (const { key, place } of cities) {
    const [city] = key.split('|');
    if (state && place.state !== state) continue;
    if (city === cityQuery) exact.push(toSuggestion(place));
    else if (city?.startsWith(cityQuery)) prefix.push(toSuggestion(place));
    if (exact.length >= MAX_SUGGESTIONS) break;
  }
  prefix.sort((a, b) => a.description.split(',')[0]!.length - b.description.split(',')[0]!.length);
  return [...exact, ...prefix].slice(0, MAX_SUGGESTIONS);
}

export function createOfflineGeocoder(): Geocoder {
  return {
    async suggest(text) {
      const query = normalise(text);
      if (query.length < 3) return [];
      const { byZip, cities } = getIndex();
      if (/^\d{3,5}$/.test(query)) {
        const out: PlaceSuggestion[] = [];
        for (const [zip, place] of byZip) {
          if (zip.startsWith(query)) out.push(toSuggestion(place));
          if (out.length >= MAX_SUGGESTIONS) break;
        }
        return out.sort((a, b) => a.placeId.localeCompare(b.placeId));
      }
      // "springfield il" or "springfield, il": city words, then an optional state. A two-letter
      // last word may also be the start of a city word ("beverly hi"), so try both readings.
      const words = query.split(' ');
      const last = words[words.length - 1] ?? '';
      const byState =
        words.length > 1 && last.length === 2 ? byCity(cities, words.slice(0, -1).join(' '), last.toUpperCase()) : [];
      const plain = byCity(cities, query, null);
      const seen = new Set<string>();
      return [...byState, ...plain]
        .filter((s) => !seen.has(s.placeId) && seen.add(s.placeId))
        .slice(0, MAX_SUGGESTIONS);
    },

    async locate(placeIdOrText) {
      const { byZip, cities } = getIndex();
      const text = placeIdOrText.trim();
      if (text.startsWith('zip:')) {
        const place = byZip.get(text.slice(4).toUpperCase());
        return place ? located(place) : null;
      }
      // The last 5-digit group is the ZIP ("12, Beverly Hills, CA 90210, USA").
      const zips = text.match(/\b\d{5}\b/g);
      const zip = zips?.[zips.length - 1];
      if (zip) {
        const place = byZip.get(zip);
        if (place) return located(place);
      }
      // Else "City, ST" anywhere after the house number.
      const parts = text.split(',').map((p) => p.trim());
      for (let i = 0; i + 1 < parts.length; i++) {
        const city = normalise(parts[i] ?? '');
        const state = (parts[i + 1] ?? '').slice(0, 2).toUpperCase();
        const hit = cities.find((c) => c.key === `${city}|${state}`);
        if (hit) return located(hit.place);
      }
      return null;
    },
  };
}
