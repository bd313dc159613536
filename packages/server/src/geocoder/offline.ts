/**
 * The default geocoder: answers from the `zipcodes` gazetteer (US and Canadian
 * postal codes with city, state and coordinates) with no network at all.
 * Suggestions by ZIP prefix or by city name; an address is located by the ZIP
 * (or "City, ST") it contains.
 *
 * Cities are ranked as a person expects (docs/product.md#address-suggestions): the names that are
 * what was typed, then those that start with it; within each, the most people first
 * (us-city-population.tsv, GeoNames' counts: "Austin" is Austin, TX before Austin, AR),
 * then the most ZIP codes (a city GeoNames has no count for), then the shorter name.
 */
import { readFileSync } from 'node:fs';
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

interface City {
  /** "normalised city name|ST". */
  key: string;
  /** The city's lowest ZIP code stands for it. */
  place: Place;
  /** People living there (0: unknown), and how many ZIP codes it has: the ranking's signals. */
  people: number;
  zips: number;
}

interface Index {
  byZip: Map<string, Place>;
  /** One entry per "city|state", sorted by key. */
  cities: City[];
}

/** "ST\tCity\tpeople" lines (packages/server/scripts/city-population.ts), by "City|ST" as the gazetteer spells it. */
function loadPopulation(): Map<string, number> {
  const text = readFileSync(new URL('./us-city-population.tsv', import.meta.url), 'utf8');
  const people = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [state, city, count] = line.split('\t');
    people.set(`${city}|${state}`, Number(count));
  }
  return people;
}

let index: Index | undefined;
function getIndex(): Index {
  if (index) return index;
  const byZip = new Map<string, Place>();
  const cityMap = new Map<string, { place: Place; zips: number }>();
  for (const place of Object.values(zipcodes.codes as Record<string, Place>)) {
    if (!Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) continue;
    byZip.set(place.zip.toUpperCase(), place);
    const key = `${normaliseName(place.city)}|${place.state}`;
    const seen = cityMap.get(key);
    if (!seen) cityMap.set(key, { place, zips: 1 });
    else cityMap.set(key, { place: place.zip < seen.place.zip ? place : seen.place, zips: seen.zips + 1 });
  }
  const population = loadPopulation();
  const cities = [...cityMap.entries()]
    .map(([key, { place, zips }]) => ({
      key,
      place,
      zips,
      people: population.get(`${place.city}|${place.state}`) ?? 0,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  index = { byZip, cities };
  return index;
}

/** A name as the gazetteer's index compares it: no accents, lower case, words of letters and digits. */
export function normaliseName(text: string): string {
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

/** Most people first; then most ZIP codes (a city without a count); then the shorter name, then A to Z. */
export function byProminence(a: Omit<City, 'place'>, b: Omit<City, 'place'>): number {
  return b.people - a.people || b.zips - a.zips || a.key.length - b.key.length || a.key.localeCompare(b.key);
}

/**
 * Cities whose name is the query, then those whose name starts with it ("Springfield, MO"
 * before "Springfield Gardens"), each group by prominence (byProminence).
 */
function byCity(cities: Index['cities'], cityQuery: string, state: string | null): PlaceSuggestion[] {
  const exact: City[] = [];
  const prefix: City[] = [];
  for (const city of cities) {
    if (state && city.place.state !== state) continue;
    const name = city.key.slice(0, city.key.lastIndexOf('|'));
    if (name === cityQuery) exact.push(city);
    else if (name.startsWith(cityQuery)) prefix.push(city);
  }
  return [...exact.sort(byProminence), ...prefix.sort(byProminence)]
    .slice(0, MAX_SUGGESTIONS)
    .map((c) => toSuggestion(c.place));
}

export function createOfflineGeocoder(): Geocoder {
  return {
    async suggest(text) {
      const query = normaliseName(text);
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
        const city = normaliseName(parts[i] ?? '');
        const state = (parts[i + 1] ?? '').slice(0, 2).toUpperCase();
        const hit = cities.find((c) => c.key === `${city}|${state}`);
        if (hit) return located(hit.place);
      }
      return null;
    },
  };
}
