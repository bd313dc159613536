/**
 * The owner's calendar writes (SPEC.md sections 2 and 7, DESIGN.md section 5):
 * dragging a booking to a new time, and blocked times (list, create, move, delete).
 * Every write runs under the per-business lock and re-checks overlaps inside it.
 *
 * Rules chosen here:
 * - A booking moves only while pending or approved, only to a future time, wholly
 *   inside the target day's business hours, and onto nothing pending, approved or blocked.
 * - A blocked time may lie anywhere in the day (the dialog offers 00:00-23:59, and
 *   blocking closed hours is harmless) and may overlap other blocked times, but never
 *   a pending or approved booking: decline or move the booking first.
 */
import { randomUUID } from 'node:crypto';
import { BlockedTimeMoveRequest, BlockedTimeRequest, RangeQuery, RescheduleByOwnerRequest } from '@slotwise/shared/api';
import { DEFAULT_BLOCK_TITLE } from '@slotwise/shared/domain';
import { type Interval, localToUtcMs, nextDay, utcMsToLocal, wallTimeExists, weekdayOf } from '@slotwise/shared/slots';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type Tx, withBusinessLock } from '../../db/transaction.ts';
import { manageTokenFor } from '../../domain/manage-token.ts';
import { queueMail } from '../../mail/outbox.ts';
import { mails, manageLinks, toMailBooking } from '../../mail/templates.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { effectiveStatus, toBookingJson } from '../../repositories/bookings.ts';
import type { Business } from '../../repositories/businesses.ts';
import {
  assertInsideHours,
  type BlockedRow,
  describeConflict,
  isOverlapViolation,
  MAX_BLOCK_MS,
  toBlockedJson,
} from '../../repositories/calendar.ts';
import { hoursOn } from '../customer/common.ts';

const base = '/api/business-dashboard';

const BlockedParams = z.object({
  id: z.string().uuid('That is not a blocked time id; use the _id of a blocked time from the calendar.'),
});
type BlockedParams = z.infer<typeof BlockedParams>;

function bookingNotFound(id: string): HttpError {
  return new HttpError(404, `Booking ${id} was not found among your bookings. Reload the calendar and try again.`);
}
function blockedNotFound(id: string): HttpError {
  return new HttpError(404, `Blocked time ${id} was not found in your calendar. Reload the calendar and try again.`);
}

/** Parses and checks a blocked time's ISO start and end. */
function blockSpan(startTime: string, endTime: string): Interval {
  const span = { startMs: Date.parse(startTime), endMs: Date.parse(endTime) };
  if (span.endMs <= span.startMs) throw new HttpError(400, 'End time must be after start time.');
  if (span.endMs - span.startMs > MAX_BLOCK_MS)
    throw new HttpError(400, 'A blocked time can cover at most 31 days; block longer absences in parts.');
  return span;
}

export async function calendarRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // onRequest, not preHandler: an unauthenticated caller gets 401 before any body validation.
  app.addHook('onRequest', ownerGuard(ctx));
  const { calendar, bookings, businesses } = ctx.repos;

  async function business(businessId: string): Promise<Business> {
    const b = await businesses.findById(businessId);
    if (!b) throw new HttpError(404, 'Your business was not found. Log in again.');
    return b;
  }

  /** Refuses a block over a pending or approved booking, with the booking named. */
  async function assertNoBookingUnder(trx: Tx, b: Business, span: Interval) {
    const conflict = await calendar.findConflict(trx, b.id, span, { blocked: false });
    if (conflict)
      throw new HttpError(
        409,
        `That time overlaps ${describeConflict(conflict, b.time_zone)}. Move or decline the booking first, then block the time.`,
      );
  }

  app.put(`${base}/booking/reschedule`, { schema: { body: RescheduleByOwnerRequest } }, async (req) => {
    const { bookingId, newTime } = req.body as RescheduleByOwnerRequest;
    const b = await business(req.owner.businessId);
    const { day, startTime } = newTime;
    if (!wallTimeExists(day, startTime, b.time_zone))
      throw new HttpError(
        400,
        `${startTime} does not exist on ${day} in ${b.time_zone} (the clocks skip it for daylight saving). Pick another time.`,
      );
    const hours = await hoursOn(ctx, b.id, day);
    const startMs = localToUtcMs(day, startTime, b.time_zone);
    try {
      const moved = await withBusinessLock(ctx.store, b.id, async (trx) => {
        const now = ctx.now();
        const row = await bookings.find(b.id, bookingId, trx);
        if (!row) throw bookingNotFound(bookingId);
        const status = effectiveStatus(row, now);
        if (status !== 'pending' && status !== 'approved')
          throw new HttpError(409, `Only pending or approved bookings can be moved; this one is ${status}.`);
        const span = { startMs, endMs: startMs + row.duration_min * 60_000 };
        if (span.startMs <= now) throw new HttpError(409, 'That time has already passed. Pick a time in the future.');
        assertInsideHours(day, hours, b.time_zone, span, weekdayOf(day));
        const conflict = await calendar.findConflict(trx, b.id, span, { ignoreBookingId: row.id });
        if (conflict)
          throw new HttpError(409, `That time overlaps ${describeConflict(conflict, b.time_zone)}. Pick a free time.`);
        const next = await calendar.moveBooking(
          trx,
          row.id,
          {
            day,
            start_time: startTime,
            end_time: utcMsToLocal(span.endMs, b.time_zone).time,
            start_ms: span.startMs,
            end_ms: span.endMs,
          },
          now,
        );
        const links = manageLinks(ctx.config.publicUrl, manageTokenFor(ctx.config.jwtSecret, row.id), b.id);
        await queueMail(trx, mails.rescheduled(toMailBooking(next, b), links), now);
        return next;
      });
      ctx.mail.kick();
      return toBookingJson(moved, ctx.now());
    } catch (err) {
      if (isOverlapViolation(err))
        throw new HttpError(409, 'That time overlaps another booking. Reload the calendar and pick a free time.');
      throw err;
    }
  });

  app.get(`${base}/blocked-times`, { schema: { querystring: RangeQuery } }, async (req) => {
    const { from, to } = req.query as z.infer<typeof RangeQuery>;
    if (from && to && from > to)
      throw new HttpError(400, `The range starts (${from}) after it ends (${to}); send from on or before to.`);
    const b = await business(req.owner.businessId);
    const span =
      from || to
        ? {
            startMs: from ? localToUtcMs(from, '00:00', b.time_zone) : Number.MIN_SAFE_INTEGER,
            endMs: to ? localToUtcMs(nextDay(to), '00:00', b.time_zone) : Number.MAX_SAFE_INTEGER,
          }
        : undefined;
    return (await calendar.listBlocked(b.id, span)).map(toBlockedJson);
  });

  app.post(`${base}/blocked-time`, { schema: { body: BlockedTimeRequest } }, async (req, reply) => {
    const body = req.body as BlockedTimeRequest;
    const span = blockSpan(body.startTime, body.endTime);
    const b = await business(req.owner.businessId);
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
    return reply.status(201).send(toBlockedJson(row));
  });

  app.put(
    `${base}/blocked-time/:id/reschedule`,
    { schema: { params: BlockedParams, body: BlockedTimeMoveRequest } },
    async (req) => {
      const { id } = req.params as BlockedParams;
      const body = req.body as z.infer<typeof BlockedTimeMoveRequest>;
      const span = blockSpan(body.startTime, body.endTime);
      const b = await business(req.owner.businessId);
      const moved = await withBusinessLock(ctx.store, b.id, async (trx) => {
        if (!(await calendar.findBlocked(b.id, id, trx))) throw blockedNotFound(id);
        await assertNoBookingUnder(trx, b, span);
        return calendar.moveBlocked(trx, b.id, id, span);
      });
      return toBlockedJson(moved);
    },
  );

  app.delete(`${base}/blocked-time/:id`, { schema: { params: BlockedParams } }, async (req) => {
    const { id } = req.params as BlockedParams;
    if (!(await calendar.deleteBlocked(req.owner.businessId, id))) throw blockedNotFound(id);
    return { message: 'Blocked time deleted.' };
  });
}
