/**
 * The customer's manage links (docs/product.md#reschedule-and-cancel-pages): read the
 * booking, move it to another free slot, or cancel it. The rules of the link (it stops
 * working once the booking is cancelled, declined or has started; the change cut-off)
 * are in domain/manage-link.ts; a move must leave a travelling owner time to drive.
 */

import { crewsFor } from '@slotwise/shared/crews';
import { isIsoDate } from '@slotwise/shared/time';
import type { AppContext } from '../../context.ts';
import { isOverlapViolation } from '../../db/errors.ts';
import { type Tx, withBusinessLock } from '../../db/transaction.ts';
import { mailCustomerAndOwner, mailPlanFor, toMailBooking } from '../../domain/booking-mail.ts';
import { bookingPageUrl } from '../../domain/booking-page.ts';
import { bookingWindowOf } from '../../domain/booking-window.ts';
import { assignCrew, checkCrewSlot, crewsOf } from '../../domain/crews.ts';
import { loadBusiness } from '../../domain/lookup.ts';
import { assertChangeAllowed, bookingForToken, managedBooking } from '../../domain/manage-link.ts';
import { hashManageToken, linksFor } from '../../domain/manage-token.ts';
import { queueRefund, refundOnCancel } from '../../domain/payments.ts';
import { locationOf } from '../../domain/places.ts';
import { heldStatus } from '../../domain/plans.ts';
import { adjustedLines, PRICE_WITHDRAWN } from '../../domain/price-change.ts';
import { assertVersion, intervalOf, SLOT_TAKEN } from '../../domain/slot-rules.ts';
import { noteFreedTime } from '../../domain/waitlist.ts';
import { AppError } from '../../errors.ts';
import { type MailMessage, mails } from '../../mail/templates.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { Handlers } from '../register.ts';

export function manageHandlers(
  ctx: AppContext,
): Handlers<'customer', 'managedBooking' | 'reschedule' | 'cancel' | 'bookingPageLink' | 'answerPriceChange'> {
  const { calendar, bookings } = ctx.repos;
  return {
    // "Book again" where a link no longer works: the token finds its business even once used or past.
    bookingPageLink: async (req) => {
      const { token, businessId } = req.query;
      const row = token ? await ctx.repos.manageTokens.findBooking(hashManageToken(token)) : undefined;
      const id = row?.business_id ?? businessId;
      const business = id ? await ctx.repos.businesses.findById(id) : undefined;
      const url = business ? bookingPageUrl(ctx.config.publicUrl, business.slug) : null;
      if (!business || !url)
        throw new AppError(
          'BUSINESS_NOT_FOUND',
          'No booking page is known for this link; contact the business directly.',
        );
      return { businessName: business.name ?? '', url };
    },

    managedBooking: async (req) => {
      const row = await bookingForToken(ctx, req.query.token);
      // Past the cut-off the booking is still shown, with why it can no longer change and whom to ask.
      return managedBooking(ctx, row, await loadBusiness(ctx, row.business_id));
    },

    reschedule: async (req) => {
      const { token, newDateTime } = req.body;
      const [day, time] = newDateTime.split('T') as [string, string];
      if (!isIsoDate(day))
        throw new AppError('VALIDATION_FAILED', `${day} is not a real date. Send the new time as YYYY-MM-DDTHH:MM.`);
      const before = await bookingForToken(ctx, token);
      const business = await loadBusiness(ctx, before.business_id);
      await assertChangeAllowed(ctx, before, business);
      const crews = crewsFor(await crewsOf(ctx, business), before.service_id);
      const span = checkCrewSlot(
        crews,
        business.time_zone,
        day,
        time,
        before.duration_min,
        ctx.now(),
        bookingWindowOf(business),
        business.time_format,
      );
      try {
        const moved = await withBusinessLock(ctx.store, business.id, async (trx) => {
          const now = ctx.now();
          // Re-read under the lock: the owner may have declined it, or the customer cancelled it in another tab.
          const row = await bookingForToken(ctx, token, trx);
          await assertChangeAllowed(ctx, row, business, trx);
          assertVersion(row, req.body.version, business.time_format);
          // Its own crew keeps it when free there; else the free crew that drives least.
          const crew = await assignCrew(ctx, trx, business, {
            day,
            span: intervalOf(span),
            location: locationOf(row),
            crews,
            preferred: row.crew_id,
            ignoreBookingId: row.id,
            // Another customer's hold is in a customer's way (docs/decisions/035).
            holds: { now },
          });
          let next = await calendar.moveBooking(trx, row.id, { ...span, crew_id: crew.id }, now);
          // The time it left, offered to that day's waiting list (docs/decisions/056).
          if (row.status !== 'needs_time' && row.start_ms !== next.start_ms)
            await noteFreedTime(trx, row, 'moved', now);
          // A plan's visit whose day was taken takes the time its customer chose.
          if (row.status === 'needs_time') {
            const plan = row.plan_id ? await ctx.repos.plans.find(business.id, row.plan_id, trx) : undefined;
            next = await bookings.setStatus(trx, row.id, plan ? heldStatus(plan) : 'pending', now);
          }
          const mail = toMailBooking(next, business, ctx.config, await mailPlanFor(ctx, trx, next));
          await mailCustomerAndOwner(
            ctx,
            trx,
            business.id,
            mails.rescheduled(mail, linksFor(ctx, row.id, business.id, token)),
            (owner) => mails.ownerNotice(owner, mail, 'rescheduled'),
            now,
            row.id,
          );
          return next;
        });
        ctx.mail.kick();
        return managedBooking(ctx, moved, business);
      } catch (err) {
        if (isOverlapViolation(err)) throw new AppError('SLOT_TAKEN', SLOT_TAKEN);
        throw err;
      }
    },

    // An adjusted price (docs/decisions/026): accepted, the booking is approved at it; declined, cancelled.
    answerPriceChange: async (req) => {
      const { token } = req.query;
      const waiting = async (row: BookingRow) => {
        if (row.price_state === 'withdrawn') throw new AppError('BOOKING_NOT_CHANGEABLE', PRICE_WITHDRAWN);
        if (row.price_state !== 'proposed' || row.status !== 'pending')
          throw new AppError(
            'BOOKING_NOT_CHANGEABLE',
            'No new price is waiting for your answer on this booking; it may have been answered already.',
          );
      };
      if (!req.body.accept) {
        await callOffByLink(
          ctx,
          token,
          'cancelled',
          async (trx, row, business) => {
            const next = await bookings.answerPrice(trx, row.id, { state: 'declined' }, ctx.now());
            const mail = toMailBooking(next, business, ctx.config);
            return { customer: mails.cancelled(mail), notice: (owner) => mails.priceDeclined(owner, mail) };
          },
          waiting,
          true,
        );
        return { message: 'You declined the new price; your booking is cancelled.' };
      }
      const before = await bookingForToken(ctx, token);
      await waiting(before);
      const business = await loadBusiness(ctx, before.business_id);
      await withBusinessLock(ctx.store, business.id, async (trx) => {
        const now = ctx.now();
        const row = await bookingForToken(ctx, token, trx);
        await waiting(row);
        const next = await bookings.answerPrice(
          trx,
          row.id,
          {
            state: 'accepted',
            totalCents: row.price_proposed_cents ?? row.total_cents,
            quoteLines: adjustedLines(row),
          },
          now,
        );
        const mail = toMailBooking(next, business, ctx.config, await mailPlanFor(ctx, trx, next));
        await mailCustomerAndOwner(
          ctx,
          trx,
          business.id,
          mails.approved(mail, linksFor(ctx, row.id, business.id, token)),
          (owner) => mails.priceAccepted(owner, mail),
          now,
          row.id,
        );
      });
      ctx.mail.kick();
      return { message: 'You accepted the new price; your booking is confirmed.' };
    },

    cancel: async (req) => {
      await callOffByLink(ctx, req.query.token, 'cancelled', async (trx, next, business) => {
        const mail = toMailBooking(next, business, ctx.config, await mailPlanFor(ctx, trx, next));
        return { customer: mails.cancelled(mail), notice: (owner) => mails.ownerNotice(owner, mail, 'cancelled') };
      });
      return { message: 'Your booking has been cancelled.' };
    },
  };
}

/**
 * The customer calls a booking off from its manage link: cancelled, or a plan's visit skipped
 * (routes/customer/plans.ts). Checked before and again under the business's lock (the link, the
 * change cut-off, and the caller's own `check`), the booking takes `status`, the business's refund
 * policy gives back what it gives (as the cancel page showed it, domain/payments.ts), and the
 * customer and the owner get the mails `mailsOf` writes from the booking as it is then.
 * `ownersChange`: the owner's new price declined (docs/decisions/026): the change cut-off does not
 * hold the customer to it, and whatever was paid is refunded in full.
 */
export async function callOffByLink(
  ctx: AppContext,
  token: string,
  status: 'cancelled' | 'skipped',
  mailsOf: (
    trx: Tx,
    row: BookingRow,
    business: Business,
  ) => Promise<{ customer: MailMessage; notice: (owner: string) => MailMessage }>,
  check: (row: BookingRow, from?: Tx) => Promise<unknown> = async () => {},
  ownersChange = false,
): Promise<void> {
  const before = await bookingForToken(ctx, token);
  await check(before);
  const business = await loadBusiness(ctx, before.business_id);
  if (!ownersChange) await assertChangeAllowed(ctx, before, business);
  await withBusinessLock(ctx.store, business.id, async (trx) => {
    const now = ctx.now();
    const row = await bookingForToken(ctx, token, trx);
    if (!ownersChange) await assertChangeAllowed(ctx, row, business, trx);
    await check(row, trx);
    const changed = await ctx.repos.bookings.setStatus(trx, row.id, status, now);
    // Its time, offered to the day's waiting list (docs/decisions/056), queued with the change.
    await noteFreedTime(trx, row, 'cancelled', now);
    const refund = ownersChange ? changed.paid_cents - changed.refunded_cents : refundOnCancel(changed, business, now);
    const next = await queueRefund(ctx, trx, changed, refund, 'cancelled', now);
    const { customer, notice } = await mailsOf(trx, next, business);
    await mailCustomerAndOwner(ctx, trx, business.id, customer, notice, now, row.id);
  });
  ctx.mail.kick();
  ctx.paymentWorker.kick();
}
