/**
 * POST /api/customer/checkout (docs/decisions/021): the Stripe Checkout page where the customer
 * pays the deposit of a booking awaiting payment. Asked twice (a double click, a reload), it
 * answers the same page: the session is kept per booking, and Stripe is asked with one
 * idempotency key per booking, so two requests at once get one session too. The amount is the
 * one fixed when the booking was made, whatever the owner changed since. When Stripe cannot
 * be reached the hold is released at once, so the customer is never left holding a time they
 * cannot pay for.
 */
import { formatClockRange } from '@slotwise/shared/clock';
import { longDate } from '@slotwise/shared/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bookingPageUrl } from '../../domain/booking-page.ts';
import { loadBusiness } from '../../domain/lookup.ts';
import { PAYMENT_UNAVAILABLE, releaseHold, stripeKeysOf } from '../../domain/payments.ts';
import { AppError } from '../../errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { Handlers } from '../register.ts';

/**
 * When Stripe ends the session by itself: fixed from the booking's creation, so every request
 * for it sends Stripe the same parameters under the same idempotency key (a changed one is
 * refused). Stripe wants 30 minutes to 24 hours after the session is made; a session is made
 * within the 15-minute hold, so 46 minutes after booking is always at least 30 ahead. The hold
 * itself is ended sooner, by us (payments/worker.ts).
 */
const SESSION_ENDS_AFTER_BOOKING_MS = 46 * 60_000;

/**
 * Where Stripe sends the customer back: the business's booking page, which shows the booking's
 * state. Every business that could connect Stripe has one (a slug comes with its name); the
 * home page stands in should one ever lack it.
 */
function returnUrl(ctx: AppContext, business: Business, bookingId: string, outcome: 'paid' | 'cancelled') {
  const page = bookingPageUrl(ctx.config.publicUrl, business.slug) ?? `${ctx.config.publicUrl}/`;
  return `${page}?booking=${bookingId}&payment=${outcome}`;
}

async function giveUp(ctx: AppContext, row: BookingRow, log: FastifyBaseLogger, err: unknown): Promise<never> {
  log.warn({ err, bookingId: row.id }, 'checkout could not be started; hold released');
  await releaseHold(ctx, row.id, row.business_id);
  throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE);
}

export function checkoutHandlers(ctx: AppContext): Handlers<'customer', 'checkout'> {
  const { payments } = ctx.repos;
  return {
    checkout: async (req) => {
      const { bookingId } = req.body;
      const row = await ctx.repos.bookings.byId(bookingId);
      if (!row) throw new AppError('BOOKING_NOT_FOUND', `No booking has the id ${bookingId}; book again.`);
      if (row.status === 'expired' || (row.status === 'awaiting_payment' && (row.hold_until ?? 0) <= ctx.now()))
        throw new AppError(
          'HOLD_EXPIRED',
          'The 15 minutes to pay the deposit have passed and the time was released; nothing was charged. Pick a time and book again.',
        );
      if (row.status !== 'awaiting_payment')
        throw new AppError('PAYMENT_NOT_DUE', `This booking is not waiting for a payment (it is ${row.status}).`);
      const kept = await payments.checkoutOf(row.id);
      if (kept?.status === 'open') return { url: kept.session_url };

      const business = await loadBusiness(ctx, row.business_id);
      const keys = await stripeKeysOf(ctx, business.id).catch((err) => giveUp(ctx, row, req.log, err));
      if (!keys) return giveUp(ctx, row, req.log, new Error('Stripe was disconnected'));
      const when = `${longDate(row.day)}, ${formatClockRange(row.start_time, row.end_time, business.time_format)}`;
      const session = await ctx.payments
        .createCheckout(
          keys,
          {
            businessName: business.name ?? 'Deposit',
            serviceName: row.service_name,
            description: `${row.service_name} with ${business.name ?? 'us'}, ${when}`,
            amountCents: row.deposit_cents,
            customerEmail: row.customer_email,
            bookingId: row.id,
            successUrl: returnUrl(ctx, business, row.id, 'paid'),
            cancelUrl: returnUrl(ctx, business, row.id, 'cancelled'),
            expiresAt: Math.floor((row.created_at + SESSION_ENDS_AFTER_BOOKING_MS) / 1000),
          },
          `checkout-${row.id}`,
        )
        .catch((err) => giveUp(ctx, row, req.log, err));
      await payments.saveCheckout({
        booking_id: row.id,
        business_id: business.id,
        session_id: session.id,
        session_url: session.url,
        amount_cents: row.deposit_cents,
        livemode: session.livemode ? 1 : 0,
        status: 'open',
        created_at: ctx.now(),
      });
      return { url: (await payments.checkoutOf(row.id))?.session_url ?? session.url };
    },
  };
}
