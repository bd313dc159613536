/**
 * The zones the time-zone picker offers and how typing narrows them
 * (docs/product.md#business-time-zone): each zone by its friendly name ("Pacific Time,
 * Los Angeles", shared/src/time-zone.ts), the main US zones first, then every zone the
 * browser knows. Typing matches the name, the zone's id ("america/denver") and, for the
 * US zones, the words people use for them ("arizona", "PST").
 */
import { US_TIME_ZONES, zoneLabel } from '@slotwise/shared/time-zone';

export interface ZoneOption {
  zone: string;
  label: string;
  /** Lower-case text a query's words are looked for in. */
  search: string;
}

/** What else people call the US zones: regions and abbreviations the names do not say. */
const US_ALIASES: Record<(typeof US_TIME_ZONES)[number], string> = {
  'America/New_York': 'ET EST EDT',
  'America/Chicago': 'CT CST CDT',
  'America/Denver': 'MT MST MDT',
  'America/Phoenix': 'Arizona MST',
  'America/Los_Angeles': 'PT PST PDT California',
  'America/Anchorage': 'AKT AKST AKDT',
  'Pacific/Honolulu': 'Hawaii HST',
};

function option(zone: string, aliases = ''): ZoneOption {
  const label = zoneLabel(zone);
  return { zone, label, search: `${label} ${zone.replace(/[/_]/g, ' ')} ${aliases}`.toLowerCase() };
}

/** Every zone once, the US zones first; built on first use (each name costs Intl a formatter) and kept. */
let all: ZoneOption[] | null = null;
function allZones(): ZoneOption[] {
  if (all) return all;
  const us = new Set<string>(US_TIME_ZONES);
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  all = [
    ...US_TIME_ZONES.map((zone) => option(zone, US_ALIASES[zone])),
    ...known.filter((zone) => !us.has(zone)).map((zone) => option(zone)),
  ];
  return all;
}

/** The picker's options: every zone, with the business's own at the top when the browser does not list it. */
export function zoneOptions(current: string): ZoneOption[] {
  const zones = allZones();
  return zones.some((o) => o.zone === current) ? zones : [option(current), ...zones];
}

/** The options whose name, id or aliases hold every word of the query, in the list's order; all for an empty query. */
export function filterZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = query
    .toLowerCase()
    .split(/[\s,/_]+/)
    .filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => words.every((w) => o.search.includes(w)));
}
