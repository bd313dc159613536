/**
 * Where the day view's hours open (issue "The owner's front door", item 9): on a phone only a few
 * hours fit, so the day opens where it is happening. Today: now, or the first job when that is
 * later; another day: its first job; a day without jobs: an hour before opening (8:00 on a closed
 * day or before the hours are known). The week view keeps the hour before opening, as all seven
 * days share one scroll.
 */
import type { CalendarEvent, HoursByWeekday } from './calendar-events.ts';
import { type CalendarView, dayOf, minuteOf } from './wall-clock.ts';

/** Shown above the moment opened at, so it is not on the very edge. */
const LEAD_MINUTES = 30;

/** Bookings someone goes out to do: not cancelled, declined, nor a plan's visit that holds no time. */
const JOBS = new Set(['pending', 'awaiting_payment', 'approved', 'completed']);
function isJob(e: CalendarEvent): boolean {
  return e.kind === 'booking' && JOBS.has(e.booking.status.toLowerCase());
}

export function beforeOpening(hours: HoursByWeekday | null, date: Date): number {
  const h = hours?.[date.getDay()];
  return h ? Math.max(0, h.open - 60) : 8 * 60;
}

/** The minute of the day the time grid opens scrolled to. */
export function openingMinute(input: {
  view: CalendarView;
  /** The day shown (a wall date). */
  date: Date;
  /** Today's date and the minute it is now, in the business's zone. */
  today: string;
  nowMinute: number;
  hours: HoursByWeekday | null;
  events: readonly CalendarEvent[];
}): number {
  const { view, date, today, nowMinute, hours, events } = input;
  if (view !== 'day') return beforeOpening(hours, date);
  const day = dayOf(date);
  let first: number | undefined;
  for (const e of events) {
    if (!isJob(e) || dayOf(e.start) !== day) continue;
    const m = minuteOf(e.start);
    if (first === undefined || m < first) first = m;
  }
  const at = day === today ? Math.max(nowMinute, first ?? 0) : first;
  return at === undefined ? beforeOpening(hours, date) : Math.max(0, at - LEAD_MINUTES);
}
