/**
 * An owner's calendar as busy stretches (docs/decisions/025): iCalendar (RFC 5545) read with
 * ical.js, every event's occurrences inside a window expanded (RRULE, RDATE, EXDATE, and
 * RECURRENCE-ID overrides moving or cancelling one occurrence), minus what keeps nobody busy:
 * events marked free (TRANSP:TRANSPARENT) and cancelled ones (STATUS:CANCELLED, the whole event
 * or one occurrence). Times become instants:
 * - UTC times as they are;
 * - a TZID that names an IANA zone by Intl's data; another name (Outlook's "Pacific Standard
 *   Time") by the calendar's own VTIMEZONE;
 * - floating times (no zone) and all-day dates in the business's zone: "9:00" in the owner's
 *   calendar is 9:00 where the business is, and an all-day event covers the business's day.
 * An event whose recurrence rule can never occur (February 30: ical.js would search for it for
 * ever, calendars/rule-can-occur.ts) is dropped before ical.js iterates it, and counted.
 * Pure: no database, no network. The server runs it in a worker (calendars/sandbox.ts), never on
 * its own event loop: the file is someone else's.
 */
import { isTimeZone, localToUtcMs } from '@slotwise/shared/time-zone';
import ICAL from 'ical.js';
import { ruleCanOccur } from './rule-can-occur.ts';

export interface BusyEvent {
  uid: string;
  startMs: number;
  endMs: number;
  allDay: boolean;
  title: string;
  /** The event's LOCATION, trimmed; null when it has none. */
  location: string | null;
}

/** A calendar's busy events, and how many of its events were dropped for a rule that can never occur. */
export interface Expansion {
  events: BusyEvent[];
  neverOccurring: number;
}

export interface ExpandWindow {
  startMs: number;
  endMs: number;
  /** The business's zone: floating times and all-day dates are read in it. */
  timeZone: string;
}

/** At most this many busy events are kept of one calendar (the earliest). */
export const MAX_BUSY_EVENTS = 5000;
/**
 * Occurrences looked at per recurring event before giving up on it (a daily event begun in 1990
 * is about 13,000 before today; a FREQ=MINUTELY rule would never end), and in a whole calendar.
 * ical.js steps through a rule from its DTSTART, about 40-90 µs an occurrence here, so the
 * expansion gives the event loop back every YIELD_EVERY occurrences. The server expands in a
 * worker (calendars/sandbox.ts), where that matters less; it keeps expandCalendar fair wherever
 * it is called. Neither helps inside one step that never ends: rule-can-occur.ts and the
 * sandbox's time limit do.
 */
const MAX_SCANNED = 50_000;
const MAX_SCANNED_IN_ALL = 200_000;
const YIELD_EVERY = 500;
const DAY_MS = 86_400_000;

export class NotICalendar extends Error {}

type Time = ICAL.Time;
type Component = ICAL.Component;

/**
 * TZIDs already read as IANA zones. isTimeZone builds an Intl.DateTimeFormat (tens of
 * microseconds), asked for every occurrence: it was a third of a large calendar's expansion.
 * A file names a few zones; the map is emptied past ZONES_KEPT all the same.
 */
const zonesRead = new Map<string, string | null>();
const ZONES_KEPT = 1000;

/** A TZID as an IANA zone: itself, or the zone at the end of a path ("/mozilla.org/20050126_1/America/New_York"). */
function ianaZone(tzid: string): string | null {
  const known = zonesRead.get(tzid);
  if (known !== undefined) return known;
  if (zonesRead.size >= ZONES_KEPT) zonesRead.clear();
  const zone = zoneOf(tzid);
  zonesRead.set(tzid, zone);
  return zone;
}

function zoneOf(tzid: string): string | null {
  if (isTimeZone(tzid)) return tzid;
  const parts = tzid.split('/').filter(Boolean);
  for (let n = 3; n >= 2; n--) {
    const tail = parts.slice(-n).join('/');
    if (parts.length >= n && isTimeZone(tail)) return tail;
  }
  return null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOf = (t: Time) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;

/** A wall time read in an IANA zone (a time skipped by the clocks falls just after the gap). */
function wallIn(t: Time, zone: string): number {
  return localToUtcMs(dayOf(t), `${pad(t.hour)}:${pad(t.minute)}`, zone) + t.second * 1000;
}

/** The instant of a DTSTART/DTEND value; `tzid`: the property's TZID parameter. */
function instantOf(t: Time, tzid: string | null, businessZone: string): number {
  if (t.isDate) return localToUtcMs(dayOf(t), '00:00', businessZone);
  if (t.zone === ICAL.Timezone.utcTimezone) return t.toUnixTime() * 1000;
  if (tzid) {
    const iana = ianaZone(tzid);
    if (iana) return wallIn(t, iana);
    // A zone named only by the calendar's own VTIMEZONE (ical.js found it in the file).
    if (t.zone && t.zone !== ICAL.Timezone.localTimezone && (t.zone as ICAL.Timezone).component)
      return t.toUnixTime() * 1000;
  }
  return wallIn(t, businessZone);
}

function tzidOf(component: Component, property: 'dtstart' | 'dtend'): string | null {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' && value ? value : null;
}

function text(component: Component, property: string): string {
  const value = component.getFirstPropertyValue(property);
  return typeof value === 'string' ? value.trim() : '';
}

/** Whether this event (or this occurrence's override) keeps its owner busy. */
function keepsBusy(component: Component): boolean {
  if (text(component, 'status').toUpperCase() === 'CANCELLED') return false;
  if (text(component, 'transp').toUpperCase() === 'TRANSPARENT') return false;
  // Outlook says "Free" here too, and some of its exports say it only here.
  return text(component, 'x-microsoft-cdo-busystatus').toUpperCase() !== 'FREE';
}

/** One occurrence as a busy event, or null when it is free, cancelled, empty or outside the window. */
function busyOf(item: ICAL.Event, start: Time, end: Time, window: ExpandWindow): BusyEvent | null {
  if (!keepsBusy(item.component)) return null;
  const startMs = instantOf(start, tzidOf(item.component, 'dtstart'), window.timeZone);
  const endTzid = tzidOf(item.component, 'dtend') ?? tzidOf(item.component, 'dtstart');
  const endMs = instantOf(end, endTzid, window.timeZone);
  if (!(endMs > startMs) || endMs <= window.startMs || startMs >= window.endMs) return null;
  const location = text(item.component, 'location');
  return {
    uid: item.uid ?? '',
    startMs,
    endMs,
    allDay: start.isDate,
    title: text(item.component, 'summary'),
    location: location || null,
  };
}

/** Occurrences stepped through so far in one calendar; the event loop is given back now and then. */
interface Budget {
  scanned: number;
  /** Events dropped for a recurrence rule that can never occur. */
  neverOccurring: number;
}
const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The occurrences of one event with its overrides (same UID), inside the window. */
async function expandEvent(
  master: Component,
  overrides: Component[],
  window: ExpandWindow,
  out: BusyEvent[],
  budget: Budget,
): Promise<void> {
  // A cancelled series takes its moved occurrences with it.
  if (text(master, 'status').toUpperCase() === 'CANCELLED') return;
  // Before ical.js iterates it: its search for an occurrence of February 30 never returns.
  if (master.getAllProperties('rrule').some((p) => !ruleCanOccur(String(p.getFirstValue())))) {
    budget.neverOccurring++;
    return;
  }
  // Its overrides given: without them ical.js relates every override in the file to each event
  // it builds (each event a pass over the whole file: a 4 MB calendar took 30 s), whatever its UID.
  const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: true });
  const startTzid = tzidOf(master, 'dtstart');
  // An occurrence starting this long before the window cannot reach into it (unless an override moves it: below).
  const reach = Math.max(0, event.endDate.toUnixTime() - event.startDate.toUnixTime()) * 1000 + DAY_MS;
  const seen = new Set<string>();
  const it = event.iterator();
  for (let n = 0; n < MAX_SCANNED && budget.scanned < MAX_SCANNED_IN_ALL; n++) {
    if (++budget.scanned % YIELD_EVERY === 0) await yieldNow();
    const next = it.next();
    if (!next) break;
    const at = instantOf(next, startTzid, window.timeZone);
    // Occurrences come in order of their original times; an override moved in from later is added below.
    if (at >= window.endMs) break;
    if (at + reach <= window.startMs) continue;
    seen.add(next.toString());
    const d = event.getOccurrenceDetails(next);
    const busy = busyOf(d.item, d.startDate, d.endDate, window);
    if (busy) out.push(busy);
  }
  for (const o of overrides) {
    const id = o.getFirstPropertyValue('recurrence-id');
    if (id instanceof ICAL.Time && seen.has(id.toString())) continue;
    const e = new ICAL.Event(o);
    const busy = busyOf(e, e.startDate, e.endDate, window);
    if (busy) out.push(busy);
  }
}

const VEVENT_BLOCK = /^BEGIN:VEVENT\r?\n[\s\S]*?^END:VEVENT\r?$/gim;

/** The text less each VEVENT that ical.js cannot parse alone; null when none was to blame. */
function withoutBadEvents(source: string): string | null {
  let dropped = false;
  const kept = source.replace(VEVENT_BLOCK, (block) => {
    try {
      ICAL.parse(block);
      return block;
    } catch {
      dropped = true;
      return '';
    }
  });
  return dropped ? kept : null;
}

/** The VCALENDARs of a text (one, usually; some servers concatenate several). */
function calendarsOf(source: string): Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(source);
  } catch (err) {
    // ical.js refuses a whole file for one bad value (an RRULE it does not know): read it again without the events it refuses.
    const kept = withoutBadEvents(source);
    if (kept === null) throw new NotICalendar((err as Error).message);
    try {
      parsed = ICAL.parse(kept);
    } catch (again) {
      throw new NotICalendar((again as Error).message);
    }
  }
  // One root component parses to its jCal ['vcalendar', ...]; several to a list of them.
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[];
  const calendars = roots.map((r) => new ICAL.Component(r as unknown[])).filter((c) => c.name === 'vcalendar');
  if (calendars.length === 0) throw new NotICalendar('no VCALENDAR');
  return calendars;
}

/**
 * The busy events of an iCalendar text inside the window, earliest first, at most
 * MAX_BUSY_EVENTS. Rejects with NotICalendar when the text is not iCalendar.
 */
export async function expandCalendar(source: string, window: ExpandWindow): Promise<Expansion> {
  const out: BusyEvent[] = [];
  const budget: Budget = { scanned: 0, neverOccurring: 0 };
  for (const calendar of calendarsOf(source)) {
    const byUid = new Map<string, { master: Component | null; overrides: Component[] }>();
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      // An event without a UID is its own series.
      const uid = text(vevent, 'uid') || `no-uid-${byUid.size}`;
      const group = byUid.get(uid) ?? { master: null, overrides: [] };
      if (vevent.hasProperty('recurrence-id')) group.overrides.push(vevent);
      else group.master ??= vevent;
      byUid.set(uid, group);
    }
    for (const { master, overrides } of byUid.values()) {
      try {
        if (master) await expandEvent(master, overrides, window, out, budget);
        // Occurrences of a series the calendar does not hold (an invitation to one of them): each stands alone.
        else
          for (const o of overrides) {
            const e = new ICAL.Event(o);
            const busy = busyOf(e, e.startDate, e.endDate, window);
            if (busy) out.push(busy);
          }
      } catch {
        // One malformed event (a bad RRULE, a date ical.js refuses) does not cost the owner the others.
      }
    }
  }
  out.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  return { events: out.slice(0, MAX_BUSY_EVENTS), neverOccurring: budget.neverOccurring };
}
