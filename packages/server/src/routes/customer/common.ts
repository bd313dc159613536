/**
 * What the customer calls share: finding the business, a day's hours, a manage
 * link's booking (and whether the link still works), and the slot rules a booking
 * or a customer reschedule must pass before the per-business lock is taken.
 */
import type { ManagedBooking } from '@slotwise/shared/api';
import { type DayHours, detailedSlots, weekdayOf } from '@slotwise/shared/slots';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/transaction.ts';
import { hashManageToken } from '../../domain/manage-token.ts';
import { type MailMessage, queueMails } from '../../mail/outbox.ts';
import { HttpError } from '../../plugins/errors.ts';
import { effectiveStatus } from '../../repositories/bookings.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BookingRow } from '../../repositories/calendar.ts';

export const LINK_NOT_VALID = 'This link is not valid. Please check the link in your e-mail.';
export const SLOT_TAKEN = 'That time was just booked. Please pick another slot.';
export const ADDRESS_NOT_LOCATED = 'We could not locate that address. Please pick one of the suggestions.';

export function businessNotFound(businessId: string): HttpError {
  return new HttpError(
    404,
    `No business has the id ${businessId}. Check the businessId in the embed code (Services page of the dashboard).`,
  );
}

export function serviceNotFound(): HttpError {
  return new HttpError(404, 'That service is not offered by this business any more. Please pick another service.');
}

export async function loadBusiness(ctx: AppContext, businessId: string, from?: Tx): Promise<Business> {
  const b = await ctx.repos.businesses.findById(businessId, from);
  if (!b) throw businessNotFound(businessId);
  return b;
}

/** The business hours of one date, or null when the business is closed that weekday. */
export async function hoursOn(ctx: AppContext, businessId: string, day: string, from?: Tx): Promise<DayHours> {
  const week = await ctx.repos.availability.forBusiness(businessId, from);
  const entry = week.find((e) => e.day === weekdayOf(day));
  return entry?.startTime && entry.endTime ? { startTime: entry.startTime, endTime: entry.endTime } : null;
}

/**
 * The booking behind a manage link, refused when the link no longer works
 * (DESIGN.md section 5): unknown token 404; cancelled, declined or started 410.
 */
export async function bookingForToken(ctx: AppContext, token: string, from?: Tx): Promise<BookingRow> {
  const row = await ctx.repos.manageTokens.findBooking(hashManageToken(token), from);
  if (!row) throw new HttpError(404, LINK_NOT_VALID);
  const status = effectiveStatus(row, ctx.now());
  if (status === 'cancelled')
    throw new HttpError(
      410,
      'This booking has been cancelled, so this link no longer works. Please make a new booking.',
    );
  if (status === 'declined')
    throw new HttpError(
      410,
      'This booking was declined by the business, so this link no longer works. Please make a new booking for another time.',
    );
  if (status === 'completed' || row.start_ms <= ctx.now())
    throw new HttpError(
      410,
      'This booking has already started, so it can no longer be changed online. Please contact the business.',
    );
  return row;
}

/** The customer's mail and, when the owner has an e-mail, the owner's notice: one insert into the outbox. */
export async function mailCustomerAndOwner(
  ctx: AppContext,
  trx: Tx,
  businessId: string,
  customer: MailMessage,
  notice: (owner: string) => MailMessage,
  now: number,
): Promise<void> {
  const owner = await ctx.repos.calendar.ownerEmail(businessId, trx);
  await queueMails(trx, owner ? [customer, notice(owner)] : [customer], now);
}

export function toManagedBooking(row: BookingRow, business: Business, now: number): ManagedBooking {
  return {
    businessId: business.id,
    businessName: business.name ?? '',
    serviceName: row.service_name,
    status: effectiveStatus(row, now),
    bookingTime: { day: row.day, startTime: row.start_time, endTime: row.end_time },
    timeZone: business.time_zone,
  };
}

export interface CheckedSlot {
  startMs: number;
  endMs: number;
}

/**
 * Every slot rule except "is it free", which needs the lock: the business is open
 * that day, the time is on the grid, not past, and the service fits before closing.
 */
export function checkSlot(
  business: Business,
  hours: DayHours,
  day: string,
  time: string,
  durationMin: number,
  now: number,
): CheckedSlot {
  const weekday = weekdayOf(day);
  if (!hours) throw new HttpError(409, `The business is closed on ${weekday}s. Please pick another day.`);
  const grid = detailedSlots({ day, hours, timeZone: business.time_zone, durationMin, busy: [], now });
  const slot = grid.find((s) => s.time === time);
  if (!slot) {
    const examples = grid
      .slice(0, 2)
      .map((s) => s.time)
      .join(', ');
    throw new HttpError(
      400,
      `${time} is not one of the offered times on ${day}: slots start every 30 minutes from opening (${examples}, ...). Please pick one of them.`,
    );
  }
  if (slot.refusal === 'past') throw new HttpError(409, 'That time has already passed. Please pick another slot.');
  if (slot.refusal === 'too-long')
    throw new HttpError(
      409,
      `This ${durationMin}-minute service would run past closing time (${hours.endTime}) from ${time}. Please pick an earlier slot.`,
    );
  return { startMs: slot.startMs, endMs: slot.endMs };
}
