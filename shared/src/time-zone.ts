/**
 * Time zones, in one place: a business's wall clock (the day and time its clocks read
 * at an instant), the instant of a wall time, daylight-saving days, and the dates as
 * people read them. Every side uses it: the server (slots, bookings, mails, the CSV
 * export), the dashboard and the widget. Everything is shown in the business's zone,
 * never the viewer's (docs/product.md#time-zones).
 *
 * Intl.DateTimeFormat instances are costly to build (tens of microseconds each) and
 * cheap to reuse, so each zone's formatter is built once and kept.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A zone name the runtime's Intl knows (it throws RangeError on any other); offsets like +05:00 are not zones. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The spelling to store for a zone the owner typed: Intl's canonical casing
 * ("america/new_york" -> "America/New_York"), but never a different zone that
 * Intl maps an alias to ("EST" stays "EST"). Only for a zone isTimeZone accepted: it
 * throws RangeError on any other.
 */
export function canonicalZone(zone: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

const WALL_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
/** Each zone's numeric wall-clock formatter, built once; null for a zone the runtime does not know. */
const wallFormats = new Map<string, Intl.DateTimeFormat | null>();
function wallFormat(timeZone: string): Intl.DateTimeFormat | null {
  let f = wallFormats.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { ...WALL_OPTIONS, timeZone });
    } catch {
      f = null;
    }
    wallFormats.set(timeZone, f);
  }
  return f;
}

/** The wall clock's parts at an instant (year, month, day, hour, minute), read with the zone's formatter. */
function wallParts(f: Intl.DateTimeFormat, ms: number): Record<string, string> {
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(ms))) p[part.type] = part.value;
  return p;
}

export interface WallClock {
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM */
  time: string;
}

/** What the business's clocks read at an instant. An unknown zone reads as UTC rather than failing a page. */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  // Through offsetAt's cache: "now" moves on every call, but its minute's offset was read
  // already (a month's answer asks for today once a day of the month). Every runtime knows UTC.
  return utcMsToLocal(ms, wallFormat(timeZone) ? timeZone : 'UTC');
}

/**
 * The business-local date (YYYY-MM-DD) at `now`: "today" is the business's day, not the
 * viewer's. An unknown zone reads as UTC, as in wallClockAt: the server and every browser
 * then agree, where the runtime's own zone would be the viewer's, never the business's.
 */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  return wallClockAt(now, timeZone).day;
}

/** "2026-12-02 09:30": an instant as the business's wall clock, for exports (an unknown zone reads as UTC). */
export function localDateTime(ms: number, timeZone: string): string {
  const { day, time } = wallClockAt(ms, timeZone);
  return `${day} ${time}`;
}

const LONG_DATE = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const SHORT_DATE = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD calendar date as a UTC Date (so no zone can shift it), or null when it is not one. */
function calendarDate(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** "2026-12-02" -> "Wednesday, December 2, 2026" (anything else is returned as it is). */
export function longDate(day: string): string {
  const date = calendarDate(day);
  return date ? LONG_DATE.format(date) : day;
}

/** "2026-03-05" -> "Thu, Mar 5, 2026" (anything else is returned as it is). */
export function shortDate(day: string): string {
  const date = calendarDate(day);
  return date ? SHORT_DATE.format(date) : day;
}

/**
 * Offsets per zone and UTC minute. Intl formatting costs microseconds per call and a
 * day's grid needs about a hundred; the slots route is hot, and offsets (since 1972)
 * only change on whole minutes, so a minute's answer is reused. Bounded: cleared when full.
 */
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 100_000;

/** Minutes the zone's clocks are ahead of UTC at an instant (-300 in New York in winter); RangeError on an unknown zone. */
export function offsetAt(timeZone: string, ms: number): number {
  const minute = Math.floor(ms / MINUTE);
  let zone = offsetCache.get(timeZone);
  const cached = zone?.get(minute);
  if (cached !== undefined) return cached;
  const f = wallFormat(timeZone);
  if (!f) throw new RangeError(`Unknown time zone: ${timeZone}`);
  // The zone's wall clock read as if it were UTC, less the instant: the offset in minutes.
  const p = wallParts(f, minute * MINUTE);
  const wallAsUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  const offset = (wallAsUtc - minute * MINUTE) / MINUTE;
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  if (zone.size >= OFFSET_CACHE_LIMIT) zone.clear();
  zone.set(minute, offset);
  return offset;
}

/**
 * The UTC instant of a business-local wall time. A time that exists twice gives
 * its first occurrence. A time skipped by a spring-forward gap gives the moment
 * the clocks jump past it (02:30 in New York on the March change day -> 03:00 EDT),
 * so opening and closing times inside a gap mean what the clocks on the wall say.
 */
export function localToUtcMs(day: string, time: string, timeZone: string): number {
  const naive = Date.parse(`${day}T${time}:00Z`);
  if (Number.isNaN(naive)) throw new RangeError(`Not a date and time: ${day} ${time}`);
  // The offsets in force a day either side include both sides of any transition near this time.
  const before = offsetAt(timeZone, naive - DAY);
  const candidates = new Set([before, offsetAt(timeZone, naive), offsetAt(timeZone, naive + DAY)]);
  let first: number | null = null;
  for (const offset of candidates) {
    const ms = naive - offset * MINUTE;
    if (offsetAt(timeZone, ms) === offset && (first === null || ms < first)) first = ms;
  }
  if (first !== null) return first;
  // In a gap: the transition lies between the two readings; find its minute.
  let lo = naive - Math.max(...candidates) * MINUTE;
  let hi = naive - before * MINUTE;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (offsetAt(timeZone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The business-local wall time of a UTC instant. */
export function utcMsToLocal(ms: number, timeZone: string): { day: string; time: string } {
  const iso = new Date(ms + offsetAt(timeZone, ms) * MINUTE).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** False for a wall time skipped by a spring-forward gap (02:30 in New York on the March change day). */
export function wallTimeExists(day: string, time: string, timeZone: string): boolean {
  const back = utcMsToLocal(localToUtcMs(day, time, timeZone), timeZone);
  return back.day === day && back.time === time;
}

/**
 * Whether a wall time occurs twice that day: the hour the clocks fall back over
 * (01:30 in New York on the November change day). False on every other day.
 */
export function wallTimeRepeats(day: string, time: string, timeZone: string): boolean {
  const naive = Date.parse(`${day}T${time}:00Z`);
  if (Number.isNaN(naive)) return false;
  const offsets = new Set([
    offsetAt(timeZone, naive - DAY),
    offsetAt(timeZone, naive),
    offsetAt(timeZone, naive + DAY),
  ]);
  let seen = 0;
  for (const offset of offsets) if (offsetAt(timeZone, naive - offset * MINUTE) === offset) seen++;
  return seen > 1;
}

/** The zone's short name at an instant ("EDT", "EST"; "GMT+1" where the zone has no abbreviation in English). */
export function zoneAbbreviation(ms: number, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * The zone name a wall time needs to be understood, or undefined when it needs none.
 * On the autumn clock change the repeated hour's wall times are ambiguous: a booking
 * from 01:00 for 60 minutes in New York ends at 01:00 again, so it reads "01:00 EDT -
 * 01:00 EST" (docs/product.md#time-zones). Stored wall times stay plain HH:MM; only
 * what is shown gets the name.
 */
export function zoneIfRepeated(ms: number, timeZone: string): string | undefined {
  const wall = utcMsToLocal(ms, timeZone);
  return wallTimeRepeats(wall.day, wall.time, timeZone) ? zoneAbbreviation(ms, timeZone) : undefined;
}

/**
 * The zones a US owner picks most, east to west: listed first wherever a zone is chosen
 * (docs/product.md#business-time-zone).
 */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

/** A day with no clock change anywhere near it: generic names do not depend on the day, but Intl wants one. */
const LABEL_DAY = Date.UTC(2026, 0, 15);
const zoneLabels = new Map<string, string>();

/**
 * A zone as a person reads it: Intl's generic name and the city of its id,
 * "America/Los_Angeles" -> "Pacific Time, Los Angeles", "Europe/London" -> "United Kingdom
 * Time, London". The city is left out when the name already says it ("Hong Kong Standard
 * Time"), and zones without a city (UTC, Etc/GMT+5) are their name alone. A zone the
 * runtime does not know is shown as its id. Each label is built once and kept.
 */
export function zoneLabel(zone: string): string {
  let label = zoneLabels.get(zone);
  if (label !== undefined) return label;
  label = buildZoneLabel(zone);
  zoneLabels.set(zone, label);
  return label;
}

function buildZoneLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'Coordinated Universal Time (UTC)';
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(LABEL_DAY)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return zone;
  }
  if (!name) return zone.replace(/_/g, ' ');
  const slash = zone.lastIndexOf('/');
  const city = slash < 0 || zone.startsWith('Etc/') ? '' : zone.slice(slash + 1).replace(/_/g, ' ');
  return city && !name.toLowerCase().includes(city.toLowerCase()) ? `${name}, ${city}` : name;
}

const zoneNames = new Map<string, string>();

/**
 * A zone's short generic name, as a time beside another zone's reads it: "America/Los_Angeles"
 * -> "Pacific", "America/New_York" -> "Eastern", "Europe/Paris" -> "Central European" (Intl's
 * generic name without " Time"); a zone the runtime does not know is its id.
 */
export function zoneShortName(zone: string): string {
  let name = zoneNames.get(zone);
  if (name === undefined) {
    try {
      name =
        new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
          .formatToParts(LABEL_DAY)
          .find((p) => p.type === 'timeZoneName')
          ?.value.replace(/ Time$/, '') ?? zone;
    } catch {
      name = zone;
    }
    zoneNames.set(zone, name);
  }
  return name;
}
