/**
 * How far ahead and how soon a customer may book, and how many requests one customer
 * may keep waiting (issue 20, item 6; docs/product.md#operations). Owners set the
 * horizon and the notice in Settings; owners themselves are held to neither when they
 * move a booking on the calendar.
 */
import { createHmac } from 'node:crypto';
import { addDays } from '@slotwise/shared/slots';
import { longDate, todayIn } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';

export interface BookingWindow {
  horizonDays: number;
  minNoticeMinutes: number;
}

export function bookingWindowOf(b: Pick<Business, 'booking_horizon_days' | 'min_notice_minutes'>): BookingWindow {
  return { horizonDays: b.booking_horizon_days, minNoticeMinutes: b.min_notice_minutes };
}

/** The last business-local day customers may book: today plus the horizon. */
export function lastBookableDay(window: BookingWindow, timeZone: string, now: number): string {
  return addDays(todayIn(timeZone, now), window.horizonDays);
}

/** The earliest instant a booking may start: now plus the notice. */
export function earliestStart(window: BookingWindow, now: number): number {
  return now + window.minNoticeMinutes * 60_000;
}

const notice = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;

/** Refuses a customer's date past the horizon, or a start inside the notice. */
export function assertInWindow(window: BookingWindow, timeZone: string, day: string, startMs: number, now: number) {
  const last = lastBookableDay(window, timeZone, now);
  if (day > last)
    throw new AppError(
      'BEYOND_HORIZON',
      `Bookings can be made up to ${window.horizonDays} days ahead, until ${longDate(last)}. Please pick an earlier date.`,
    );
  if (startMs < earliestStart(window, now))
    throw new AppError(
      'TOO_SOON',
      `Bookings need at least ${notice(window.minNoticeMinutes)} notice. Please pick a later time.`,
    );
}

/** At most this many requests per customer e-mail, and per client address, may wait for one business's answer. */
const MAX_PENDING_PER_EMAIL = 3;
const MAX_PENDING_PER_REQUESTER = 10;

/** Who asks: a keyed hash of the client's address, so the address itself is never stored. */
export function requesterOf(ctx: AppContext, ip: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`requester|${ip}`).digest('base64url').slice(0, 22);
}

/**
 * Inside the per-business lock: refuses a new request when this customer (by e-mail) or
 * this client (by address) already has too many pending bookings still to come with the
 * business, so nobody can hold its calendar with requests the owner must decline. An
 * abuse limit like the rate limits, so off with them (RATE_LIMITS=off, for load tests).
 */
export async function assertPendingAllowed(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  who: { email: string; requester: string },
  now: number,
): Promise<void> {
  if (!ctx.config.rateLimits) return;
  const { byEmail, byRequester } = await ctx.repos.bookings.pendingAhead(trx, business.id, who, now);
  const name = business.name ?? 'this business';
  if (byEmail >= MAX_PENDING_PER_EMAIL)
    throw new AppError(
      'TOO_MANY_PENDING',
      `You already have ${byEmail} booking requests waiting for ${name} to answer. Please wait for their answer, or cancel one from its e-mail, before asking for another.`,
    );
  if (byRequester >= MAX_PENDING_PER_REQUESTER)
    throw new AppError(
      'TOO_MANY_PENDING',
      `Too many booking requests from this connection are waiting for ${name} to answer. Please wait for their answer before asking for another.`,
    );
}
