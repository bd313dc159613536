/**
 * The slot grid of docs/architecture.md#the-booking-path, as pure functions shared by the server
 * (which decides) and the apps (which display). Wall-clock times are business-local;
 * every comparison is on UTC epoch milliseconds, half-open [start, end).
 *
 * Daylight-saving days: the grid is of wall-clock times, 30 minutes apart from
 * opening. A wall time that does not exist that day (clocks jump forward over
 * it) is left out; a wall time that exists twice (clocks fall back) is offered
 * once, at its first occurrence. Durations are real elapsed minutes.
 */
import { WEEKDAYS, type Weekday } from './domain.ts';
import { minutesOfDay } from './time.ts';
import { localToUtcMs, offsetAt, utcMsToLocal } from './time-zone.ts';

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

/** The calendar day `days` after `day`: ("2026-02-27", 2) -> "2026-03-01". */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The month after (or before, `step` -1) a "YYYY-MM": "2026-12" -> "2027-01". */
export function nextMonth(month: string, step: 1 | -1 = 1): string {
  return addDays(`${month}-${step > 0 ? 28 : '01'}`, step > 0 ? 4 : -1).slice(0, 7);
}

/** The next calendar day: "2026-02-28" -> "2026-03-01". */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
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
