/**
 * The grid a customer may book from, for one day (the slots call) and for each day of a
 * month (the date step's calendar, docs/product.md#the-booking-widget). One rule for
 * both: customerGrid is the day's slots as the slots call answers them, and a month's
 * day is free exactly when that day's slots call would offer a time (decision 017).
 */
import type { DayStatus } from '@slotwise/shared/api';
import { unionOfGrids } from '@slotwise/shared/crews';
import type { LatLng } from '@slotwise/shared/geo';
import {
  addDays,
  type DayHours,
  type DetailedSlot,
  detailedSlots,
  type Interval,
  openingInterval,
  overlaps,
} from '@slotwise/shared/slots';
import { todayIn } from '@slotwise/shared/time-zone';
import type { TravelSettings } from '@slotwise/shared/travel';
import type { CrewInterval, CrewJob } from '../repositories/calendar.ts';
import { type BookingWindow, earliestStart, lastBookableDay } from './booking-window.ts';
import type { MonthContext } from './grid-source.ts';
import { withTravel } from './travel.ts';

interface GridDay {
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
function customerGrid(d: GridDay): DetailedSlot[] {
  const { day, hours, timeZone, durationMin, busy, window, now } = d;
  if (day > lastBookableDay(window, timeZone, now))
    return detailedSlots({ day, hours, timeZone, durationMin, busy: [], now }).map((s) => ({ ...s, available: false }));
  return detailedSlots({ day, hours, timeZone, durationMin, busy, now: earliestStart(window, now) });
}

/** A crew as the customer's grid sees it: its hours of a day and where its day starts (domain/crews.ts). */
export interface GridCrew {
  id: string;
  home: LatLng | null;
  hoursOn(day: string): DayHours;
}

/** A travelling owner's day: where the customer is, and the jobs already on the crews' routes that day. */
export interface TravelPlan {
  where: LatLng;
  travel: TravelSettings;
  jobs: readonly CrewJob[];
}

/** What every crew's grid of a day shares. */
export type GridBase = Omit<GridDay, 'hours' | 'busy'>;

/**
 * The day's slots across crews (docs/decisions/023): each crew's customerGrid from its hours and
 * its busy stretches (a blocked time, crewId null, is every crew's), with travel from its start
 * place along its own jobs; a time is free when one crew has it free (unionOfGrids). No crew: none.
 */
function crewsGrid(
  base: GridBase,
  crews: readonly GridCrew[],
  busy: readonly CrewInterval[],
  plan: TravelPlan | null,
): DetailedSlot[] {
  const grids = crewGrids(base, crews, busy, plan);
  return grids.length === 0 ? [] : unionOfGrids(grids);
}

/** Each crew's own grid of the day, in the crews' order (crewsGrid is their union; route fit prices by them). */
export function crewGrids(
  base: GridBase,
  crews: readonly GridCrew[],
  busy: readonly CrewInterval[],
  plan: TravelPlan | null,
): DetailedSlot[][] {
  return crews.map((crew) => {
    const hours = crew.hoursOn(base.day);
    const own = busy.filter((b) => b.crewId === null || b.crewId === crew.id);
    const grid = customerGrid({ ...base, hours, busy: own });
    if (!plan || !grid.some((s) => s.available)) return grid;
    return withTravel(grid, plan.where, {
      day: base.day,
      hours,
      timeZone: base.timeZone,
      home: crew.home,
      travel: plan.travel,
      jobs: plan.jobs.filter((j) => j.crewId === null || j.crewId === crew.id),
    });
  });
}

/** The instants the crews' hours of a day cover, first opening to last closing; null when none works. */
export function crewsOpening(day: string, crews: readonly GridCrew[], timeZone: string): Interval | null {
  let open: Interval | null = null;
  for (const crew of crews) {
    const o = openingInterval(day, crew.hoursOn(day), timeZone);
    if (o) open = open ? { startMs: Math.min(open.startMs, o.startMs), endMs: Math.max(open.endMs, o.endMs) } : o;
  }
  return open;
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
  /** The crews that may do the job. */
  crews: readonly GridCrew[];
  durationMin: number;
  now: number;
}

/** The month's days the calendar must be read for: a crew works, not gone by, inside the horizon. */
export function daysToRead({ month, context, crews, now }: Omit<MonthInput, 'durationMin'>): string[] {
  const { timeZone, window } = context;
  const today = todayIn(timeZone, now);
  const last = lastBookableDay(window, timeZone, now);
  return daysOf(month).filter((day) => day >= today && day <= last && crewsOpening(day, crews, timeZone) !== null);
}

/**
 * Each day's status, from the month's busy stretches and jobs read once (one query pass):
 * the same crewsGrid per day as the slots call, fed the stretches touching that day.
 */
export function monthDays(
  input: MonthInput,
  busy: readonly CrewInterval[],
  travel: { where: LatLng; jobs: readonly (CrewJob & { day: string })[] } | null,
): { date: string; status: DayStatus }[] {
  const { month, context, crews, durationMin, now } = input;
  const { timeZone, window } = context;
  const today = todayIn(timeZone, now);
  const last = lastBookableDay(window, timeZone, now);
  return daysOf(month).map((day) => {
    if (day < today) return { date: day, status: 'past' };
    if (day > last) return { date: day, status: 'beyond' };
    const open = crewsOpening(day, crews, timeZone);
    if (!open) return { date: day, status: 'closed' };
    const plan =
      travel && context.travel
        ? { where: travel.where, travel: context.travel, jobs: travel.jobs.filter((j) => j.day === day) }
        : null;
    const base = { day, timeZone, durationMin, window, now };
    const slots = crewsGrid(
      base,
      crews,
      busy.filter((b) => overlaps(b, open)),
      plan,
    );
    return { date: day, status: statusOf(slots) };
  });
}
