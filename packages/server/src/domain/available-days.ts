/**
 * The grid a customer may book from, for one day (the slots call) and for each day of a
 * month (the date step's calendar, docs/product.md#the-booking-widget). One rule for
 * both: customerGrid is the day's slots as the slots call answers them, and a month's
 * day is free exactly when that day's slots call would offer a time (decision 017).
 */
import type { DayStatus } from '@slotwise/shared/api';
import type { LatLng } from '@slotwise/shared/geo';
import {
  addDays,
  type DayHours,
  type DetailedSlot,
  detailedSlots,
  type Interval,
  openingInterval,
  overlaps,
  weekdayOf,
} from '@slotwise/shared/slots';
import { todayIn } from '@slotwise/shared/time-zone';
import type { Job, TravelSettings } from '@slotwise/shared/travel';
import type { MonthContext } from '../repositories/calendar.ts';
import { type BookingWindow, earliestStart, lastBookableDay } from './booking-window.ts';
import { withTravel } from './travel.ts';

export interface GridDay {
  day: string;
  hours: DayHours;
  timeZone: string;
  durationMin: number;
  /** The busy stretches touching the day (more are harmless: only overlaps count). */
  busy: readonly Interval[];
  window: BookingWindow;
  now: number;
}

/**
 * A day's slots as a customer may book them: nothing past the booking horizon, nothing
 * inside the notice, nothing over a booking or a blocked time. Travel is applied after
 * (withTravel), by the caller that knows the customer's place.
 */
export function customerGrid(d: GridDay): DetailedSlot[] {
  const { day, hours, timeZone, durationMin, busy, window, now } = d;
  if (day > lastBookableDay(window, timeZone, now))
    return detailedSlots({ day, hours, timeZone, durationMin, busy: [], now }).map((s) => ({ ...s, available: false }));
  return detailedSlots({ day, hours, timeZone, durationMin, busy, now: earliestStart(window, now) });
}

/** A travelling owner's day: where the customer is, and the jobs already on the route that day. */
interface TravelPlan {
  where: LatLng;
  home: LatLng | null;
  travel: TravelSettings;
  jobs: readonly Job[];
}

/** customerGrid with travel applied when the owner drives to a customer whose place is known. */
function customerSlots(d: GridDay, plan: TravelPlan | null): DetailedSlot[] {
  const grid = customerGrid(d);
  if (!plan || !grid.some((s) => s.available)) return grid;
  return withTravel(grid, plan.where, { day: d.day, hours: d.hours, timeZone: d.timeZone, ...plan });
}

/** A day's status from its slots: free when one is, past when time (or the notice) has run over all of them. */
function statusOf(slots: readonly DetailedSlot[]): DayStatus {
  if (slots.length === 0) return 'closed';
  if (slots.some((s) => s.available)) return 'free';
  return slots.every((s) => s.refusal === 'past') ? 'past' : 'full';
}

/** The days of a YYYY-MM month: "2026-02" -> "2026-02-01" ... "2026-02-28". */
function daysOf(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

export interface MonthInput {
  month: string;
  context: MonthContext;
  durationMin: number;
  now: number;
}

/** The month's days the calendar must be read for: open, not gone by, inside the horizon. */
export function daysToRead({ month, context, now }: Omit<MonthInput, 'durationMin'>): string[] {
  const { timeZone, window, weekHours } = context;
  const today = todayIn(timeZone, now);
  const last = lastBookableDay(window, timeZone, now);
  return daysOf(month).filter(
    (day) => day >= today && day <= last && openingInterval(day, weekHours[weekdayOf(day)], timeZone) !== null,
  );
}

/**
 * Each day's status, from the month's busy stretches and jobs read once (one query pass):
 * the same customerSlots per day as the slots call, fed the stretches touching that day.
 */
export function monthDays(
  input: MonthInput,
  busy: readonly Interval[],
  travel: { where: LatLng; jobs: readonly (Job & { day: string })[] } | null,
): { date: string; status: DayStatus }[] {
  const { month, context, durationMin, now } = input;
  const { timeZone, window, weekHours } = context;
  const today = todayIn(timeZone, now);
  const last = lastBookableDay(window, timeZone, now);
  return daysOf(month).map((day) => {
    if (day < today) return { date: day, status: 'past' };
    if (day > last) return { date: day, status: 'beyond' };
    const hours = weekHours[weekdayOf(day)];
    const open = openingInterval(day, hours, timeZone);
    if (!open) return { date: day, status: 'closed' };
    const grid: GridDay = {
      day,
      hours,
      timeZone,
      durationMin,
      busy: busy.filter((b) => overlaps(b, open)),
      window,
      now,
    };
    const plan =
      travel && context.travel
        ? {
            where: travel.where,
            home: context.home,
            travel: context.travel,
            jobs: travel.jobs.filter((j) => j.day === day),
          }
        : null;
    return { date: day, status: statusOf(customerSlots(grid, plan)) };
  });
}
