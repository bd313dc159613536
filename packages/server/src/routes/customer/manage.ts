/**
 * The customer's manage links (SPEC.md sections 2 and 7): read the booking, move it
 * to another free slot, or cancel it. The token in the link is the credential; it
 * stops working once the booking is cancelled, declined or has started. Past the
 * business's change cut-off the booking is still shown but no longer moves or cancels
 * (operations-rules.ts); a move must leave a travelling owner time to drive.
 */
import { CustomerRescheduleRequest, type ManagedBooking, type OkBody, TokenQuery } from '@slotwise/shared/api';
import { utcMsToLocal } from '@slotwise/shared/slots';
import { isIsoDate } from '@slotwise/shared/time';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { mails, manageLinks, toMailBooking } from '../../mail/templates.ts';
import { HttpError } from '../../plugins/errors.ts';
import { rateLimit } from '../../plugins/rate-limits.ts';
import { isOverlapViolation } from '../../repositories/calendar.ts';
import { bookingForToken, checkSlot, hoursOn, loadBusiness, mailCustomerAndOwner, SLOT_TAKEN } from './common.ts';
import { assertChangeAllowed, assertTravelFits, locationOf, managedBooking } from './operations-rules.ts';

export async function manageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { calendar, bookings } = ctx.repos;
  const limit = { rateLimit: rateLimit(ctx, 'manage') };

  app.get('/api/customer/booking', { schema: { querystring: TokenQuery }, config: limit }, async (req) => {
    const { token } = req.query as z.infer<typeof TokenQuery>;
    const row = await bookingForToken(ctx, token);
    const business = await loadBusiness(ctx, row.business_id);
    // Past the cut-off the booking is still shown, with why it can no longer change and whom to ask.
    return managedBooking(ctx, row, business);
  });

  app.put(
    '/api/customer/reschedule',
    { schema: { body: CustomerRescheduleRequest }, config: limit },
    async (req): Promise<ManagedBooking> => {
      const { token, newDateTime } = req.body as z.infer<typeof CustomerRescheduleRequest>;
      const [day, time] = newDateTime.split('T') as [string, string];
      if (!isIsoDate(day))
        throw new HttpError(400, `${day} is not a real date. Send the new time as YYYY-MM-DDTHH:MM.`);
      const before = await bookingForToken(ctx, token);
      const business = await loadBusiness(ctx, before.business_id);
      await assertChangeAllowed(ctx, before, business);
      const hours = await hoursOn(ctx, business.id, day);
      const slot = checkSlot(business, hours, day, time, before.duration_min, ctx.now());
      try {
        const moved = await withBusinessLock(ctx.store, business.id, async (trx) => {
          const now = ctx.now();
          // Re-read under the lock: the owner may have declined it, or the customer cancelled it in another tab.
          const row = await bookingForToken(ctx, token, trx);
          await assertChangeAllowed(ctx, row, business, trx);
          if (await calendar.findConflict(trx, business.id, slot, { ignoreBookingId: row.id }))
            throw new HttpError(409, SLOT_TAKEN);
          await assertTravelFits(
            ctx,
            trx,
            business,
            { day, hours, span: slot, location: locationOf(row) },
            { ignoreBookingId: row.id },
          );
          const next = await calendar.moveBooking(
            trx,
            row.id,
            {
              day,
              start_time: time,
              end_time: utcMsToLocal(slot.endMs, business.time_zone).time,
              start_ms: slot.startMs,
              end_ms: slot.endMs,
            },
            now,
          );
          const mail = toMailBooking(next, business);
          await mailCustomerAndOwner(
            ctx,
            trx,
            business.id,
            mails.rescheduled(mail, manageLinks(ctx.config.publicUrl, token, business.id)),
            (owner) => mails.ownerNotice(owner, mail, 'rescheduled'),
            now,
          );
          return next;
        });
        ctx.mail.kick();
        return managedBooking(ctx, moved, business);
      } catch (err) {
        if (isOverlapViolation(err)) throw new HttpError(409, SLOT_TAKEN);
        throw err;
      }
    },
  );

  app.delete(
    '/api/customer/confirm-cancel',
    { schema: { querystring: TokenQuery }, config: limit },
    async (req): Promise<OkBody> => {
      const { token } = req.query as z.infer<typeof TokenQuery>;
      const before = await bookingForToken(ctx, token);
      const business = await loadBusiness(ctx, before.business_id);
      await assertChangeAllowed(ctx, before, business);
      await withBusinessLock(ctx.store, business.id, async (trx) => {
        const now = ctx.now();
        const row = await bookingForToken(ctx, token, trx);
        await assertChangeAllowed(ctx, row, business, trx);
        const next = await bookings.setStatus(trx, row.id, 'cancelled', now);
        const mail = toMailBooking(next, business);
        await mailCustomerAndOwner(
          ctx,
          trx,
          business.id,
          mails.cancelled(mail),
          (owner) => mails.ownerNotice(owner, mail, 'cancelled'),
          now,
        );
      });
      ctx.mail.kick();
      return { message: 'Your booking has been cancelled.' };
    },
  );
}
