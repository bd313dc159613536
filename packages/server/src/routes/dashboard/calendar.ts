/**
 * The owner's calendar writes (docs/product.md#calendar): dragging a booking to a new
 * time, and blocked times (list, create, move, delete). Every write runs under the
 * per-business lock (docs/decisions/003) and re-checks overlaps inside it.
 *
 * Rules chosen here:
 * - A booking moves only while pending or approved, only to a future time, wholly
 *   inside the target day's hours of the crew it goes to, and onto nothing of that crew's
 *   pending or approved, nor a blocked time. Dropped on another crew's column it goes to
 *   that crew, when the crew does its service (docs/decisions/023). The owner is not held
 *   to travel time (docs/decisions/008).
 * - A blocked time may lie anywhere in the day (the dialog offers 00:00-23:59, and
 *   blocking closed hours is harmless) and may overlap other blocked times, but never
 *   a pending or approved booking: decline or move the booking first.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_BLOCK_TITLE } from '@slotwise/shared/domain';
import { type Interval, nextDay } from '@slotwise/shared/slots';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { isOverlapViolation } from '../../db/errors.ts';
import { type Tx, withBusinessLock } from '../../db/transaction.ts';
import { planLabelsFor, toBlockedJson, toBookingJson } from '../../domain/answers.ts';
import { mailOwnerChange, mailPlanFor, toMailBooking } from '../../domain/booking-mail.ts';
import { placeBooking, tellMoved } from '../../domain/booking-move.ts';
import { crewForMove, crewsOf } from '../../domain/crews.ts';
import { linksFor } from '../../domain/manage-token.ts';
import { heldStatus, moveFollowing } from '../../domain/plans.ts';
import {
  assertVersion,
  assertWallTimeExists,
  blockSpan,
  calendarSpan,
  describeConflict,
} from '../../domain/slot-rules.ts';
import { effectiveStatus } from '../../domain/status.ts';
import { mailDueAt } from '../../domain/undo-window.ts';
import { AppError } from '../../errors.ts';
import { mails } from '../../mail/templates.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BlockedRow } from '../../repositories/calendar.ts';
import type { Handlers } from '../register.ts';
import { assertRange, bookingNotFound } from './bookings.ts';
import { offerUndo } from './undo.ts';

function blockedNotFound(id: string): AppError {
  return new AppError(
    'BLOCKED_TIME_NOT_FOUND',
    `Blocked time ${id} was not found in your calendar. Reload the calendar and try again.`,
  );
}

export function calendarHandlers(
  ctx: AppContext,
): Handlers<
  'dashboard',
  'rescheduleBooking' | 'blockedTimes' | 'addBlockedTime' | 'moveBlockedTime' | 'deleteBlockedTime'
> {
  const { calendar, bookings } = ctx.repos;

  /** Refuses a block over a pending or approved booking, with the booking named. */
  async function assertNoBookingUnder(trx: Tx, b: Business, span: Interval) {
    const conflict = await calendar.findConflict(trx, b.id, span, { blocked: false });
    if (conflict)
      throw new AppError(
        'TIME_OVERLAPS',
        `That time overlaps ${describeConflict(conflict, b.time_zone, b.time_format)}. Move or decline the booking first, then block the time.`,
      );
  }

  return {
    rescheduleBooking: async (req) => {
      const { bookingId, newTime } = req.body;
      const b = req.owner.business;
      const { day, startTime } = newTime;
      assertWallTimeExists(day, startTime, b.time_zone, b.time_format);
      const crews = await crewsOf(ctx, b);
      try {
        const moved = await withBusinessLock(ctx.store, b.id, async (trx) => {
          const now = ctx.now();
          const row = await bookings.find(b.id, bookingId, trx);
          if (!row) throw bookingNotFound(bookingId, 'Reload the calendar and try again.');
          const status = effectiveStatus(row, now);
          // A plan's visit whose day was taken (needs_time) is given its time here too.
          if (status !== 'pending' && status !== 'approved' && status !== 'needs_time')
            throw new AppError(
              'BOOKING_NOT_CHANGEABLE',
              `Only pending or approved bookings can be moved; this one is ${status}.`,
            );
          const plan = row.plan_id ? await ctx.repos.plans.find(b.id, row.plan_id, trx) : undefined;
          if (req.body.scope === 'following' && !plan)
            throw new AppError(
              'NOT_A_PLAN_VISIT',
              'This booking is not a visit of a plan, so there are no following visits to move; move it alone.',
            );
          assertVersion(row, req.body.version, b.time_format);
          const span = calendarSpan(day, startTime, row.duration_min, b.time_zone);
          if (span.start_ms <= now)
            throw new AppError('TIME_PASSED', 'That time has already passed. Pick a time in the future.');
          // The crew it goes to: the column it was dropped on, else the one it has (docs/decisions/023).
          const crew = crewForMove(
            crews,
            req.body.crewId ?? row.crew_id,
            row.service_id,
            req.body.crewId !== undefined,
          );
          let next = await placeBooking(ctx, trx, b, row, span, crew, now);
          if (plan && status === 'needs_time') next = await bookings.setStatus(trx, row.id, heldStatus(plan), now);
          // "This and following": the plan's day and time move from this visit on (docs/decisions/022).
          if (plan && req.body.scope === 'following') {
            const later = await moveFollowing(ctx, trx, b, plan, next, row.start_ms, now);
            for (const v of later)
              await mailOwnerChange(
                ctx,
                trx,
                v.id,
                mails.rescheduled(
                  toMailBooking(v, b, ctx.config, await mailPlanFor(ctx, trx, v)),
                  linksFor(ctx, v.id, b.id),
                ),
                now,
                mailDueAt(now, ctx.config.undoWindowMs),
              );
          }
          // The customer's mail waits out the undo window (domain/undo-window.ts). A job only given
          // to another crew at the same time tells the customer nothing new: no mail.
          const mailIds = await tellMoved(ctx, trx, b, row, next, now, mailDueAt(now, ctx.config.undoWindowMs));
          const undo = await offerUndo(ctx, trx, {
            kind: 'move',
            businessId: b.id,
            before: row,
            after: next,
            mailIds,
            now,
          });
          return { next, undo };
        });
        ctx.mail.kick();
        const labels = await planLabelsFor(ctx, b.id, [moved.next]);
        return { ...toBookingJson(moved.next, ctx.now(), b.time_zone, labels), undo: moved.undo };
      } catch (err) {
        if (isOverlapViolation(err))
          throw new AppError(
            'TIME_OVERLAPS',
            'That time overlaps another booking. Reload the calendar and pick a free time.',
          );
        throw err;
      }
    },

    blockedTimes: async (req) => {
      const { from, to } = req.query;
      assertRange(from, to);
      const b = req.owner.business;
      const span =
        from || to
          ? {
              startMs: from ? localToUtcMs(from, '00:00', b.time_zone) : Number.MIN_SAFE_INTEGER,
              endMs: to ? localToUtcMs(nextDay(to), '00:00', b.time_zone) : Number.MAX_SAFE_INTEGER,
            }
          : undefined;
      return (await calendar.listBlocked(b.id, span)).map(toBlockedJson);
    },

    addBlockedTime: async (req) => {
      const body = req.body;
      const span = blockSpan(body.startTime, body.endTime);
      const b = req.owner.business;
      const row: BlockedRow = {
        id: randomUUID(),
        business_id: b.id,
        title: body.title?.trim() || DEFAULT_BLOCK_TITLE,
        reason: body.reason,
        start_ms: span.startMs,
        end_ms: span.endMs,
        created_at: ctx.now(),
      };
      await withBusinessLock(ctx.store, b.id, async (trx) => {
        await assertNoBookingUnder(trx, b, span);
        await calendar.insertBlocked(trx, row);
      });
      return toBlockedJson(row);
    },

    moveBlockedTime: async (req) => {
      const { id } = req.params;
      const span = blockSpan(req.body.startTime, req.body.endTime);
      const b = req.owner.business;
      const moved = await withBusinessLock(ctx.store, b.id, async (trx) => {
        if (!(await calendar.findBlocked(b.id, id, trx))) throw blockedNotFound(id);
        await assertNoBookingUnder(trx, b, span);
        return calendar.moveBlocked(trx, b.id, id, span);
      });
      return toBlockedJson(moved);
    },

    deleteBlockedTime: async (req) => {
      const { id } = req.params;
      if (!(await calendar.deleteBlocked(req.owner.business.id, id))) throw blockedNotFound(id);
      return { message: 'Blocked time deleted.' };
    },
  };
}
