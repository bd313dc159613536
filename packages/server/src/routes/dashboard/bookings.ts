/**
 * The owner's bookings (docs/product.md#bookings): today's, a range, approve and
 * decline. Every query is scoped by the owner's business; another business's booking
 * is simply not found.
 */
import { type Booking, WAITING_SHOWN } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { toCents, toDollars } from '@slotwise/shared/money';
import { localToUtcMs, shortDate, todayIn, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { type Tx, withBusinessLock } from '../../db/transaction.ts';
import { planLabelsFor, toBookingJson } from '../../domain/answers.ts';
import { mailOwnerChange, mailPlanFor, toMailBooking } from '../../domain/booking-mail.ts';
import { linksFor, manageTokenFor } from '../../domain/manage-token.ts';
import { type OwnerDecision, refuseDecision } from '../../domain/owner-decision.ts';
import { queueRefund } from '../../domain/payments.ts';
import { priceChangeUrl } from '../../domain/price-change.ts';
import { expiryRulesOf } from '../../domain/request-expiry.ts';
import { effectiveStatus } from '../../domain/status.ts';
import { mailDueAt } from '../../domain/undo-window.ts';
import { noteFreedTime } from '../../domain/waitlist.ts';
import { AppError } from '../../errors.ts';
import { mails } from '../../mail/templates.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { Handlers } from '../register.ts';
import { offerUndo } from './undo.ts';

export function bookingNotFound(id: string, reload = 'Reload the list and try again.'): AppError {
  return new AppError('BOOKING_NOT_FOUND', `Booking ${id} was not found among your bookings. ${reload}`);
}

/** An Approve or Decline of a request that expired unanswered (docs/decisions/051). */
function requestExpired(row: BookingRow, b: Business): AppError {
  const { day, time } = utcMsToLocal(row.request_expired_ms ?? row.updated_at, b.time_zone);
  return new AppError(
    'BOOKING_EXPIRED',
    `This request expired unanswered on ${shortDate(day)} at ${formatClock(time, b.time_format)}: its time was released and ${row.first_name} was e-mailed a link to book again. Contact them if you can still take it.`,
  );
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
): Handlers<'dashboard', 'bookingsToday' | 'bookingsWaiting' | 'bookings' | 'approve' | 'decline'> {
  const { bookings } = ctx.repos;

  /**
   * Approve or Decline under the business's lock; `then` queues the customer's mail in the
   * same transaction (and, for a Decline, offers its undo) and answers what it adds.
   */
  async function decide<T>(
    b: Business,
    id: string,
    decision: OwnerDecision,
    then: (trx: Tx, before: BookingRow, after: BookingRow, now: number) => Promise<T>,
  ) {
    const now = ctx.now();
    const { updated, added } = await withBusinessLock(ctx.store, b.id, async (trx) => {
      const row = await bookings.find(b.id, id, trx);
      if (!row) throw bookingNotFound(id);
      // Expired under this same lock a moment before (jobs/request-expiry.ts): say so, not just "declined".
      if (row.request_expired_ms !== null) throw requestExpired(row, b);
      const refusal = refuseDecision(
        { status: effectiveStatus(row, now), startMs: row.start_ms, day: row.day, startTime: row.start_time },
        decision,
        now,
        b.time_format,
      );
      if (refusal) throw new AppError('BOOKING_NOT_CHANGEABLE', refusal);
      // Deciding without waiting for the customer's answer to a new price withdraws it, in the same write.
      const withdrawn = row.price_state === 'proposed' ? 'withdrawn' : undefined;
      const next = await bookings.setStatus(trx, id, decision, now, withdrawn);
      // A declined request's (or a cancelled job's) time, offered to the day's waiting list once the
      // undo window has passed (docs/decisions/056).
      if (decision === 'declined')
        await noteFreedTime(
          trx,
          row,
          row.status === 'pending' ? 'declined' : 'cancelled',
          now,
          mailDueAt(now, ctx.config.undoWindowMs),
        );
      const added = await then(trx, row, next, now);
      // As `then` left it (a decline's refund counts on the booking).
      return { updated: (await bookings.find(b.id, id, trx)) ?? next, added };
    });
    ctx.mail.kick();
    ctx.paymentWorker.kick();
    return {
      booking: toBookingJson(updated, now, b.time_zone, await planLabelsFor(ctx, b.id, [updated]), expiryRulesOf(b)),
      added,
    };
  }

  /**
   * Proposes a new total for a pending booking and mails the customer the page to accept or
   * decline it; the booking stays pending. Null when the total is the quoted one: a plain approval.
   */
  async function proposePrice(b: Business, id: string, proposedCents: number, reason: string) {
    const now = ctx.now();
    const updated = await withBusinessLock(ctx.store, b.id, async (trx) => {
      const row = await bookings.find(b.id, id, trx);
      if (!row) throw bookingNotFound(id);
      if (row.request_expired_ms !== null) throw requestExpired(row, b);
      const refusal = refuseDecision(
        { status: effectiveStatus(row, now), startMs: row.start_ms, day: row.day, startTime: row.start_time },
        'approved',
        now,
        b.time_format,
      );
      if (refusal) throw new AppError('BOOKING_NOT_CHANGEABLE', refusal);
      if (proposedCents === row.total_cents) return null;
      const next = await bookings.proposePrice(trx, id, { quotedCents: row.total_cents, proposedCents, reason }, now);
      const token = manageTokenFor(ctx.config.jwtSecret, id);
      await mailOwnerChange(
        ctx,
        trx,
        id,
        mails.priceProposed(
          toMailBooking(next, b, ctx.config),
          proposedCents,
          reason,
          priceChangeUrl(ctx.config.publicUrl, token),
        ),
        now,
      );
      return next;
    });
    if (!updated) return null;
    ctx.mail.kick();
    return toBookingJson(updated, now, b.time_zone, await planLabelsFor(ctx, b.id, [updated]), expiryRulesOf(b));
  }

  /**
   * The owner's lists (today, what waits, a range of days): each booking with its plan's words and,
   * once its crew started it, when (one query each for the whole list).
   */
  async function listed(b: Business, rows: readonly BookingRow[], now: number): Promise<Booking[]> {
    const labels = await planLabelsFor(ctx, b.id, rows);
    const starts = await ctx.repos.crewJobs.startsOf(
      b.id,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const json = toBookingJson(r, now, b.time_zone, labels, expiryRulesOf(b));
      const started = starts.get(r.id);
      return started === undefined ? json : { ...json, startedAt: new Date(started).toISOString() };
    });
  }

  return {
    bookingsToday: async (req) => {
      const b = req.owner.business;
      const now = ctx.now();
      const today = todayIn(b.time_zone, now);
      const rows = await bookings.list(b.id, { fromDay: today, toDay: today });
      const answer = { bookings: await listed(b, rows, now) };
      // The money cards only for a business that takes deposits.
      if (!(await ctx.repos.payments.account(b.id))) return answer;
      const cents = await ctx.repos.payments.ownerFigures(b.id, localToUtcMs(today, '00:00', b.time_zone));
      return {
        ...answer,
        deposits: { takenToday: toDollars(cents.takenToday), balanceDue: toDollars(cents.balanceDue) },
      };
    },
    bookingsWaiting: async (req) => {
      const b = req.owner.business;
      const now = ctx.now();
      const { count, rows } = await bookings.waiting(b.id, WAITING_SHOWN);
      return { count, bookings: await listed(b, rows, now) };
    },
    bookings: async (req) => {
      const { from, to } = req.query;
      assertRange(from, to);
      const rows = await bookings.list(req.owner.business.id, { fromDay: from, toDay: to });
      return { bookings: await listed(req.owner.business, rows, ctx.now()) };
    },
    approve: async (req) => {
      const b = req.owner.business;
      const total = req.body?.total;
      // At an adjusted price: the customer is asked first (docs/decisions/026).
      if (total !== undefined) {
        const proposedCents = toCents(total);
        const proposal = await proposePrice(b, req.params.id, proposedCents, req.body?.reason ?? '');
        if (proposal) return proposal;
      }
      const { booking } = await decide(b, req.params.id, 'approved', async (trx, _before, after, now) =>
        mailOwnerChange(
          ctx,
          trx,
          after.id,
          mails.approved(
            toMailBooking(after, b, ctx.config, await mailPlanFor(ctx, trx, after)),
            linksFor(ctx, after.id, b.id),
          ),
          now,
        ),
      );
      return booking;
    },
    decline: async (req) => {
      const b = req.owner.business;
      // The owner's words for the customer; empty means none.
      const reason = req.body?.reason || undefined;
      const { booking, added: undo } = await decide(
        b,
        req.params.id,
        'declined',
        async (trx, before, declined, now) => {
          // A paid booking declined is refunded in full, once the undo window has passed (undo takes it back).
          const left = declined.paid_cents - declined.refunded_cents;
          const due = mailDueAt(now, ctx.config.undoWindowMs);
          const after = await queueRefund(ctx, trx, declined, left, 'declined', now, due);
          // The mail waits out the undo window (domain/undo-window.ts).
          const mail = mails.declined(toMailBooking(after, b, ctx.config, await mailPlanFor(ctx, trx, after)), reason);
          const mailIds = await mailOwnerChange(ctx, trx, after.id, mail, now, due);
          return offerUndo(ctx, trx, { kind: 'decline', businessId: b.id, before, after, mailIds, now });
        },
      );
      return { ...booking, undo };
    },
  };
}
