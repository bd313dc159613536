/**
 * The owner's operations settings as rules on the customer calls (issue 8):
 * travel-aware times (slots, booking, customer reschedule), the service area
 * (quote and booking), and the change cut-off (manage links).
 *
 * Decisions:
 * - Owner moves on the calendar are not held to travel time: the owner knows the
 *   roads and the customer; the calendar draws the drives as travel blocks instead.
 * - Slots leave room for the drive only when they know where the customer is (the
 *   widget sends its address, a reschedule link knows its booking); booking always
 *   has the address, so it is always checked, under the per-business lock.
 * - After the cut-off, GET /api/customer/booking still answers, with `changeLocked`
 *   (reason and contact) so the pages can say why; rescheduling, cancelling and the
 *   link's slots answer 409 with the reason and the contact in the message.
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { type BusinessContact, changeLocked, cutoffMessage, cutoffReason } from '@slotwise/shared/change-cutoff';
import type { LatLng } from '@slotwise/shared/geo';
import { serviceAreaRefusal } from '@slotwise/shared/service-area';
import { type DayHours, type DetailedSlot, openingInterval } from '@slotwise/shared/slots';
import { type Job, type TravelSettings, travelFits } from '@slotwise/shared/travel';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/transaction.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import { type BookingRow, travelSettingsOf } from '../../repositories/calendar.ts';
import { toManagedBooking } from './common.ts';

export const TRAVEL_NOT_FEASIBLE =
  'There is not enough time to travel to you between other jobs at this time. Please pick another slot.';

export function homeOf(b: Pick<Business, 'lat' | 'lng'>): LatLng | null {
  return b.lat !== null && b.lng !== null ? { lat: b.lat, lng: b.lng } : null;
}

export function locationOf(row: Pick<BookingRow, 'customer_lat' | 'customer_lng'>): LatLng | null {
  return row.customer_lat !== null && row.customer_lng !== null
    ? { lat: row.customer_lat, lng: row.customer_lng }
    : null;
}

/** 400 when the address is farther from the business than its service area. */
export function assertInServiceArea(business: Business, customer: LatLng): void {
  const refusal = serviceAreaRefusal(homeOf(business), customer, business.max_distance_miles);
  if (refusal) throw new HttpError(400, refusal);
}

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
 * Inside the per-business lock, after the overlap check: 409 when the owner could
 * not drive to this job and on to the next in time. Nothing to check when the owner
 * does not travel or the customer's place is unknown.
 */
export async function assertTravelFits(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  at: { day: string; hours: DayHours; span: { startMs: number; endMs: number }; location: LatLng | null },
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
  if (!fits) throw new HttpError(409, TRAVEL_NOT_FEASIBLE);
}

async function contactOf(ctx: AppContext, business: Business, from?: Tx): Promise<BusinessContact> {
  const owner = await ctx.repos.calendar.ownerContact(business.id, from);
  return { businessName: business.name ?? '', email: owner?.email ?? '', phone: owner?.phone ?? '' };
}

/** The lock the pages show: why and whom to contact; null while the customer may still change it. */
export async function changeLockOf(
  ctx: AppContext,
  row: BookingRow,
  business: Business,
  from?: Tx,
): Promise<ManagedBooking['changeLocked']> {
  const hours = business.change_cutoff_hours;
  if (!changeLocked(row.start_ms, hours, ctx.now())) return null;
  return { reason: cutoffReason(hours), contact: await contactOf(ctx, business, from) };
}

/** The booking as the manage pages show it; `changeLocked` only once the cut-off has passed. */
export async function managedBooking(ctx: AppContext, row: BookingRow, business: Business): Promise<ManagedBooking> {
  const lock = await changeLockOf(ctx, row, business);
  return { ...toManagedBooking(row, business, ctx.now()), ...(lock ? { changeLocked: lock } : {}) };
}

/** 409 with the reason and the business's contact once the change cut-off has passed. */
export async function assertChangeAllowed(ctx: AppContext, row: BookingRow, business: Business, from?: Tx) {
  const hours = business.change_cutoff_hours;
  if (!changeLocked(row.start_ms, hours, ctx.now())) return;
  throw new HttpError(409, cutoffMessage(hours, await contactOf(ctx, business, from)));
}
