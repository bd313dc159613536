/**
 * The owner moving a booking to a new time: the one path a calendar drag (routes/dashboard/
 * calendar.ts) and an applied day's route (routes/dashboard/day-route.ts) both take, under the
 * business's lock, so the checks and the customer's "your booking moved" message are the same
 * wherever the owner moves a job from. The caller checks the booking may move (its status, a time
 * in the future); here: the crew's hours, nothing in the way, the write, and the message.
 */
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { mails } from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { mailOwnerChange, mailPlanFor, toMailBooking } from './booking-mail.ts';
import type { CrewPlan } from './crews.ts';
import { linksFor } from './manage-token.ts';
import { assertInsideHours, type CalendarSpan, describeConflict, intervalOf } from './slot-rules.ts';
import { mailDueAt } from './undo-window.ts';
import { noteFreedTime } from './waitlist.ts';

/**
 * Writes `row` (read under the lock) at `span` on `crew` (null: the business has none to hold it
 * to), refusing a time outside that crew's hours (OUTSIDE_HOURS) or over anything of that crew's
 * or a blocked time (TIME_OVERLAPS). The owner is not held to travel time (docs/decisions/008).
 */
export async function placeBooking(
  ctx: AppContext,
  trx: Tx,
  b: Business,
  row: BookingRow,
  span: CalendarSpan,
  crew: CrewPlan | null,
  now: number,
): Promise<BookingRow> {
  assertInsideHours(span.day, crew ? crew.hoursOn(span.day) : null, b.time_zone, intervalOf(span), b.time_format);
  const conflict = await ctx.repos.calendar.findConflict(trx, b.id, intervalOf(span), {
    ignoreBookingId: row.id,
    crewId: crew?.id,
  });
  if (conflict)
    throw new AppError(
      'TIME_OVERLAPS',
      `That time overlaps ${describeConflict(conflict, b.time_zone, b.time_format)}. Pick a free time.`,
    );
  const moved = await ctx.repos.calendar.moveBooking(trx, row.id, { ...span, crew_id: crew?.id ?? row.crew_id }, now);
  // The time it left, offered to that day's waiting list (docs/decisions/056), after the undo window.
  if (moved.start_ms !== row.start_ms && row.status !== 'needs_time')
    await noteFreedTime(trx, row, 'moved', now, mailDueAt(now, ctx.config.undoWindowMs));
  return moved;
}

/**
 * Tells the customer their booking moved (mail, and a text within the texts' rules), with their
 * manage link, when its time changed: a job only given to another crew at the same time tells
 * them nothing new. `dueAt`: held until then (the undo window). Answers the queued messages' ids.
 */
export async function tellMoved(
  ctx: AppContext,
  trx: Tx,
  b: Business,
  before: Pick<BookingRow, 'start_ms' | 'end_ms'>,
  next: BookingRow,
  now: number,
  dueAt?: number,
): Promise<string[]> {
  if (next.start_ms === before.start_ms && next.end_ms === before.end_ms) return [];
  return mailOwnerChange(
    ctx,
    trx,
    next.id,
    mails.rescheduled(
      toMailBooking(next, b, ctx.config, await mailPlanFor(ctx, trx, next)),
      linksFor(ctx, next.id, b.id),
    ),
    now,
    dueAt,
  );
}
