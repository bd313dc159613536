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
 * For a business's customer (an `Area`), its area comes first instead (nearFirst).
 */
import { readFileSync } from 'node:fs';
import type { PlaceSuggestion } from '@slotwise/shared/api';
import { milesBetween } from '@slotwise/shared/geo';
import zipcodes from 'zipcodes';
import { type Area, type Geocoder, type Located, MAX_SUGGESTIONS } from './geocoder.ts';
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
  /**
   * The cities by the first 3 letters of their name: a street address is read several ways
   * (docs/decisions/016-street-addresses-offline.md), and each reading looks a name up.
   */
  byStart: Map<string, City[]>;
}

/** The index key of a name or a query of 3 characters or more. */
const START = 3;

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
  const byStart = new Map<string, City[]>();
  for (const city of cities) {
    const start = nameOf(city).slice(0, START);
    byStart.set(start, [...(byStart.get(start) ?? []), city]);
  }
  index = { byZip, cities, byStart };
  return index;
}

function nameOf(city: Pick<City, 'key'>): string {
  return city.key.slice(0, city.key.lastIndexOf('|'));
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

/** What the gazetteer found for the place part of an address: a ZIP code, or only a city. */
interface PlaceMatch {
  place: Place;
  precision: 'zip' | 'city';
  /** The ZIP as typed, with its +4 if one was (shown as written); null for a city. */
  zipText: string | null;
}

function countryOf(place: Place): string {
  return place.country === 'US' ? 'USA' : place.country;
}

/**
 * "1100 Congress Ave, Austin, TX 78701, USA": the street line exactly as typed, then the
 * gazetteer's spelling of the place; no ZIP when only a city matched (none is made up).
 */
function describe(street: string, match: PlaceMatch): string {
  const { place } = match;
  const where = match.zipText ? `${place.state} ${match.zipText}` : place.state;
  return [street, place.city, where, countryOf(place)].filter(Boolean).join(', ');
}

function cityKeyOf(place: Place): string {
  return `${normaliseName(place.city)}|${place.state}`;
}

function toSuggestion(street: string, match: PlaceMatch): PlaceSuggestion {
  const placeId = match.precision === 'zip' ? `zip:${match.place.zip}` : `city:${cityKeyOf(match.place)}`;
  return { description: describe(street, match), placeId };
}

function located(place: Place, precision: 'zip' | 'city', street: string): Located {
  return {
    lat: place.latitude,
    lng: place.longitude,
    timeZone: timeZoneAt(place.latitude, place.longitude),
    precision,
    hasStreet: street.length > 0,
  };
}

/** Most people first; then most ZIP codes (a city without a count); then the shorter name, then A to Z. */
export function byProminence(a: Omit<City, 'place'>, b: Omit<City, 'place'>): number {
  return b.people - a.people || b.zips - a.zips || a.key.length - b.key.length || a.key.localeCompare(b.key);
}

/**
 * Cities whose name is the query, then (with `prefix`) those whose name starts with it
 * ("Springfield, MO" before "Springfield Gardens"), each group by prominence (byProminence).
 */
function byCity(index: Index, cityQuery: string, state: string | null, prefix: boolean): City[] {
  const exact: City[] = [];
  const starts: City[] = [];
  // A query shorter than the key finds the names that are it by key; their starts need every name.
  const candidates =
    cityQuery.length >= START || !prefix ? (index.byStart.get(cityQuery.slice(0, START)) ?? []) : index.cities;
  for (const city of candidates) {
    if (state && city.place.state !== state) continue;
    const name = nameOf(city);
    if (name === cityQuery) exact.push(city);
    else if (prefix && name.startsWith(cityQuery)) starts.push(city);
  }
  return [...exact.sort(byProminence), ...starts.sort(byProminence)];
}

// ---------- reading an address ----------
//
// An address is read from its end: a country, a ZIP (with or without +4), a state code,
// then the city; what comes before the city is the street line, kept exactly as typed
// (docs/decisions/016-street-addresses-offline.md). Commas help but are not needed:
// "1100 Congress Ave Austin TX 78701" reads as "1100 Congress Ave, Austin, TX 78701".

const COUNTRY_TAIL = /[\s,]*\b(?:u\.?s\.?a?\.?|united states(?: of america)?)$/i;
const ZIP_TAIL = /(?:^|[\s,])(\d{5})(-?\d{4})?$/;
/** The digits of a ZIP still being typed after a state: "Austin, TX 787". */
const PARTIAL_ZIP_TAIL = /(?<=[\s,][A-Za-z]{2}\.?)[\s,]+\d{1,4}$/;
const STATE_TAIL = /(?:^|[\s,])([A-Za-z]{2})\.?$/;
/** A city is at most this many words ("Saint Clair Shores"). */
const MAX_CITY_WORDS = 4;

let states: Set<string> | undefined;
function stateCodes(): Set<string> {
  states ??= new Set(getIndex().cities.map((c) => c.place.state));
  return states;
}

function trimTail(text: string): string {
  return text.replace(/[\s,]+$/, '');
}

interface Tail {
  /** Everything before the ZIP and state, as typed. */
  rest: string;
  zip: string | null;
  /** "78701" or "78701-1234" as typed. */
  zipText: string | null;
  state: string | null;
}

/** Country, ZIP and state taken off the end. A state code is also offered as not one ("beverly hi"). */
function tails(text: string, typing: boolean): Tail[] {
  let rest = trimTail(text.trim()).replace(COUNTRY_TAIL, '');
  let zip: string | null = null;
  let zipText: string | null = null;
  const zipMatch = ZIP_TAIL.exec(rest);
  if (zipMatch?.[1]) {
    zip = zipMatch[1];
    zipText = zipMatch[2] ? `${zip}-${zipMatch[2].replace('-', '')}` : zip;
    rest = trimTail(rest.slice(0, zipMatch.index));
  } else if (typing) {
    rest = rest.replace(PARTIAL_ZIP_TAIL, '');
  }
  const out: Tail[] = [];
  const stateMatch = STATE_TAIL.exec(rest);
  const state = stateMatch?.[1]?.toUpperCase();
  if (stateMatch && state && stateCodes().has(state))
    out.push({ rest: trimTail(rest.slice(0, stateMatch.index)), zip, zipText, state });
  out.push({ rest, zip, zipText, state: null });
  return out;
}

interface CityCut {
  /** The street line: the text before the city, as typed. */
  street: string;
  /** The city as the gazetteer compares names. */
  query: string;
}

/**
 * Where the city may start: after the last comma; without a comma, any of the last few
 * words (longest first). Words with digits are the street's ("1100"), never a city's.
 */
function cityCuts(rest: string): CityCut[] {
  const words = [...rest.matchAll(/[^\s,]+/g)];
  const lastComma = rest.lastIndexOf(',');
  const cuts: CityCut[] = [];
  for (let k = Math.min(MAX_CITY_WORDS, words.length); k >= 1; k--) {
    const start = words[words.length - k]?.index ?? 0;
    if (start < lastComma) continue;
    const tail = rest.slice(start);
    if (/\d/.test(tail)) continue;
    cuts.push({ street: trimTail(rest.slice(0, start)), query: normaliseName(tail) });
  }
  return cuts;
}

/** A ZIP the gazetteer knows, with the street line before its city (or before whatever stands there). */
function byZipCode(byZip: Index['byZip'], tail: Tail): { street: string; match: PlaceMatch } | null {
  const place = tail.zip ? byZip.get(tail.zip) : undefined;
  if (!place) return null;
  const match: PlaceMatch = { place, precision: 'zip', zipText: tail.zipText };
  const cuts = cityCuts(tail.rest);
  const city = normaliseName(place.city);
  const named =
    cuts.find((c) => c.query === city) ??
    // A neighbourhood's name where the gazetteer has the post office's ("Hollywood" for Los Angeles).
    cuts.find((c) => byCity(getIndex(), c.query, place.state, false).length > 0) ??
    (tail.rest.includes(',') ? cuts.at(-1) : undefined);
  return { street: named ? named.street : trimTail(tail.rest), match };
}

/** The street line and the place of a complete address, or null. */
function read(text: string): { street: string; match: PlaceMatch } | null {
  const index = getIndex();
  const { byZip } = index;
  const readings = tails(text, false);
  for (const tail of readings) {
    const hit = byZipCode(byZip, tail);
    if (hit) return hit;
  }
  // No ZIP the gazetteer knows: a city, in the state if one is named.
  for (const tail of readings) {
    for (const cut of cityCuts(tail.rest)) {
      const [city] = byCity(index, cut.query, tail.state, false);
      if (city) return { street: cut.street, match: { place: city.place, precision: 'city', zipText: null } };
    }
  }
  return null;
}

/**
 * Whether a cut may be the start of a city's name: 3 letters or more (not a state code being
 * read as a city: "Springfield, IL" is not "Springfield, Ilion"), after a street line with a
 * house number or none ("Kansas City" is not "Kansas, City of Industry").
 */
function startsACity(cut: CityCut): boolean {
  return cut.query.length >= 3 && (cut.street === '' || /\d/.test(cut.street));
}

/** A city a suggestion may name, with the street line before it and how its name matched. */
interface Candidate {
  street: string;
  city: City;
  /** The city's name only starts with what was typed. */
  prefix: boolean;
}

/** Suggestions for a street line (or none) followed by the start of a city, a "City, ST" or a ZIP. */
function suggestions(text: string, area: Area | undefined): PlaceSuggestion[] {
  const index = getIndex();
  const { byZip } = index;
  const readings = tails(text, true);
  for (const tail of readings) {
    const hit = byZipCode(byZip, tail);
    if (hit) return [toSuggestion(hit.street, hit.match)];
  }
  // Names that are what was typed come before names that start with it, and a named state first.
  let found: Candidate[] = [];
  for (const prefix of [false, true])
    for (const tail of readings)
      for (const cut of cityCuts(tail.rest)) {
        if (prefix && !startsACity(cut)) continue;
        for (const city of byCity(index, cut.query, tail.state, prefix))
          found.push({ street: cut.street, city, prefix });
      }
  if (area) found = nearFirst(area, withHomeCity(text, area, found));
  const seen = new Set<string>();
  const out: PlaceSuggestion[] = [];
  for (const { street, city } of found) {
    if (seen.has(city.key)) continue;
    seen.add(city.key);
    out.push(toSuggestion(street, { place: city.place, precision: 'city', zipText: null }));
    if (out.length >= MAX_SUGGESTIONS) break;
  }
  return out;
}

// ---------- the business's area first ----------
//
// The same street and city names exist in many states ("1100 S Lamar Blvd, Austin" is in eight).
// A customer types an address for one business, so its area decides
// (docs/product.md#address-suggestions): inside its reach before outside it, what was typed
// before what it starts, its own state before others, then the nearest.

/** With a maximum distance, cities farther than this many times it are dropped while one within it matched. */
const FAR_OUTSIDE = 2;

/** The business's own city: the city of the ZIP code nearest its coordinates (kept, by coordinates). */
const homeCities = new Map<string, City | null>();
function homeCityOf(area: Area): City | null {
  const key = `${area.lat},${area.lng}`;
  const kept = homeCities.get(key);
  if (kept !== undefined) return kept;
  const { byZip, cities } = getIndex();
  // Degrees are enough to find the nearest; a degree of longitude shrinks with the latitude.
  const shrink = Math.cos((area.lat * Math.PI) / 180);
  let nearest: Place | undefined;
  let best = Number.POSITIVE_INFINITY;
  for (const place of byZip.values()) {
    const d = (place.latitude - area.lat) ** 2 + ((place.longitude - area.lng) * shrink) ** 2;
    if (d < best) {
      best = d;
      nearest = place;
    }
  }
  const cityKey = nearest ? cityKeyOf(nearest) : '';
  const city = cities.find((c) => c.key === cityKey) ?? null;
  if (homeCities.size >= 1000) homeCities.clear();
  homeCities.set(key, city);
  return city;
}

/**
 * A street line typed with no city yet ("1100 S Lamar") is offered in the business's own city
 * too, as an exact match: otherwise its last word ("Lamar") reads as a city, in eight other
 * states. Not once a comma says where the city starts, nor when the last words name a city of
 * the business's own state ("1100 Lamar Blvd Austin").
 */
function withHomeCity(text: string, area: Area, found: Candidate[]): Candidate[] {
  const street = trimTail(text.trim());
  if (!/^\d/.test(street) || street.includes(',')) return found;
  const home = homeCityOf(area);
  if (!home) return found;
  if (found.some((c) => !c.prefix && c.city.place.state === home.place.state)) return found;
  return [{ street, city: home, prefix: false }, ...found];
}

function milesTo(area: Area, place: Place): number {
  return milesBetween(area, { lat: place.latitude, lng: place.longitude });
}

/**
 * Inside the reach first, then exact names before starts, the business's own state first, then
 * the nearest (then prominence). With a maximum distance, cities beyond FAR_OUTSIDE times it go
 * while one inside matched; when none did, all stay, so a customer out of reach still finds their
 * own and the quote says why it is not served.
 */
function nearFirst(area: Area, found: Candidate[]): Candidate[] {
  const state = homeCityOf(area)?.place.state;
  const ranked = found.map((c) => {
    const miles = milesTo(area, c.city.place);
    return { c, miles, outside: area.maxMiles !== null && miles > area.maxMiles };
  });
  const anyInside = ranked.some((r) => !r.outside);
  const max = area.maxMiles;
  return ranked
    .filter((r) => !(anyInside && max !== null && r.miles > FAR_OUTSIDE * max))
    .sort(
      (a, b) =>
        Number(a.outside) - Number(b.outside) ||
        Number(a.c.prefix) - Number(b.c.prefix) ||
        Number(a.c.city.place.state !== state) - Number(b.c.city.place.state !== state) ||
        a.miles - b.miles ||
        byProminence(a.c.city, b.c.city),
    )
    .map((r) => r.c);
}

export function createOfflineGeocoder(): Geocoder {
  return {
    async suggest(text, area) {
      const query = normaliseName(text);
      if (query.length < 3) return [];
      const { byZip } = getIndex();
      // The start of a ZIP code alone: in order, or the business's nearest first.
      if (/^\d{3,4}$/.test(query)) {
        const places = [...byZip.values()].filter((p) => p.zip.toUpperCase().startsWith(query));
        if (area) {
          const miles = new Map(places.map((p) => [p, milesTo(area, p)]));
          places.sort((a, b) => (miles.get(a) ?? 0) - (miles.get(b) ?? 0));
        } else places.sort((a, b) => a.zip.localeCompare(b.zip));
        return places
          .slice(0, MAX_SUGGESTIONS)
          .map((place) => toSuggestion('', { place, precision: 'zip', zipText: place.zip.toUpperCase() }));
      }
      return suggestions(text, area);
    },

    async locate(placeIdOrText) {
      const { byZip, cities } = getIndex();
      const text = placeIdOrText.trim();
      if (text.startsWith('zip:')) {
        const place = byZip.get(text.slice(4).toUpperCase());
        return place ? located(place, 'zip', '') : null;
      }
      if (text.startsWith('city:')) {
        const key = text.slice(5);
        const city = cities.find((c) => c.key === key);
        return city ? located(city.place, 'city', '') : null;
      }
      const hit = read(text);
      return hit ? located(hit.match.place, hit.match.precision, hit.street) : null;
    },
  };
}

/**
 * A ZIP code's place and centre in the gazetteer: "Austin, TX" and its coordinates, or null for a
 * ZIP code it does not know. The insights' map draws missed requests there (docs/decisions/029).
 */
export function zipPlace(zip: string): { place: string; lat: number; lng: number } | null {
  // The gazetteer's own lookup: one key read, without building the suggestions' index.
  const place = zipcodes.lookup(zip) as Place | undefined;
  if (!place || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) return null;
  return { place: `${place.city}, ${place.state}`, lat: place.latitude, lng: place.longitude };
}
