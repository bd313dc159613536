/**
 * The contract of a crew's day as a route (issue 44 item 7; docs/decisions/054): its jobs in
 * driving order with the drive before each, the day's total, the multi-stop directions links,
 * and (for the owner) a suggested order that drives less (calls: day-route.calls.ts).
 */

import { z } from 'zod';
import { BookingTime } from './bookings.schemas.ts';
import { HhMm, Id, IsoDate, TimeFormat } from './fields.schemas.ts';

/** Why a job keeps its time in the suggestion; null: it may move. */
export const RouteStopFixed = z.enum(['started', 'completed', 'notice', 'pinned']).nullable();
export type RouteStopFixed = z.infer<typeof RouteStopFixed>;

/** The drive to a stop from the one before it, or from the crew's start place for the first. */
export const RouteDrive = z.object({
  minutes: z.number().int(),
  /** Straight-line miles to 0.1 (the travel model's); 0 when either place is unknown. */
  miles: z.number(),
  fromStart: z.boolean(),
});
export type RouteDrive = z.infer<typeof RouteDrive>;

/** One job of the day: when, for whom, where, what, and the drive there. Never a price. */
export const RouteStop = z.object({
  bookingId: Id,
  time: BookingTime,
  customerName: z.string(),
  address: z.string().nullable(),
  serviceName: z.string(),
  fixed: RouteStopFixed,
  drive: RouteDrive,
});
export type RouteStop = z.infer<typeof RouteStop>;

/** A day in one order: its stops, total drive and directions (Google Maps links, several when long). */
export const RouteOrder = z.object({
  stops: z.array(RouteStop),
  driveMinutes: z.number().int(),
  driveMiles: z.number(),
  directions: z.array(z.string()),
});
export type RouteOrder = z.infer<typeof RouteOrder>;

export const DayRoute = z.object({
  crew: z.object({ _id: Id, name: z.string() }),
  day: IsoDate,
  timeFormat: TimeFormat,
  /** The crew's start place as written, or null when it has none (and the business has no address). */
  startAddress: z.string().nullable(),
  /** The jobs in booked order (pending and approved, started and completed). */
  booked: RouteOrder,
  /**
   * The owner's suggestion: the same jobs in an order that drives less, with the times they would
   * move to (`moved`: the booking ids whose time changes); null when no order drives less (and always
   * for a crew member, who cannot move jobs).
   */
  suggestion: RouteOrder.extend({ savedMinutes: z.number().int(), moved: z.array(Id) }).nullable(),
});
export type DayRoute = z.infer<typeof DayRoute>;

const MAX_PINNED = 100;

export const DayRouteQuery = z.object({
  /** The business-local day; today when left out. */
  day: IsoDate.optional(),
  /** Booking ids the owner pins: they keep their time in the suggestion. Comma-separated. */
  pinned: z
    .string()
    .max(MAX_PINNED * 37, 'Pin at most 100 jobs.')
    .optional(),
});
export type DayRouteQuery = z.infer<typeof DayRouteQuery>;

export const CrewDayRouteQuery = z.object({ day: IsoDate.optional() });
export type CrewDayRouteQuery = z.infer<typeof CrewDayRouteQuery>;

/** Apply a suggestion: the day, the pins it was made with, and the moves the owner saw. */
export const ApplyDayRoute = z.object({
  day: IsoDate,
  pinned: z.array(Id).max(MAX_PINNED, 'Pin at most 100 jobs.').default([]),
  moves: z
    .array(z.object({ bookingId: Id, startTime: HhMm }))
    .min(1, 'There is nothing to move: the suggestion moves no job.')
    .max(MAX_PINNED, 'At most 100 moves.'),
});
export type ApplyDayRoute = z.input<typeof ApplyDayRoute>;

export const AppliedDayRoute = z.object({
  /** How many bookings moved (each customer told once). */
  moved: z.number().int(),
  route: DayRoute,
});
export type AppliedDayRoute = z.infer<typeof AppliedDayRoute>;
