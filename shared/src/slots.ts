/**
 * The slot grid of DESIGN.md section 5, as pure functions shared by the server
 * (which decides) and the apps (which display). Wall-clock times are business-local;
 * every comparison is on UTC epoch milliseconds, half-open [start, end).
 *
 * Daylight-saving days: the grid is of wall-clock times, 30 minutes apart from
 * opening. A wall time that does not exist that day (clocks jump forward over
 * it) is left out; a wall time that exists twice (clocks fall back) is offered
 * once, at its first occurrence. Durations are real elapsed minutes.
 */
import { tzOffset } from '@date-fns/tz';
import { WEEKDAYS, type Weekday } from './domain.ts';
import { minutesOfDay } from './time.ts';

export const SLOT_STEP_MINUTES = 30;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A busy stretch of the calendar: a pending or approved booking, or a blocked time. */
export interface Interval {
  startMs: number;
  endMs: number;
}

/** A day's opening hours as wall-clock HH:MM, or null when the business is closed. */
export type DayHours = { startTime: string; endTime: string } | null;

/** Why a slot cannot be taken; the server turns these into messages. */
export type SlotRefusal = 'past' | 'too-long' | 'busy';

export interface DetailedSlot {
  time: string;
  startMs: number;
  endMs: number;
  available: boolean;
  refusal: SlotRefusal | null;
}

export interface SlotsInput {
  /** YYYY-MM-DD, business-local. */
  day: string;
  hours: DayHours;
  timeZone: string;
  durationMin: number;
  busy: readonly Interval[];
  now: number;
}

/** Half-open intervals overlap when each starts before the other ends; back-to-back does not. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}

/** "2026-03-09" -> "Monday". */
export function weekdayOf(day: string): Weekday {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** The next calendar day: "2026-02-28" -> "2026-03-01". */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}

/**
 * Offsets per zone and UTC minute. Intl formatting costs microseconds per call and a
 * day's grid needs about a hundred; the slots route is hot, and offsets (since 1972)
 * only change on whole minutes, so a minute's answer is reused. Bounded: cleared when full.
 */
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 100_000;

function offsetAt(timeZone: string, ms: number): number {
  const minute = Math.floor(ms / MINUTE);
  let zone = offsetCache.get(timeZone);
  const cached = zone?.get(minute);
  if (cached !== undefined) return cached;
  const offset = tzOffset(timeZone, new Date(minute * MINUTE));
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
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

/** Opening and closing instants of a day, or null when closed. */
export function openingInterval(day: string, hours: DayHours, timeZone: string): Interval | null {
  if (!hours) return null;
  const startMs = localToUtcMs(day, hours.startTime, timeZone);
  const endMs = localToUtcMs(day, hours.endTime, timeZone);
  return endMs > startMs ? { startMs, endMs } : null;
}

/** Whether [startMs, endMs) lies wholly inside the day's opening hours. */
export function withinHours(day: string, hours: DayHours, timeZone: string, span: Interval): boolean {
  const open = openingInterval(day, hours, timeZone);
  return open !== null && span.startMs >= open.startMs && span.endMs <= open.endMs;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Every grid slot of the day with its instants and, when it cannot be taken, why. */
export function detailedSlots(input: SlotsInput): DetailedSlot[] {
  const { day, hours, timeZone, durationMin, busy, now } = input;
  if (!hours) return [];
  const open = minutesOfDay(hours.startTime);
  const close = minutesOfDay(hours.endTime);
  if (close <= open) return [];
  const openMs = localToUtcMs(day, hours.startTime, timeZone);
  const closeMs = localToUtcMs(day, hours.endTime, timeZone);
  // On almost every day one offset holds from opening to closing, and slots are plain
  // arithmetic; only a daylight-saving change day converts each wall time.
  const steady =
    offsetAt(timeZone, openMs) === offsetAt(timeZone, closeMs) && closeMs - openMs === (close - open) * MINUTE;
  const slots: DetailedSlot[] = [];
  for (let m = open; m < close; m += SLOT_STEP_MINUTES) {
    const time = `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
    const startMs = steady ? openMs + (m - open) * MINUTE : localToUtcMs(day, time, timeZone);
    // A wall time skipped by a spring-forward gap is no slot: it would read back as another time.
    if (!steady && utcMsToLocal(startMs, timeZone).time !== time) continue;
    const endMs = startMs + durationMin * MINUTE;
    const span = { startMs, endMs };
    const refusal: SlotRefusal | null =
      startMs <= now ? 'past' : endMs > closeMs ? 'too-long' : busy.some((b) => overlaps(span, b)) ? 'busy' : null;
    slots.push({ time, startMs, endMs, available: refusal === null, refusal });
  }
  return slots;
}

/** The grid as the API sends it: `{time, available}` for each slot of the day; [] when closed. */
export function daySlots(input: SlotsInput): { time: string; available: boolean }[] {
  return detailedSlots(input).map(({ time, available }) => ({ time, available }));
}
