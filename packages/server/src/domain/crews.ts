/**
 * Crews applied (issue 25; docs/decisions/023): a business's crews with their hours and start
 * places, the slot rules checked against each crew that may do the job, and which free crew a
 * job goes to, decided under the per-business lock (db/transaction.ts) from one read of the
 * span's busy stretches and, when the owner travels, one read of the day's jobs. The pure
 * rules (who may do a service, the union of grids, the choice) are shared/src/crews.ts.
 */
import type { TimeFormat } from '@slotwise/shared/clock';
import { addedDriveMinutes, type CrewOption, type CrewRule, chooseCrew } from '@slotwise/shared/crews';
import type { LatLng } from '@slotwise/shared/geo';
import { type DayHours, type Interval, openingInterval, withinHours } from '@slotwise/shared/slots';
import { travelFits } from '@slotwise/shared/travel';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { type Business, travelSettingsOf } from '../repositories/businesses.ts';
import type { CrewInterval, CrewJob, HoldsSeen } from '../repositories/calendar.ts';
import { type CrewRow, hoursOfCrew, servicesOfCrew } from '../repositories/crews.ts';
import type { BookingWindow } from './booking-window.ts';
import { homeOf } from './places.ts';
import { SLOT_HELD } from './slot-holds.ts';
import { type CalendarSpan, checkSlot, hoursOfWeek, SLOT_TAKEN, weekHoursOf } from './slot-rules.ts';
import { TRAVEL_NOT_FEASIBLE } from './travel.ts';

/** A crew as the rules use it: who it is, what it does, its hours of any day and where its day starts. */
export interface CrewPlan extends CrewRule {
  name: string;
  color: string;
  /** Its start place, else the business address. */
  home: LatLng | null;
  hoursOn(day: string): DayHours;
}

/** The crews of rows read, their own hours or `businessHours`, their start place or `businessHome`. */
export function crewPlansOf(
  rows: readonly CrewRow[],
  businessHours: (day: string) => DayHours,
  businessHome: LatLng | null,
): CrewPlan[] {
  return rows.map((r) => {
    const own = hoursOfCrew(r);
    return {
      id: r.id,
      name: r.name,
      color: r.color,
      position: r.position,
      active: r.active === 1,
      serviceIds: servicesOfCrew(r),
      home: r.start_lat !== null && r.start_lng !== null ? { lat: r.start_lat, lng: r.start_lng } : businessHome,
      hoursOn: own ? hoursOfWeek(own) : businessHours,
    };
  });
}

/** The business's crews with their hours, from one read of its week and one of its crews. */
export async function crewsOf(ctx: AppContext, business: Business, from?: Tx): Promise<CrewPlan[]> {
  const [hours, rows] = await Promise.all([
    weekHoursOf(ctx, business.id, from),
    ctx.repos.crews.list(business.id, from),
  ]);
  return crewPlansOf(rows, hours, homeOf(business));
}

/**
 * checkSlot against each crew that may do the job: the span when the time is offered on any
 * crew's hours, else the refusal of the first crew working that day (closed: no crew works).
 */
export function checkCrewSlot(
  crews: readonly CrewPlan[],
  timeZone: string,
  day: string,
  time: string,
  durationMin: number,
  now: number,
  window: BookingWindow,
  clock: TimeFormat,
): CalendarSpan {
  if (crews.length === 0)
    throw new AppError('CLOSED_THAT_DAY', 'Nobody takes this service at the moment. Please contact the business.');
  let refusal: unknown = null;
  for (const crew of crews) {
    try {
      return checkSlot(timeZone, crew.hoursOn(day), day, time, durationMin, now, window, clock);
    } catch (err) {
      // "Closed that day" only when every crew is off: a crew that works says what is wrong with the time.
      if (refusal === null || (refusal instanceof AppError && refusal.code === 'CLOSED_THAT_DAY')) refusal = err;
    }
  }
  throw refusal;
}

export interface JobToPlace {
  day: string;
  span: Interval;
  /** Where the customer is; null: unknown (no drive counted). */
  location: LatLng | null;
  /** The crews that may do it (shared/src/crews.ts crewsFor). */
  crews: readonly CrewPlan[];
  /** The crew it had (a move) or its plan's: kept whenever that crew is free. */
  preferred?: string | null;
  /** The booking being moved: not in its own way. */
  ignoreBookingId?: string;
  /** Whether the drives must fit (customers' bookings and moves: yes; the owner's drags: no). */
  checkTravel?: boolean;
  /** A customer's booking, move or hold: other customers' live holds are in its way (docs/decisions/035). */
  holds?: HoldsSeen;
  /** A booking the owner enters and confirmed outside the hours (domain/owner-booking.ts): every crew may take it, whatever its hours. */
  anyHours?: boolean;
}

/** Why no crew could take the job: all busy there, or free but unable to drive there in time. */
export type NoCrew = 'taken' | 'travel';

/**
 * Under the lock: the crew a job goes to (issue 25, item 3), or why none can. A crew may take
 * it when the span is inside its hours, none of its jobs nor a blocked time is there and, for
 * an owner who travels, it can drive there and on in time; of those, chooseCrew picks.
 */
export async function freeCrew(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  job: JobToPlace,
): Promise<CrewPlan | NoCrew> {
  const inHours = job.anyHours
    ? job.crews
    : job.crews.filter((c) => withinHours(job.day, c.hoursOn(job.day), business.time_zone, job.span));
  if (inHours.length === 0) return 'taken';
  const busy: CrewInterval[] = await ctx.repos.calendar.busy(trx, business.id, job.span, {
    ignoreBookingId: job.ignoreBookingId,
    holds: job.holds,
  });
  if (busy.some((b) => b.crewId === null)) return 'taken';
  const taken = new Set(busy.map((b) => b.crewId));
  const free = inHours.filter((c) => !taken.has(c.id));
  if (free.length === 0) return 'taken';
  const travel = job.checkTravel === false ? null : travelSettingsOf(business);
  // One crew free and no drive to weigh: nothing to read or compare.
  if (free.length === 1 && !(travel && job.location)) return free[0]!;
  const dayJobs: CrewJob[] = await ctx.repos.calendar.dayJobs(trx, business.id, job.day, {
    ignoreBookingId: job.ignoreBookingId,
  });
  const options: (CrewOption & { crew: CrewPlan })[] = [];
  for (const crew of free) {
    const jobs = dayJobs.filter((j) => j.crewId === crew.id || j.crewId === null);
    if (travel && job.location) {
      const hours = crew.hoursOn(job.day);
      const fits = travelFits({
        candidate: { ...job.span, location: job.location },
        jobs,
        home: crew.home,
        dayStartMs: openingInterval(job.day, hours, business.time_zone)?.startMs ?? null,
        settings: travel,
      });
      if (!fits) continue;
    }
    options.push({
      id: crew.id,
      position: crew.position,
      crew,
      jobsThatDay: jobs.length,
      addedMinutes: travel
        ? addedDriveMinutes({ ...job.span, location: job.location }, jobs, crew.home, travel.speedMph)
        : 0,
    });
  }
  const chosen = chooseCrew(options, job.preferred);
  return chosen ? (chosen as (typeof options)[number]).crew : 'travel';
}

/**
 * freeCrew, refusing as a customer's booking or move is refused when no crew can take it. Taken
 * only by other customers' holds: SLOT_HELD, so the customer knows it may free up soon (one more
 * read, on a refusal only).
 */
export async function assignCrew(ctx: AppContext, trx: Tx, business: Business, job: JobToPlace): Promise<CrewPlan> {
  const crew = await freeCrew(ctx, trx, business, job);
  if (crew === 'taken' && job.holds && (await freeCrew(ctx, trx, business, { ...job, holds: undefined })) !== 'taken')
    throw new AppError('SLOT_HELD', SLOT_HELD);
  if (crew === 'taken') throw new AppError('SLOT_TAKEN', SLOT_TAKEN);
  if (crew === 'travel') throw new AppError('TRAVEL_NOT_FEASIBLE', TRAVEL_NOT_FEASIBLE);
  return crew;
}

/**
 * The crew an owner's move gives the job: the crew named (a drop on its column), else the one
 * it has; a row with no crew (written around the app) goes to the first active crew. A crew
 * named must be the business's, take jobs and do the booking's service.
 */
export function crewForMove(
  crews: readonly CrewPlan[],
  crewId: string | null,
  serviceId: string | null,
  named: boolean,
): CrewPlan | null {
  if (!crewId) return crews.find((c) => c.active) ?? null;
  const crew = crews.find((c) => c.id === crewId);
  if (!crew)
    throw new AppError('CREW_NOT_FOUND', 'That crew is not among your crews. Reload the calendar and try again.');
  if (named && !crew.active)
    throw new AppError(
      'CREW_CANNOT_DO_SERVICE',
      `${crew.name} is paused and takes no jobs. Resume it in Settings, Crews, or pick another crew.`,
    );
  if (named && serviceId && crew.serviceIds && !crew.serviceIds.includes(serviceId))
    throw new AppError(
      'CREW_CANNOT_DO_SERVICE',
      `${crew.name} does not do this service. Pick another crew, or add the service to ${crew.name} in Settings, Crews.`,
    );
  return crew;
}
