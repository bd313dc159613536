/**
 * POST /api/customer/checkout (docs/decisions/021): the Stripe Checkout page where the customer
 * pays the deposit of a booking awaiting payment, or of a plan's visit that carries one
 * (docs/decisions/022). Asked twice (a double click, a reload), it answers the same page: the
 * session is kept per booking, and Stripe is asked with one idempotency key per booking (per
 * visit and half-day), so two requests at once get one session too. The amount is the one fixed
 * when the booking was made, whatever the owner changed since. When Stripe cannot be reached a
 * held booking's hold is released at once, so the customer is never left holding a time they
 * cannot pay for; a visit keeps its time and may try again.
 */
import { formatClockRange } from '@slotwise/shared/clock';
import { longDate } from '@slotwise/shared/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bookingPageUrl } from '../../domain/booking-page.ts';
import { loadBusiness } from '../../domain/lookup.ts';
import { PAYMENT_UNAVAILABLE, releaseHold, stripeKeysOf, visitDepositDue } from '../../domain/payments.ts';
import { AppError } from '../../errors.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { PaymentRow } from '../../repositories/payments.ts';
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
 * A visit's deposit may be paid any time before it, so its session cannot be fixed from the
 * booking's creation. Time is cut into half-days (UTC): a session made in one ends 23 hours after
 * the half-day began, 11 to 23 hours after it was made, inside Stripe's 30 minutes to 24 hours
 * wherever in the half-day it is asked for. (A whole day cannot work: one end would have to be
 * both 24 hours after its first instant at most and 30 minutes after its last at least.) The key
 * names the half-day and the visit's version, so the parameters under one key never change.
 */
const VISIT_WINDOW_MS = 12 * 3_600_000;
const VISIT_SESSION_ENDS_AFTER_WINDOW_MS = 23 * 3_600_000;
const windowOf = (ms: number) => Math.floor(ms / VISIT_WINDOW_MS) * VISIT_WINDOW_MS;
const visitSessionEnd = (createdMs: number) => windowOf(createdMs) + VISIT_SESSION_ENDS_AFTER_WINDOW_MS;

const VISIT_PAYMENT_UNAVAILABLE =
  'We could not reach the payment service, so nothing was charged; your visit keeps its time. Try again in a few minutes.';

/**
 * Where Stripe sends the customer back: the business's booking page, which shows the booking's
 * state. Every business that could connect Stripe has one (a slug comes with its name); the
 * home page stands in should one ever lack it.
 */
function returnUrl(ctx: AppContext, business: Business, bookingId: string, outcome: 'paid' | 'cancelled' | 'card') {
  const page = bookingPageUrl(ctx.config.publicUrl, business.slug) ?? `${ctx.config.publicUrl}/`;
  return `${page}?booking=${bookingId}&payment=${outcome}`;
}

async function giveUp(ctx: AppContext, row: BookingRow, log: FastifyBaseLogger, err: unknown): Promise<never> {
  if (row.status !== 'awaiting_payment') {
    log.warn({ err, bookingId: row.id }, "checkout of a visit's deposit could not be started");
    throw new AppError('PAYMENT_UNAVAILABLE', VISIT_PAYMENT_UNAVAILABLE);
  }
  log.warn({ err, bookingId: row.id }, 'checkout could not be started; hold released');
  await releaseHold(ctx, row.id, row.business_id);
  throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE);
}

/** The booking's deposit is to be paid now, or the reason it is not. */
function assertPaymentDue(ctx: AppContext, row: BookingRow): void {
  const now = ctx.now();
  if (row.status === 'expired' || (row.status === 'awaiting_payment' && (row.hold_until ?? 0) <= now))
    throw new AppError(
      'HOLD_EXPIRED',
      'The 15 minutes to pay the deposit have passed and the time was released; nothing was charged. Pick a time and book again.',
    );
  if (row.status === 'awaiting_payment' || visitDepositDue(row, now)) return;
  if (row.plan_id !== null && row.deposit_cents > 0 && row.paid_cents >= row.deposit_cents)
    throw new AppError('PAYMENT_NOT_DUE', "This visit's deposit is paid already; nothing more is due online.");
  if (row.plan_id !== null && row.deposit_cents > row.paid_cents && row.start_ms <= now)
    throw new AppError(
      'PAYMENT_NOT_DUE',
      'This visit has started, so its deposit can no longer be paid online; settle it with the business on the day.',
    );
  throw new AppError('PAYMENT_NOT_DUE', `This booking is not waiting for a payment (it is ${row.status}).`);
}

/** The stored session still to be used: open, and for a visit not yet past the end Stripe was given. */
function usable(row: BookingRow, kept: PaymentRow, now: number): boolean {
  if (kept.status !== 'open') return false;
  return row.status === 'awaiting_payment' || now < visitSessionEnd(Number(kept.created_at));
}

/**
 * The Stripe Checkout page for the deposit of this booking (a held one, or a plan's visit);
 * `businessId`: the business it must belong to (the booking page's Pay button).
 */
export async function startCheckout(
  ctx: AppContext,
  bookingId: string,
  log: FastifyBaseLogger,
  businessId?: string,
): Promise<string> {
  const { payments } = ctx.repos;
  const row = await ctx.repos.bookings.byId(bookingId);
  if (!row || (businessId !== undefined && row.business_id !== businessId))
    throw new AppError('BOOKING_NOT_FOUND', `No booking has the id ${bookingId}; book again.`);
  if (wantsCardSetup(ctx, row)) return startCardSetup(ctx, row, log);
  assertPaymentDue(ctx, row);
  const now = ctx.now();
  const kept = await payments.checkoutOf(row.id);
  if (kept && usable(row, kept, now)) return kept.session_url;

  const business = await loadBusiness(ctx, row.business_id);
  const keys = await stripeKeysOf(ctx, business.id).catch((err) => giveUp(ctx, row, log, err));
  if (!keys) return giveUp(ctx, row, log, new Error('Stripe was disconnected'));
  const held = row.status === 'awaiting_payment';
  // A visit's earlier session has ended (by its time, or Stripe said so); make sure it can never
  // be paid once it is no longer the one kept.
  if (kept?.status === 'open')
    await ctx.payments
      .expireCheckout(keys, kept.session_id)
      .catch((err) => log.warn({ err: (err as Error).message, bookingId: row.id }, 'could not end an earlier session'));
  const when = `${longDate(row.day)}, ${formatClockRange(row.start_time, row.end_time, business.time_format)}`;
  const session = await ctx.payments
    .createCheckout(
      keys,
      {
        businessName: business.name ?? 'Deposit',
        serviceName: row.service_name,
        description: `${row.service_name} with ${business.name ?? 'us'}, ${when}`,
        amountCents: row.deposit_cents - row.paid_cents,
        customerEmail: row.customer_email,
        bookingId: row.id,
        successUrl: returnUrl(ctx, business, row.id, 'paid'),
        cancelUrl: returnUrl(ctx, business, row.id, 'cancelled'),
        // A deposit's card is kept when the customer agreed at booking (docs/decisions/046).
        saveCard: row.save_card === 1,
        expiresAt: Math.floor(
          (held ? row.created_at + SESSION_ENDS_AFTER_BOOKING_MS : windowOf(now) + VISIT_SESSION_ENDS_AFTER_WINDOW_MS) /
            1000,
        ),
      },
      held
        ? `checkout-${row.id}`
        : `checkout-${row.id}-v${row.version}-${new Date(windowOf(now)).toISOString().slice(0, 13)}`,
    )
    .catch((err) => giveUp(ctx, row, log, err));
  const fresh = {
    booking_id: row.id,
    business_id: business.id,
    session_id: session.id,
    session_url: session.url,
    amount_cents: row.deposit_cents - row.paid_cents,
    livemode: session.livemode ? 1 : 0,
    status: 'open' as const,
    created_at: now,
  };
  if (held || !kept) await payments.saveCheckout(fresh);
  else await payments.replaceCheckout(fresh);
  return (await payments.checkoutOf(row.id))?.session_url ?? session.url;
}

/**
 * No deposit due, and the customer agreed at booking to keep their card (docs/decisions/046): a
 * booking to come that Stripe can save a card for, with nothing to pay now.
 */
function wantsCardSetup(ctx: AppContext, row: BookingRow): boolean {
  return (
    row.save_card === 1 &&
    (row.status === 'pending' || row.status === 'approved') &&
    row.start_ms > ctx.now() &&
    !visitDepositDue(row, ctx.now())
  );
}

/**
 * The setup-mode Checkout page where the customer gives the card to keep (a SetupIntent; nothing
 * is charged). One page per booking: the idempotency key names the booking, and the parameters
 * never change (no expiry is sent: Stripe's default, 24 hours), so a double click or a reload
 * answers the same page.
 */
async function startCardSetup(ctx: AppContext, row: BookingRow, log: FastifyBaseLogger): Promise<string> {
  const business = await loadBusiness(ctx, row.business_id);
  const keys = await stripeKeysOf(ctx, business.id);
  if (!keys)
    throw new AppError('PAYMENTS_NOT_CONNECTED', `${business.name ?? 'This business'} takes no cards online just now.`);
  try {
    const session = await ctx.payments.createSetupCheckout(
      keys,
      {
        businessName: business.name ?? 'Slotwise',
        bookingId: row.id,
        customerEmail: row.customer_email,
        successUrl: returnUrl(ctx, business, row.id, 'card'),
        cancelUrl: returnUrl(ctx, business, row.id, 'cancelled'),
      },
      `card-setup-${row.id}`,
    );
    return session.url;
  } catch (err) {
    log.warn({ err, bookingId: row.id }, 'the page to save a card could not be started');
    throw new AppError(
      'PAYMENT_UNAVAILABLE',
      'We could not reach the payment service, so no card was saved; your booking stands. Try again in a few minutes.',
    );
  }
}

export function checkoutHandlers(ctx: AppContext): Handlers<'customer', 'checkout'> {
  return {
    checkout: async (req) => ({ url: await startCheckout(ctx, req.body.bookingId, req.log) }),
  };
}
