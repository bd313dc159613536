/**
 * A card on file (issue 43 item 4; docs/decisions/046). With the customer's consent at booking,
 * Stripe saves the card on the owner's account (a deposit's Checkout with setup_future_usage, or a
 * setup-mode Checkout when nothing is due); the signed webhook stores its ids, brand and last four
 * per client. A plan visit's invoice is then charged to it off-session after commit (the charge
 * queued in the issuing transaction: invoice-messages.ts queueCardCharge), and only the
 * payment_intent.succeeded webhook records the payment. A decline, told by the SDK's answer or by
 * payment_intent.payment_failed, whichever comes first, mails the customer the pay link and the
 * owner a notice, once (a conditional move of the charge row).
 */
import { toDollars } from '@slotwise/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import { type Tx, withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { cardDeclinedOwnerMail } from '../mail/templates.ts';
import { type SavedCard, StripeKeyRefused, StripeRequestRefused } from '../payments/stripe.ts';
import type { Business } from '../repositories/businesses.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import type { CardChargeRow, SavedCardRow } from '../repositories/saved-cards.ts';
import { cardLabel } from './card-label.ts';
import { sendInvoiceAfterCharge } from './invoice-messages.ts';
import { dueCentsOf, recordCardPayment, stateOf } from './invoice-payments.ts';
import { stripeKeysOf } from './payments.ts';

/** The card as the API answers it (never Stripe's ids). */
export function savedCardJson(card: SavedCardRow | undefined) {
  if (!card) return null;
  return {
    label: cardLabel(card),
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    savedAt: new Date(card.created_at).toISOString(),
  };
}

/**
 * A completed Checkout Session that saved a card (its metadata says so; the booking's own consent
 * is checked too): the card is read from Stripe, then stored for the booking's client under the
 * business's lock, once per event (a replay of an old event never brings back a removed card).
 */
export async function saveCardFromSession(
  ctx: AppContext,
  business: Business,
  keys: { secretKey: string },
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  log: FastifyBaseLogger,
): Promise<void> {
  const bookingId = session.metadata?.booking_id ?? session.client_reference_id;
  const intentOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));
  const setupIntent = intentOf(session.setup_intent);
  const paymentIntent = intentOf(session.payment_intent);
  const from = setupIntent ? { setupIntent } : paymentIntent ? { paymentIntent } : null;
  if (!bookingId || !from) return;
  const booking = await ctx.repos.bookings.byId(bookingId);
  if (!booking || booking.business_id !== business.id || booking.save_card !== 1) {
    log.warn({ eventId: event.id, bookingId }, 'a card saved for a booking that did not ask for it; not kept');
    return;
  }
  let card: SavedCard | null;
  try {
    card = await ctx.payments.savedCardOf(keys, from);
  } catch (err) {
    // Stripe delivers the event again until it is answered 2xx: the card is kept on a later try.
    log.warn({ err: (err as Error).message, bookingId }, 'the saved card could not be read from Stripe');
    throw new AppError('PAYMENT_UNAVAILABLE', 'Stripe could not be reached to read the saved card; deliver again.');
  }
  if (!card) return;
  const saved = card;
  await withBusinessLock(ctx.store, business.id, async (trx) => {
    const now = ctx.now();
    // The deposit's own handling took the event's id; the card takes a name of its own.
    if (
      !(await ctx.repos.payments.firstSight(
        trx,
        { id: `${event.id}:card`, businessId: business.id, type: 'card.saved' },
        now,
      ))
    )
      return;
    // The client is linked under the lock when the booking is made; read it again here.
    const row = await ctx.repos.bookings.byId(bookingId, trx);
    if (!row?.client_id) return;
    await ctx.repos.savedCards.save(trx, {
      business_id: business.id,
      client_id: row.client_id,
      customer: saved.customer,
      payment_method: saved.paymentMethod,
      brand: saved.brand,
      last4: saved.last4,
      exp_month: saved.expMonth,
      exp_year: saved.expYear,
      booking_id: row.id,
      created_at: now,
    });
  });
  log.info({ bookingId }, 'card saved on file');
}

/** The words a decline is told with; Stripe's own code stays in the log. */
function declineReason(code: string): string {
  if (code === 'authentication_required') return 'the bank asked the customer to confirm it themselves';
  if (code === 'expired_card') return 'the card has expired';
  if (code === 'insufficient_funds') return 'not enough funds';
  if (code === 'stripe_disconnected') return 'Stripe is no longer connected in Settings, Payments';
  if (code === 'refused') return 'Stripe refused the charge; the card may no longer be usable';
  return 'declined by the bank';
}

/**
 * A charge that will not go through: once (whoever moves the row first: the worker's answer or
 * the payment_failed webhook), the customer gets the invoice with its pay link, saying the card
 * was declined, and the owner a notice.
 */
export async function chargeDeclined(
  ctx: AppContext,
  charge: Pick<CardChargeRow, 'id' | 'business_id' | 'invoice_id'>,
  code: string,
  paymentIntent: string | null,
): Promise<void> {
  await withBusinessLock(ctx.store, charge.business_id, async (trx) => {
    const now = ctx.now();
    const moved = await ctx.repos.savedCards.move(
      trx,
      charge.id,
      ['queued', 'sent'],
      'declined',
      { last_error: code, ...(paymentIntent ? { payment_intent: paymentIntent } : {}) },
      now,
    );
    if (!moved) return;
    const invoice = await ctx.repos.invoices.byId(charge.business_id, charge.invoice_id, trx);
    const row = await ctx.repos.savedCards.charge(charge.id, trx);
    if (!invoice || !row) return;
    const label = cardLabel(await cardOfCharge(ctx, row, trx));
    await sendInvoiceAfterCharge(ctx, trx, invoice, now, { declined: { card: label } });
    const booking = await ctx.repos.bookings.find(invoice.business_id, invoice.booking_id, trx);
    const parties = await ctx.repos.businesses.mailParties(invoice.business_id, invoice.booking_id, trx);
    if (booking && parties.owner)
      await queueMail(
        trx,
        cardDeclinedOwnerMail({
          to: parties.owner,
          bookingId: booking.id,
          customerName: `${booking.first_name} ${booking.last_name}`.trim(),
          number: invoice.number,
          due: toDollars(row.amount_cents),
          card: label,
          reason: declineReason(code),
        }),
        now,
      );
  });
  ctx.mail.kick();
}

/** The card a charge was sent to, as saved (its row may have been removed or replaced since: then its brand is unknown). */
async function cardOfCharge(ctx: AppContext, charge: CardChargeRow, trx: Tx) {
  const invoice = await ctx.repos.invoices.byId(charge.business_id, charge.invoice_id, trx);
  const booking = invoice && (await ctx.repos.bookings.find(charge.business_id, invoice.booking_id, trx));
  const card = booking?.client_id
    ? await ctx.repos.savedCards.of(charge.business_id, booking.client_id, trx)
    : undefined;
  return card?.payment_method === charge.payment_method ? card : { brand: '', last4: '' };
}

/**
 * payment_intent.succeeded for one of our charges (metadata charge_id): the payment recorded once
 * (its intent id is the payment's unique session id), the charge marked, and the receipt mailed.
 */
export async function chargeSucceeded(
  ctx: AppContext,
  business: Business,
  event: Stripe.Event,
  intent: Stripe.PaymentIntent,
  log: FastifyBaseLogger,
): Promise<void> {
  const chargeId = intent.metadata?.charge_id ?? '';
  const invoiceId = intent.metadata?.invoice_id ?? '';
  await withBusinessLock(ctx.store, business.id, async (trx) => {
    const now = ctx.now();
    // Whose charge first, then the event recorded as seen: an event id is unique per Stripe account,
    // which two businesses may share (routes/webhooks.ts invoicePaid says why).
    const invoice = await ctx.repos.invoices.byId(business.id, invoiceId, trx);
    const charge = await ctx.repos.savedCards.charge(chargeId, trx);
    if (!invoice || charge?.business_id !== business.id || charge.invoice_id !== invoice.id) {
      log.warn({ eventId: event.id, paymentIntent: intent.id }, 'Stripe event for a charge we did not make; ignored');
      return;
    }
    if (!(await ctx.repos.payments.firstSight(trx, { id: event.id, businessId: business.id, type: event.type }, now)))
      return;
    const amount = intent.amount_received || intent.amount;
    const recorded = await recordCardPayment(
      ctx,
      trx,
      invoice,
      { id: intent.id, paymentIntent: intent.id, totalCents: amount, tipCents: 0 },
      now,
    );
    await ctx.repos.savedCards.move(
      trx,
      charge.id,
      ['queued', 'sent', 'declined'],
      'succeeded',
      { payment_intent: intent.id },
      now,
    );
    if (recorded !== 'recorded') return;
    const fresh = (await ctx.repos.invoices.byId(business.id, invoice.id, trx)) ?? invoice;
    const label = cardLabel(await cardOfCharge(ctx, charge, trx));
    await sendInvoiceAfterCharge(ctx, trx, fresh, now, { charged: { card: label, amount: toDollars(amount) } });
  });
  ctx.mail.kick();
}

/** After the first failed try: 1 minute, then 5, 30, 2 hours; then the customer pays by the link. */
const BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000];

/**
 * Sends one claimed charge (payments/worker.ts), its row id as Stripe's Idempotency-Key: a retry,
 * or a second instance, never charges twice. What is due is read again first: a payment recorded
 * meanwhile, or a void, cancels the charge (and the invoice goes by mail as it stands).
 */
export async function sendCardCharge(ctx: AppContext, charge: CardChargeRow, log: FastifyBaseLogger): Promise<void> {
  const invoice = await ctx.repos.invoices.byId(charge.business_id, charge.invoice_id);
  const due = invoice ? dueCentsOf(await stateOf(ctx, ctx.db, invoice)) : 0;
  if (!invoice || due !== charge.amount_cents) {
    const cancelled = await withBusinessLock(ctx.store, charge.business_id, (trx) =>
      ctx.repos.savedCards
        .move(trx, charge.id, ['queued'], 'cancelled', { last_error: 'what is due changed' }, ctx.now())
        .then(async (moved) => {
          if (moved && invoice && due > 0) await sendInvoiceAfterCharge(ctx, trx, invoice, ctx.now(), {});
          return moved;
        }),
    );
    if (cancelled) log.info({ chargeId: charge.id, dueCents: due }, 'card charge cancelled: what is due changed');
    ctx.mail.kick();
    return;
  }
  const keys = await stripeKeysOf(ctx, charge.business_id);
  if (!keys) return chargeDeclined(ctx, charge, 'stripe_disconnected', null);
  try {
    const outcome = await ctx.payments.chargeCard(
      keys,
      {
        customer: charge.customer,
        paymentMethod: charge.payment_method,
        amountCents: charge.amount_cents,
        invoiceId: invoice.id,
        chargeId: charge.id,
        description: `Invoice #${invoice.number}`,
      },
      charge.id,
    );
    if (outcome.status === 'declined') {
      log.info({ chargeId: charge.id, code: outcome.code }, 'card on file declined; pay link mailed');
      return chargeDeclined(ctx, charge, outcome.code, outcome.paymentIntent);
    }
    await withBusinessLock(ctx.store, charge.business_id, (trx) =>
      ctx.repos.savedCards.move(
        trx,
        charge.id,
        ['queued'],
        'sent',
        { payment_intent: outcome.paymentIntent },
        ctx.now(),
      ),
    );
    log.info({ chargeId: charge.id, amountCents: charge.amount_cents }, 'card on file charged; awaiting the webhook');
  } catch (err) {
    const why = (err as Error).message;
    if (err instanceof StripeRequestRefused || err instanceof StripeKeyRefused || charge.attempts > BACKOFF_MS.length) {
      log.warn({ chargeId: charge.id, why }, 'card charge refused; pay link mailed');
      return chargeDeclined(ctx, charge, 'refused', null);
    }
    const wait = BACKOFF_MS[Math.min(charge.attempts - 1, BACKOFF_MS.length - 1)]!;
    await ctx.repos.savedCards.retry(charge.id, why, ctx.now() + wait);
    log.warn({ chargeId: charge.id, why, retryInMs: wait }, 'card charge not sent; will retry');
  }
}

/**
 * Removes a client's card (the owner, or the customer from their manage link; `check` refuses
 * first, under the lock), then asks Stripe to detach it after commit: a failure there is logged,
 * never undoing the removal. CARD_NOT_SAVED when there is none.
 */
export async function removeSavedCard(
  ctx: AppContext,
  businessId: string,
  clientId: string | null,
  log: FastifyBaseLogger,
  check: (trx: Tx) => Promise<void> = async () => {},
): Promise<SavedCardRow> {
  const removed = await withBusinessLock(ctx.store, businessId, async (trx) => {
    await check(trx);
    const card = clientId ? await ctx.repos.savedCards.of(businessId, clientId, trx) : undefined;
    if (!card || !clientId || !(await ctx.repos.savedCards.remove(trx, businessId, clientId)))
      throw new AppError(
        'CARD_NOT_SAVED',
        'No card is saved with this business for this client; there is nothing to remove.',
      );
    return card;
  });
  const keys = await stripeKeysOf(ctx, businessId).catch(() => undefined);
  if (keys)
    await ctx.payments
      .detachCard(keys, removed.payment_method)
      .catch((err) => log.warn({ err: (err as Error).message }, 'the removed card could not be detached in Stripe'));
  return removed;
}
