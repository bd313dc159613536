/**
 * The owner's bookings (SPEC.md sections 2 and 7, DESIGN.md section 5):
 * GET bookings/today, GET bookings?from&to, PUT booking/approve/:id, PUT booking/decline/:id.
 * Every query is scoped by the token's business; another business's booking is simply not found.
 */
import { RangeQuery } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { manageTokenFor } from '../../domain/manage-token.ts';
import { type OwnerDecision, refuseDecision } from '../../domain/owner-decision.ts';
import { queueMail } from '../../mail/outbox.ts';
import { mails, manageLinks, toMailBooking } from '../../mail/templates.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { effectiveStatus, toBookingJson } from '../../repositories/bookings.ts';
import type { Business } from '../../repositories/businesses.ts';
import { todayIn } from './local-time.ts';

const base = '/api/business-dashboard';

export const BookingParams = z.object({
  id: z.string().uuid('That is not a booking id; use the _id of a booking from your bookings list.'),
});
type BookingParams = z.infer<typeof BookingParams>;
type Range = z.infer<typeof RangeQuery>;

export function bookingNotFound(id: string): HttpError {
  return new HttpError(404, `Booking ${id} was not found among your bookings. Reload the list and try again.`);
}

export async function dashboardBookingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', ownerGuard(ctx));
  const { bookings, businesses } = ctx.repos;

  async function business(businessId: string): Promise<Business> {
    const b = await businesses.findById(businessId);
    if (!b) throw new HttpError(404, 'Your business was not found. Log in again.');
    return b;
  }

  app.get(`${base}/bookings/today`, async (req) => {
    const b = await business(req.owner.businessId);
    const now = ctx.now();
    const today = todayIn(b.time_zone, now);
    const rows = await bookings.list(b.id, { fromDay: today, toDay: today });
    return { bookings: rows.map((r) => toBookingJson(r, now)) };
  });

  app.get(`${base}/bookings`, { schema: { querystring: RangeQuery } }, async (req) => {
    const { from, to } = req.query as Range;
    if (from && to && from > to)
      throw new HttpError(400, `The range starts (${from}) after it ends (${to}); send from on or before to.`);
    const now = ctx.now();
    const rows = await bookings.list(req.owner.businessId, { fromDay: from, toDay: to });
    return { bookings: rows.map((r) => toBookingJson(r, now)) };
  });

  async function decide(businessId: string, id: string, decision: OwnerDecision) {
    const now = ctx.now();
    const updated = await withBusinessLock(ctx.store, businessId, async (trx) => {
      const row = await bookings.find(businessId, id, trx);
      if (!row) throw bookingNotFound(id);
      const refusal = refuseDecision(
        { status: effectiveStatus(row, now), startMs: row.start_ms, day: row.day, startTime: row.start_time },
        decision,
        now,
      );
      if (refusal) throw new HttpError(409, refusal);
      const next = await bookings.setStatus(trx, id, decision, now);
      const b = await businesses.findById(businessId, trx);
      if (!b) throw new HttpError(404, 'Your business was not found. Log in again.');
      const mail =
        decision === 'approved'
          ? mails.approved(
              toMailBooking(next, b),
              manageLinks(ctx.config.publicUrl, manageTokenFor(ctx.config.jwtSecret, id), businessId),
            )
          : mails.declined(toMailBooking(next, b));
      await queueMail(trx, mail, now);
      return next;
    });
    ctx.mail.kick();
    return toBookingJson(updated, now);
  }

  app.put(`${base}/booking/approve/:id`, { schema: { params: BookingParams } }, async (req) =>
    decide(req.owner.businessId, (req.params as BookingParams).id, 'approved'),
  );
  app.put(`${base}/booking/decline/:id`, { schema: { params: BookingParams } }, async (req) =>
    decide(req.owner.businessId, (req.params as BookingParams).id, 'declined'),
  );
}
