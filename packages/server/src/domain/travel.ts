/**
 * Travel time between jobs of an owner who drives to customers (docs/decisions/008):
 * the slots leave room for the drive, and a booking or a customer's move is checked
 * again under the per-business lock. Owner drags are not held to it; the calendar
 * draws the drives instead (routes/dashboard/travel.ts).
 */
import type { LatLng } from '@slotwise/shared/geo';
import { type DayHours, type DetailedSlot, type Interval, openingInterval } from '@slotwise/shared/slots';
import { type Job, type TravelSettings, travelFits } from '@slotwise/shared/travel';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { type Business, travelSettingsOf } from '../repositories/businesses.ts';
import { homeOf } from './places.ts';

const TRAVEL_NOT_FEASIBLE =
  'There is not enough time to travel to you between other jobs at this time. Please pick another slot.';

export interface TravelDay {
  day: string;
  hours: DayHours;
  timeZone: string;
  home: LatLng | null;
  travel: TravelSettings;
  jobs: readonly Job[];
}

/** Marks the free slots a travelling owner cannot reach from, or leave for, the neighbouring jobs. */
export function withTravel(slots: DetailedSlot[], where: LatLng, d: TravelDay): DetailedSlot[] {
  const dayStartMs = openingInterval(d.day, d.hours, d.timeZone)?.startMs ?? null;
  return slots.map((s) =>
    s.available &&
    !travelFits({
      candidate: { startMs: s.startMs, endMs: s.endMs, location: where },
      jobs: d.jobs,
      home: d.home,
      dayStartMs,
      settings: d.travel,
    })
      ? { ...s, available: false }
      : s,
  );
}

/**
 * Inside the per-business lock, after the overlap check: refused when the owner could
 * not drive to this job and on to the next in time. Nothing to check when the owner
 * does not travel or the customer's place is unknown.
 */
export async function assertTravelFits(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  at: { day: string; hours: DayHours; span: Interval; location: LatLng | null },
  options: { ignoreBookingId?: string } = {},
): Promise<void> {
  const travel = travelSettingsOf(business);
  if (!travel || !at.location) return;
  const jobs = await ctx.repos.calendar.dayJobs(trx, business.id, at.day, options);
  const fits = travelFits({
    candidate: { ...at.span, location: at.location },
    jobs,
    home: homeOf(business),
    dayStartMs: openingInterval(at.day, at.hours, business.time_zone)?.startMs ?? null,
    settings: travel,
  });
  if (!fits) throw new AppError('TRAVEL_NOT_FEASIBLE', TRAVEL_NOT_FEASIBLE);
}
