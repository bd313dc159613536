/**
 * The owner's bookings (docs/product.md#bookings): today's, a range, approve and
 * decline. Every query is scoped by the owner's business; another business's booking
 * is simply not found.
 */
import { todayIn } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { toBookingJson } from '../../domain/answers.ts';
import { linksFor, toMailBooking } from '../../domain/booking-mail.ts';
import { type OwnerDecision, refuseDecision } from '../../domain/owner-decision.ts';
import { effectiveStatus } from '../../domain/status.ts';
import { AppError } from '../../errors.ts';
import { mails } from '../../mail/templates.ts';
import type { Business } from '../../repositories/businesses.ts';
import { queueMail } from '../../repositories/mail-outbox.ts';
import type { Handlers } from '../register.ts';

export function bookingNotFound(id: string, reload = 'Reload the list and try again.'): AppError {
  return new AppError('BOOKING_NOT_FOUND', `Booking ${id} was not found among your bookings. ${reload}`);
}

/** Refused when a range starts after it ends. */
export function assertRange(from: string | undefined, to: string | undefined): void {
  if (from && to && from > to)
    throw new AppError(
      'VALIDATION_FAILED',
      `The range starts (${from}) after it ends (${to}); send from on or before to.`,
    );
}

export function bookingHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'bookingsToday' | 'bookings' | 'approve' | 'decline'> {
  const { bookings } = ctx.repos;

  async function decide(b: Business, id: string, decision: OwnerDecision) {
    const now = ctx.now();
    const updated = await withBusinessLock(ctx.store, b.id, async (trx) => {
      const row = await bookings.find(b.id, id, trx);
      if (!row) throw bookingNotFound(id);
      const refusal = refuseDecision(
        { status: effectiveStatus(row, now), startMs: row.start_ms, day: row.day, startTime: row.start_time },
        decision,
        now,
        b.time_format,
      );
      if (refusal) throw new AppError('BOOKING_NOT_CHANGEABLE', refusal);
      const next = await bookings.setStatus(trx, id, decision, now);
      const mail =
        decision === 'approved'
          ? mails.approved(toMailBooking(next, b), linksFor(ctx, id, b.id))
          : mails.declined(toMailBooking(next, b));
      await queueMail(trx, mail, now);
      return next;
    });
    ctx.mail.kick();
    return toBookingJson(updated, now, b.time_zone);
  }

  return {
    bookingsToday: async (req) => {
      const b = req.owner.business;
      const now = ctx.now();
      const today = todayIn(b.time_zone, now);
      const rows = await bookings.list(b.id, { fromDay: today, toDay: today });
      return { bookings: rows.map((r) => toBookingJson(r, now, b.time_zone)) };
    },
    bookings: async (req) => {
      const { from, to } = req.query;
      assertRange(from, to);
      const now = ctx.now();
      const rows = await bookings.list(req.owner.business.id, { fromDay: from, toDay: to });
      return { bookings: rows.map((r) => toBookingJson(r, now, req.owner.business.time_zone)) };
    },
    approve: (req) => decide(req.owner.business, req.params.id, 'approved'),
    decline: (req) => decide(req.owner.business, req.params.id, 'declined'),
  };
}
