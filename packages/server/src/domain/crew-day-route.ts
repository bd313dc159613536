/**
 * A crew's day as the route screen reads it (docs/decisions/054): which jobs may move, the day as
 * booked and the suggestion (domain/day-route.ts), each stop with the drive to it, and the
 * directions links. Pure: the rows are read by routes/day-route.ts, under the lock when applying.
 *
 * Which jobs may move: every booked job (pending or approved) the owner has not pinned, unless
 * the crew started it, it is done, or it starts within the business's notice (the customer may
 * already be on their way to be home for it). Pinning is the owner's choice on the screen, sent
 * with the request: nothing is stored.
 */
import type { DayRoute, RouteOrder, RouteStopFixed } from '@slotwise/shared/api';
import type { Interval } from '@slotwise/shared/slots';
import { openingInterval } from '@slotwise/shared/slots';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import type { Business } from '../repositories/businesses.ts';
import type { CrewInterval } from '../repositories/calendar.ts';
import type { DayWorkRow } from '../repositories/crew-jobs.ts';
import { shownTime } from './answers.ts';
import type { CrewPlan } from './crews.ts';
import { bookedOrder, type PlannedStop, type RouteStop, routeLegs, suggestRoute } from './day-route.ts';
import { directionsLinks } from './directions.ts';
import { locationOf } from './places.ts';
import { calendarSpan } from './slot-rules.ts';
import { effectiveStatus } from './status.ts';

const MINUTE = 60_000;

type RouteBusiness = Pick<
  Business,
  | 'address'
  | 'time_zone'
  | 'time_format'
  | 'travel_enabled'
  | 'travel_speed_mph'
  | 'travel_buffer_min'
  | 'min_notice_minutes'
>;

export interface CrewDayInput {
  business: RouteBusiness;
  crew: CrewPlan;
  /** The crew's own start address, else null (the business's is used). */
  crewStartAddress: string | null;
  day: string;
  rows: readonly DayWorkRow[];
  /** The business's busy stretches that day (repositories/calendar.ts busy). */
  busy: readonly CrewInterval[];
  pinned: ReadonlySet<string>;
  now: number;
}

/** Why a job keeps its time, or null when it may move. */
function fixedReason(
  row: Pick<DayWorkRow, 'id' | 'status' | 'end_ms' | 'start_ms' | 'started_at'>,
  now: number,
  noticeMinutes: number,
  pinned: ReadonlySet<string>,
): RouteStopFixed {
  if (effectiveStatus(row, now) === 'completed') return 'completed';
  if (row.started_at !== null) return 'started';
  if (row.start_ms < now + noticeMinutes * MINUTE) return 'notice';
  if (pinned.has(row.id)) return 'pinned';
  return null;
}

export interface CrewDayRoute {
  answer: DayRoute;
  /** The suggestion's moves: booking id -> its new span (empty without a suggestion). */
  moves: Map<string, PlannedStop>;
}

/** The day's route (and, with `suggest`, the suggestion) of one crew. */
export function crewDayRoute(input: CrewDayInput, suggest: boolean): CrewDayRoute {
  const { business: b, crew, day, rows, now, pinned } = input;
  const speedMph = b.travel_speed_mph;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stops: RouteStop[] = rows.map((r) => ({
    id: r.id,
    startMs: r.start_ms,
    endMs: r.end_ms,
    location: locationOf(r),
    fixed: fixedReason(r, now, b.min_notice_minutes, pinned) !== null,
  }));
  const ownSpans = new Set(rows.map((r) => `${r.start_ms}-${r.end_ms}`));
  // Blocked times and the owner's calendar keep every crew busy; this crew's own busy stretches
  // that are not its day's jobs (a calendar of its own) too.
  const busy: Interval[] = input.busy.filter(
    (i) => i.crewId === null || (i.crewId === crew.id && !ownSpans.has(`${i.startMs}-${i.endMs}`)),
  );
  const startAddress = input.crewStartAddress ?? b.address;

  const orderOf = (planned: readonly PlannedStop[]): RouteOrder => {
    const located = planned.map((p) => ({ id: p.id, location: locationOf(byId.get(p.id)!) }));
    const legs = routeLegs(located, crew.home, speedMph);
    const routeStops = planned.map((p, i) => {
      const row = byId.get(p.id)!;
      const span = {
        ...row,
        ...calendarSpan(day, utcMsToLocal(p.startMs, b.time_zone).time, (p.endMs - p.startMs) / MINUTE, b.time_zone),
      };
      return {
        bookingId: row.id,
        time: shownTime(p.moved ? span : row, b.time_zone),
        customerName: `${row.first_name} ${row.last_name}`.trim(),
        address: row.customer_address,
        serviceName: row.service_name,
        fixed: fixedReason(row, now, b.min_notice_minutes, pinned),
        drive: { minutes: legs[i]!.minutes, miles: legs[i]!.miles, fromStart: i === 0 },
      };
    });
    const places = [startAddress ?? '', ...routeStops.map((s) => s.address ?? '')];
    return {
      stops: routeStops,
      driveMinutes: legs.reduce((sum, l) => sum + l.minutes, 0),
      driveMiles: Math.round(legs.reduce((sum, l) => sum + l.miles, 0) * 10) / 10,
      // The start place is the origin only when known; else the first stop is.
      directions: directionsLinks(startAddress ? places : places.slice(1)),
    };
  };

  const asBooked = bookedOrder(stops).map((s) => ({ id: s.id, startMs: s.startMs, endMs: s.endMs, moved: false }));
  const answer: DayRoute = {
    crew: { _id: crew.id, name: crew.name },
    day,
    timeFormat: b.time_format,
    startAddress,
    booked: orderOf(asBooked),
    suggestion: null,
  };
  const moves = new Map<string, PlannedStop>();
  if (!suggest) return { answer, moves };
  const suggestion = suggestRoute({
    stops,
    home: crew.home,
    open: openingInterval(day, crew.hoursOn(day), b.time_zone),
    busy,
    earliestMs: now + b.min_notice_minutes * MINUTE,
    speedMph,
    bufferMinutes: b.travel_enabled === 1 ? b.travel_buffer_min : 0,
  });
  if (suggestion.savedMinutes <= 0) return { answer, moves };
  for (const s of suggestion.stops) if (s.moved) moves.set(s.id, s);
  answer.suggestion = { ...orderOf(suggestion.stops), savedMinutes: suggestion.savedMinutes, moved: [...moves.keys()] };
  return { answer, moves };
}
