/**
 * react-big-calendar draws every Date in the browser's time zone (docs/architecture.md#pitfalls, pitfall 10).
 * The calendar shows the business's zone instead, so it is handed "wall dates": Dates
 * whose browser-local clock reads what the business's clocks read. Everything the
 * calendar gives back (drops, selections, navigation) is a wall date too, and is
 * turned into a real instant or a business-local day and time only here.
 *
 * A wall time that does not exist in the browser's own zone (its spring-forward hour)
 * cannot be shown exactly by any Date; such an event lands an hour later on screen
 * for that one viewer. Nothing is lost: the server keeps the business-local times.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek } from 'date-fns';

export const WEEK_STARTS_ON = 1;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall date of an instant: what the business's clocks read at that moment. */
export function toWallDate(instant: number | Date | string, timeZone: string): Date {
  const t = new TZDate(new Date(instant).getTime(), timeZone);
  return new Date(
    t.getFullYear(),
    t.getMonth(),
    t.getDate(),
    t.getHours(),
    t.getMinutes(),
    t.getSeconds(),
    t.getMilliseconds(),
  );
}

/**
 * react-big-calendar's getNow: the business's wall clock. The calendar asks for it
 * dozens of times a render (every row of the time gutter, every day column), and each
 * answer costs a time-zone lookup; the zone's offset is looked up at most once a second.
 */
export function wallClock(timeZone: string): () => Date {
  let second = Number.NaN;
  let wallSecond = 0;
  return () => {
    const now = Date.now();
    const s = Math.floor(now / 1000);
    if (s !== second) {
      second = s;
      wallSecond = toWallDate(s * 1000, timeZone).getTime();
    }
    // Within one second neither the business's nor the browser's offset can change.
    return new Date(wallSecond + (now - s * 1000));
  };
}

/** The instant at which the business's clocks read what a wall date's local clock reads. */
export function fromWallDate(wall: Date, timeZone: string): Date {
  return new Date(
    new TZDate(
      wall.getFullYear(),
      wall.getMonth(),
      wall.getDate(),
      wall.getHours(),
      wall.getMinutes(),
      wall.getSeconds(),
      wall.getMilliseconds(),
      timeZone,
    ).getTime(),
  );
}

/** A wall date from a business-local day and time: ("2026-03-09", "14:30"). */
export function wallDate(day: string, hhmm = '00:00'): Date {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!d || !t) throw new RangeError(`Not a day and time: ${day} ${hhmm}`);
  return new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
}

/** A wall date's day, "2026-03-09". */
export function dayOf(wall: Date): string {
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

/** A wall date's time of day, "14:30". */
export function timeOf(wall: Date): string {
  return `${pad(wall.getHours())}:${pad(wall.getMinutes())}`;
}

/** Minutes since the wall date's midnight (DST-proof: read from the clock, not subtracted). */
export function minuteOf(wall: Date): number {
  return wall.getHours() * 60 + wall.getMinutes();
}

/** Where an event ends, in minutes after the start day's midnight: 1440 for midnight next day. */
export function endMinuteOn(startDay: string, end: Date): number {
  const day = dayOf(end);
  if (day === startDay) return minuteOf(end);
  if (minuteOf(end) === 0 && day === dayOf(addDays(wallDate(startDay), 1))) return 24 * 60;
  return Number.POSITIVE_INFINITY;
}

export type CalendarView = 'day' | 'week' | 'month';
export const CALENDAR_VIEWS: readonly CalendarView[] = ['month', 'week', 'day'];

export interface VisibleRange {
  /** First visible day, business-local, inclusive. */
  from: string;
  /** Last visible day, business-local, inclusive. */
  to: string;
}

/**
 * The days a view shows around a wall date, as the server's `from`/`to` take them.
 * Month matches react-big-calendar's grid: whole weeks from the week of the 1st
 * to the week of the last day.
 */
export function visibleRange(view: CalendarView, date: Date): VisibleRange {
  const week = { weekStartsOn: WEEK_STARTS_ON } as const;
  switch (view) {
    case 'day':
      return { from: dayOf(date), to: dayOf(date) };
    case 'week':
      return { from: dayOf(startOfWeek(date, week)), to: dayOf(endOfWeek(date, week)) };
    case 'month':
      return {
        from: dayOf(startOfWeek(startOfMonth(date), week)),
        to: dayOf(startOfDay(endOfWeek(endOfMonth(date), week))),
      };
  }
}
