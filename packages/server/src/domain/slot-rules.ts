/**
 * The rules a time must pass to be booked or moved: the business hours of the day,
 * the 30-minute grid, not in the past, fitting before closing, and (under the
 * per-business lock, db/transaction.ts) nothing else there. docs/product.md#slots.
 */

import type { AvailabilityEntry } from '@slotwise/shared/api';
import { formatClock, formatClockRange, type TimeFormat } from '@slotwise/shared/clock';
import { type DayHours, detailedSlots, type Interval, weekdayOf, withinHours } from '@slotwise/shared/slots';
import { localToUtcMs, longDate, utcMsToLocal, wallTimeExists, zoneLabel } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { BookingRow, Conflict } from '../repositories/calendar.ts';
import { assertInWindow, type BookingWindow, lastBookableDay } from './booking-window.ts';

export const SLOT_TAKEN = 'That time was just booked. Please pick another slot.';

/** A week of entries as "the hours of any date" (null: closed); one weekday read per call (a grid asks it often). */
export function hoursOfWeek(week: readonly AvailabilityEntry[]): (day: string) => DayHours {
  const byDay = new Map<string, DayHours>(
    week.map((e) => [
      e.day,
      e.startTime && e.endTime ? Object.freeze({ startTime: e.startTime, endTime: e.endTime }) : null,
    ]),
  );
  return (day) => byDay.get(weekdayOf(day)) ?? null;
}

/** The business hours of any date (null: closed), from one read of its week: for work over many dates. */
export async function weekHoursOf(ctx: AppContext, businessId: string, from?: Tx): Promise<(day: string) => DayHours> {
  return hoursOfWeek(await ctx.repos.availability.forBusiness(businessId, from));
}

/** Refuses an owner's wall time the clocks skip that day (daylight saving), named on the business's clock. */
export function assertWallTimeExists(day: string, time: string, timeZone: string, clock: TimeFormat): void {
  if (!wallTimeExists(day, time, timeZone))
    throw new AppError(
      'TIME_SKIPPED',
      `${formatClock(time, clock)} does not exist on ${day} in ${zoneLabel(timeZone)} (the clocks skip it for daylight saving). Pick another time.`,
    );
}

/** Where a booking sits on the calendar: its business-local wall time and its instants. */
export type CalendarSpan = Pick<BookingRow, 'day' | 'start_time' | 'end_time' | 'start_ms' | 'end_ms'>;

/** The calendar span of `durationMin` minutes from a business-local wall time. */
export function calendarSpan(day: string, time: string, durationMin: number, timeZone: string): CalendarSpan {
  const startMs = localToUtcMs(day, time, timeZone);
  const endMs = startMs + durationMin * 60_000;
  return { day, start_time: time, end_time: utcMsToLocal(endMs, timeZone).time, start_ms: startMs, end_ms: endMs };
}

/**
 * Every slot rule a customer's time must pass except "is it free", which needs the
 * lock: the day is inside the booking horizon, the business is open that day, the time
 * is on the grid, not past, the service fits before closing, and the notice is kept.
 * Refusals write times on the business's clock.
 */
export function checkSlot(
  timeZone: string,
  hours: DayHours,
  day: string,
  time: string,
  durationMin: number,
  now: number,
  window: BookingWindow,
  clock: TimeFormat,
): CalendarSpan {
  const weekday = weekdayOf(day);
  if (day > lastBookableDay(window, timeZone, now)) assertInWindow(window, timeZone, day, Number.MAX_SAFE_INTEGER, now);
  if (!hours) throw new AppError('CLOSED_THAT_DAY', `The business is closed on ${weekday}s. Please pick another day.`);
  const grid = detailedSlots({ day, hours, timeZone, durationMin, busy: [], now });
  const slot = grid.find((s) => s.time === time);
  if (!slot) {
    const examples = grid
      .slice(0, 2)
      .map((s) => formatClock(s.time, clock))
      .join(', ');
    throw new AppError(
      'SLOT_NOT_OFFERED',
      `${formatClock(time, clock)} is not one of the offered times on ${day}: slots start every 30 minutes from opening (${examples}, ...). Please pick one of them.`,
    );
  }
  if (slot.refusal === 'past')
    throw new AppError('TIME_PASSED', 'That time has already passed. Please pick another slot.');
  if (slot.refusal === 'too-long')
    throw new AppError(
      'RUNS_PAST_CLOSING',
      `This ${durationMin}-minute service would run past closing time (${formatClock(hours.endTime, clock)}) from ${formatClock(time, clock)}. Please pick an earlier slot.`,
    );
  assertInWindow(window, timeZone, day, slot.startMs, now);
  return calendarSpan(day, time, durationMin, timeZone);
}

/** Refuses an owner's move that is not wholly inside the target day's business hours (named on the business's clock). */
export function assertInsideHours(
  day: string,
  hours: DayHours,
  timeZone: string,
  span: Interval,
  clock: TimeFormat,
): void {
  if (withinHours(day, hours, timeZone, span)) return;
  throw new AppError(
    'OUTSIDE_HOURS',
    `That time is outside the business hours (${hoursInWords(day, hours, clock)}). Pick a time inside them, or change the hours in Settings.`,
  );
}

/** A day's hours as an owner reads them: "Tuesday 9:00 AM – 5:00 PM", or "closed on Sundays". */
export function hoursInWords(day: string, hours: DayHours, clock: TimeFormat): string {
  const weekday = weekdayOf(day);
  return hours ? `${weekday} ${formatClockRange(hours.startTime, hours.endTime, clock)}` : `closed on ${weekday}s`;
}

/** "a booking (Full Detail, 2026-12-01 10:00 AM – 11:00 AM)", or a blocked time, or a connected calendar's event, in the business's wall time, on its clock. */
export function describeConflict(c: Conflict, timeZone: string, clock: TimeFormat): string {
  const start = utcMsToLocal(c.startMs, timeZone);
  const end = utcMsToLocal(c.endMs, timeZone);
  const endAt = formatClock(end.time, clock);
  const when = `${start.day} ${formatClock(start.time, clock)} – ${end.day === start.day ? endAt : `${end.day} ${endAt}`}`;
  if (c.kind === 'booking') return `a booking (${c.title}, ${when})`;
  if (c.kind === 'calendar') return `an event of your calendar "${c.title}" (${when})`;
  return `the blocked time "${c.title}" (${when})`;
}

/**
 * Refuses a move decided on a stale read (issue 20, item 9): when the client sent the
 * version it saw and the booking has been moved or changed status since, 409
 * BOOKING_CHANGED naming the booking's time now. Run under the business lock, on the row
 * read there. No version sent (embeds, older clients): the move is not checked.
 */
export function assertVersion(
  row: { version: number; day: string; start_time: string },
  sent: number | undefined,
  clock: TimeFormat,
): void {
  if (sent === undefined || sent === row.version) return;
  throw new AppError(
    'BOOKING_CHANGED',
    `This booking was changed meanwhile; it is now on ${longDate(row.day)} at ${formatClock(row.start_time, clock)}. Reload and try again.`,
  );
}

/** The span's instants, as the overlap checks take them. */
export function intervalOf(span: CalendarSpan): Interval {
  return { startMs: span.start_ms, endMs: span.end_ms };
}

/** A single blocked time may cover up to a month (a holiday); longer is surely a typo. */
const MAX_BLOCK_MS = 31 * 24 * 3600 * 1000;

/** A blocked time's ISO start and end as instants, refused when backwards or longer than a month. */
export function blockSpan(startTime: string, endTime: string): Interval {
  const span = { startMs: Date.parse(startTime), endMs: Date.parse(endTime) };
  if (span.endMs <= span.startMs) throw new AppError('VALIDATION_FAILED', 'End time must be after start time.');
  if (span.endMs - span.startMs > MAX_BLOCK_MS)
    throw new AppError(
      'VALIDATION_FAILED',
      'A blocked time can cover at most 31 days; block longer absences in parts.',
    );
  return span;
}
