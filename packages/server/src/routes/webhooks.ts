/**
 * POST /api/webhooks/twilio (docs/decisions/027): replies to a business's Twilio number, below.
 *
 * POST /api/webhooks/stripe/:businessId (docs/decisions/021): Stripe's events for one business,
 * signed with the webhook signing secret the owner saved. The signature is checked against the
 * body exactly as it arrived (the official SDK's constructEvent), so the body is kept raw, and its
 * time must be within 5 minutes of ours either way (payments/stripe.ts verifyEvent).
 *
 * Each event is handled once: its id is recorded in the same transaction as what it changes,
 * so a replay, or a second delivery racing the first, changes nothing. Events only move a
 * booking forward (awaiting payment -> paid), so one arriving late or out of order is harmless:
 * a session expired after it was paid stays paid. A payment that arrives after its hold was
 * released takes the time if it is still free, and is refunded in full if it is not. A plan
 * visit's deposit (docs/decisions/022) is recorded on the visit, whose status stays; one paid
 * for a visit no longer held (cancelled, skipped) is refunded in full.
 */
import { TWILIO_ACCOUNT_SID } from '@slotwise/shared/api';
import { confirmationOf, confirmsAutomatically, serviceConfirmationOf } from '@slotwise/shared/confirmation';
import { formatPhone, toE164 } from '@slotwise/shared/phone';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import { isOverlapViolation } from '../db/errors.ts';
import { withBusinessLock } from '../db/transaction.ts';
import { mailReceived } from '../domain/booking-mail.ts';
import { twilioBox } from '../domain/booking-texts.ts';
import { recordCardPayment } from '../domain/invoice-payments.ts';
import { queueRefund, releaseHold, stripeKeysOf } from '../domain/payments.ts';
import { paymentNotice, queuePush } from '../domain/push.ts';
import { chargeDeclined, chargeSucceeded, saveCardFromSession } from '../domain/saved-cards.ts';
import { AppError } from '../errors.ts';
import { readBodiesOf } from '../plugins/body-limit.ts';
import type { Business } from '../repositories/businesses.ts';
import { signatureMatches } from '../texts/twilio.ts';
import type { Handlers } from './register.ts';

/** Where Twilio must post replies to a business's number (Settings > Notifications shows it). */
export const TWILIO_WEBHOOK_PATH = '/api/webhooks/twilio';

/** What Stripe's and Twilio's deliveries may weigh: the API's own limit (app.ts); theirs are a few KB. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** Stripe's call reads JSON keeping the bytes as they came, for the signature (plugins/body-limit.ts). */
function rawJson(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  readBodiesOf(app, 'application/json', WEBHOOK_BODY_LIMIT, (req, body, done) => {
    rawBodies.set(req, body);
    json(req, body.toString('utf8'), done);
  });
}

const BAD_SIGNATURE =
  "The Stripe-Signature does not match this business's webhook signing secret. Copy the endpoint's signing secret from Stripe into Settings, Payments.";

type Session = Stripe.Checkout.Session;

/**
 * The stored checkout a session pays for. A plan visit's session is replaced once it has ended
 * (routes/customer/checkout.ts), so a payment made just before its end whose event comes late
 * is found by the booking Stripe was given (client_reference_id): the payment is still recorded.
 */
async function checkoutPaidBy(ctx: AppContext, business: Business, session: Session) {
  const { payments } = ctx.repos;
  const stored = await payments.checkoutBySession(session.id);
  if (stored) return stored.business_id === business.id ? { checkout: stored, displaced: null } : undefined;
  const bookingId = session.client_reference_id;
  const current = bookingId ? await payments.checkoutOf(bookingId) : undefined;
  if (!current || current.business_id !== business.id) return undefined;
  return { checkout: current, displaced: current.session_id };
}

async function paid(
  ctx: AppContext,
  business: Business,
  keys: { secretKey: string },
  event: Stripe.Event,
  session: Session,
  log: FastifyBaseLogger,
) {
  const { payments, bookings, calendar } = ctx.repos;
  const found = await checkoutPaidBy(ctx, business, session);
  if (!found) {
    log.warn(
      { eventId: event.id, sessionId: session.id },
      'Stripe event for a Checkout Session we did not make; ignored',
    );
    return;
  }
  const { checkout, displaced } = found;
  const amount = session.amount_total ?? checkout.amount_cents;
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  /** `lost`: the time was found taken on a first try, so this try refunds without looking again. */
  const act = (lost: boolean) =>
    withBusinessLock(ctx.store, business.id, async (trx) => {
      const now = ctx.now();
      if (!(await payments.firstSight(trx, { id: event.id, businessId: business.id, type: event.type }, now))) return;
      const row = await bookings.byId(checkout.booking_id, trx);
      // Paid already: the same payment told twice under two event ids.
      if (!row || row.paid_cents > 0) {
        if (row && displaced)
          log.warn(
            { bookingId: row.id, sessionId: session.id },
            'a second deposit payment for a visit paid already; refund it in Stripe',
          );
        return;
      }
      await payments.markCheckout(trx, row.id, {
        status: 'paid',
        payment_intent: intent,
        paid_at: now,
        ...(displaced ? { session_id: session.id } : {}),
      });
      // The owner's "payment received" push (docs/decisions/052): only from here, Stripe's signed
      // word, once per event (its id is the push's event key).
      await queuePush(
        trx,
        paymentNotice(
          {
            businessId: business.id,
            bookingId: row.id,
            customer: `${row.first_name} ${row.last_name}`.trim(),
            cents: amount,
            what: `the deposit for ${row.service_name}`,
          },
          event.id,
          now,
        ),
        now,
      );
      if (row.plan_id !== null && (row.status === 'pending' || row.status === 'approved')) {
        // A plan visit's deposit, paid before the visit (docs/decisions/022): it held its time
        // all along, so its status and mails stay as they are.
        await bookings.markPaid(trx, row.id, { cents: amount }, now);
        return;
      }
      const free =
        row.status === 'awaiting_payment' ||
        (row.status === 'expired' &&
          !lost &&
          !(await calendar.findConflict(
            trx,
            business.id,
            { startMs: row.start_ms, endMs: row.end_ms },
            { crewId: row.crew_id },
          )));
      if (!free) {
        const kept = await bookings.markPaid(trx, row.id, { cents: amount }, now);
        await queueRefund(ctx, trx, kept, amount, 'slot_lost', now);
        log.warn(
          { bookingId: row.id, status: row.status },
          'paid after its hold was released and the time was taken, or for a visit no longer held; refunded in full',
        );
        return;
      }
      // Approved when the owner approves paid bookings at once, or confirms this service's automatically
      // (a deposit comes first either way: docs/product.md#confirming-bookings).
      const service = row.service_id ? await ctx.repos.services.find(business.id, row.service_id, trx) : undefined;
      const automatic = confirmsAutomatically(
        confirmationOf(business.auto_confirm),
        service ? serviceConfirmationOf(service.auto_confirm) : undefined,
      );
      const status = business.approve_paid === 1 || automatic ? 'approved' : 'pending';
      const next = await bookings.markPaid(trx, row.id, { cents: amount, status }, now);
      await mailReceived(ctx, trx, next, business, undefined, now);
    });
  try {
    await act(false);
  } catch (err) {
    // Taken between the check and the write (the database's guard): refund rather than double book.
    if (!isOverlapViolation(err)) throw err;
    await act(true);
  }
  ctx.mail.kick();
  ctx.paymentWorker.kick();
  // The session that had replaced the one paid must not take a second payment.
  if (displaced)
    await ctx.payments
      .expireCheckout(keys, displaced)
      .catch((err) =>
        log.warn({ err: (err as Error).message, bookingId: checkout.booking_id }, 'could not end a replaced session'),
      );
}

/**
 * An invoice's session paid (docs/decisions/045): its card payment, with its tip, recorded once
 * per session under the business's lock with the event's id, and the invoice marked paid once
 * nothing is due. The invoice must be this business's; a session for a void invoice (voided
 * while the customer was paying) is recorded all the same, since the money arrived: the owner
 * refunds it.
 */
async function invoicePaid(
  ctx: AppContext,
  business: Business,
  event: Stripe.Event,
  session: Session,
  invoiceId: string,
  log: FastifyBaseLogger,
) {
  const tip = Number(session.metadata?.tip_cents ?? 0);
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const outcome = await withBusinessLock(ctx.store, business.id, async (trx) => {
    const now = ctx.now();
    // Whose invoice first, then the event recorded as seen: an event id is unique per Stripe account,
    // not per business, and one account may serve two businesses (each with its endpoint). Recorded
    // by the business it is not for, it would be "seen" when it reached the one it is for, and the
    // payment never recorded.
    const invoice = await ctx.repos.invoices.byId(business.id, invoiceId, trx);
    if (!invoice || session.amount_total === null || !Number.isSafeInteger(tip) || tip < 0) return 'unknown';
    if (!(await ctx.repos.payments.firstSight(trx, { id: event.id, businessId: business.id, type: event.type }, now)))
      return 'seen';
    if (invoice.state === 'void')
      log.warn({ invoiceId, sessionId: session.id }, 'a void invoice was paid by card; refund it');
    const recorded = await recordCardPayment(
      ctx,
      trx,
      invoice,
      { id: session.id, paymentIntent: intent, totalCents: session.amount_total, tipCents: tip },
      now,
    );
    if (recorded === 'recorded') {
      const booking = await ctx.repos.bookings.byId(invoice.booking_id, trx);
      await queuePush(
        trx,
        paymentNotice(
          {
            businessId: business.id,
            bookingId: invoice.booking_id,
            customer: booking ? `${booking.first_name} ${booking.last_name}`.trim() : 'A customer',
            cents: session.amount_total,
            what: `invoice ${invoice.number}${tip > 0 ? ' with a tip' : ''}`,
          },
          event.id,
          now,
        ),
        now,
      );
    }
    return recorded;
  });
  if (outcome === 'recorded') ctx.mail.kick();
  if (outcome === 'unknown')
    log.warn(
      { eventId: event.id, sessionId: session.id, invoiceId },
      'Stripe event for an invoice we do not know; ignored',
    );
}

/**
 * Stripe ended the session unpaid: the hold goes (a replay finds nothing left to release); a
 * plan visit keeps its time, and its next Pay makes a new session.
 */
async function expired(ctx: AppContext, business: Business, session: Session) {
  const checkout = await ctx.repos.payments.checkoutBySession(session.id);
  if (checkout?.business_id !== business.id) return;
  if (!(await releaseHold(ctx, checkout.booking_id, business.id))) await ctx.repos.payments.sessionEnded(session.id);
}

/** Twilio's own opt-out and opt-in keywords (its Advanced Opt-Out defaults). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);
const HELP_WORDS = new Set(['HELP', 'INFO']);

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
function twiml(reply: FastifyReply, message?: string) {
  return reply
    .type('text/xml; charset=utf-8')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${xml(message)}</Message>` : ''}</Response>`,
    );
}

/**
 * Twilio posts its webhooks form-encoded; the route table's calls take JSON. Twilio's call reads
 * the form (plugins/body-limit.ts) as the same fields (every value a string, as Twilio sent it), so
 * the signature is checked over exactly the parameters Twilio signed.
 */
function twilioForm(app: FastifyInstance): void {
  readBodiesOf(app, 'application/x-www-form-urlencoded', WEBHOOK_BODY_LIMIT, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8')))),
  );
}

/**
 * A reply to a business's Twilio number (docs/decisions/027): the business is the one whose Twilio
 * account (AccountSid) has the texted number (To) as its sender, or the account's only business (a
 * Messaging Service has no single number); its auth token checks X-Twilio-Signature over our public
 * webhook address and the sorted parameters. STOP records the number as opted out of the texts of
 * every business sending from that number (kept until START); HELP answers who texts and how to stop.
 */
async function twilioReply(
  ctx: AppContext,
  req: FastifyRequest<{ Body: Record<string, string> }>,
  reply: FastifyReply,
) {
  const params = req.body;
  const signature = req.headers['x-twilio-signature'];
  const box = twilioBox(ctx.config);
  // Only a well-formed Account SID is looked up: anything else (a NUL byte PostgreSQL refuses) matches no account.
  const sid = params.AccountSid;
  const accounts = sid && TWILIO_ACCOUNT_SID.test(sid) ? await ctx.repos.texts.twilioAccountBySid(sid) : [];
  // Every business that texts from the number replied to: an owner's two businesses may share one. A
  // STOP is the carrier's and Twilio's for the number, so it holds for each of them.
  const byNumber = accounts.filter((a) => a.sender === params.To);
  const senders = byNumber.length > 0 ? byNumber : accounts.length === 1 ? accounts : [];
  const url = `${ctx.config.publicUrl}${TWILIO_WEBHOOK_PATH}`;
  // Signed with the account's auth token, which each business keeps sealed under its own id.
  const account = senders.find(
    (a) =>
      box !== undefined &&
      typeof signature === 'string' &&
      signatureMatches(box.open(a.auth_token_enc, a.business_id), url, params, signature),
  );
  if (!account || !box || typeof signature !== 'string')
    throw new AppError(
      'WEBHOOK_SIGNATURE_INVALID',
      `The X-Twilio-Signature does not match. Give Twilio this webhook address exactly (${url}) and check the auth token in Settings > Notifications.`,
    );
  const from = toE164(params.From ?? '');
  const word = (params.Body ?? '').trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  const who = { businessId: account.business_id, textFrom: from ? `...${from.slice(-4)}` : null };
  if (!from) return twiml(reply);
  if (STOP_WORDS.has(word)) {
    for (const a of senders) await ctx.repos.texts.optOut(a.business_id, from, ctx.now());
    req.log.info({ ...who, businesses: senders.length }, 'text opt-out recorded');
    // Twilio answers STOP itself with its confirmation; a second message would be one too many.
    return twiml(reply);
  }
  if (START_WORDS.has(word)) {
    for (const a of senders) await ctx.repos.texts.optIn(a.business_id, from);
    req.log.info({ ...who, businesses: senders.length }, 'text opt-in recorded');
    return twiml(reply);
  }
  if (HELP_WORDS.has(word)) {
    const business = await ctx.repos.businesses.findById(account.business_id);
    const owner = business && (await ctx.repos.users.findById(business.owner_id));
    return twiml(
      reply,
      `${business?.name ?? 'This business'}: texts about your booking.${owner?.phone_number ? ` Questions? Call ${formatPhone(owner.phone_number)}.` : ''} Reply STOP to opt out.`,
    );
  }
  return twiml(reply);
}

export function webhookHandlers(ctx: AppContext): Handlers<'webhooks'> {
  return {
    twilio: {
      scope: twilioForm,
      handler: async (req, reply) => twilioReply(ctx, req, reply),
    },
    stripe: {
      scope: rawJson,
      handler: async (req) => {
        const business = await ctx.repos.businesses.findById(req.params.businessId);
        const keys = business && (await stripeKeysOf(ctx, business.id));
        const raw = rawBodies.get(req);
        const signature = req.headers['stripe-signature'];
        if (!business || !keys || !raw || typeof signature !== 'string')
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', BAD_SIGNATURE);
        let event: Stripe.Event;
        try {
          event = await ctx.payments.verifyEvent(raw, signature, keys.webhookSecret);
        } catch {
          req.log.warn({ businessId: business.id }, 'Stripe webhook with a bad signature refused');
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', BAD_SIGNATURE);
        }
        if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
          const session = event.data.object;
          const invoiceId = session.metadata?.invoice_id;
          // Not paid yet (an async payment method): its async_payment_succeeded event comes when the money does.
          if (session.payment_status === 'paid') {
            if (invoiceId) await invoicePaid(ctx, business, event, session, invoiceId, req.log);
            else await paid(ctx, business, keys, event, session, req.log);
          }
          // A card kept with the customer's consent (docs/decisions/046): a setup session's, or the deposit's card.
          const saving = session.mode === 'setup' || session.payment_status === 'paid';
          if (saving && session.metadata?.save_card === '1' && event.type === 'checkout.session.completed')
            await saveCardFromSession(ctx, business, keys, event, session, req.log);
        } else if (event.type === 'payment_intent.succeeded' && event.data.object.metadata?.charge_id) {
          // An invoice charged to the card on file (docs/decisions/046): the only proof it was paid.
          await chargeSucceeded(ctx, business, event, event.data.object, req.log);
        } else if (event.type === 'payment_intent.payment_failed' && event.data.object.metadata?.charge_id) {
          const intent = event.data.object;
          const charge = await ctx.repos.savedCards.charge(intent.metadata.charge_id ?? '');
          // Told twice (the worker's answer and this event), the decline is mailed once (chargeDeclined).
          if (charge?.business_id === business.id)
            await chargeDeclined(ctx, charge, intent.last_payment_error?.code ?? 'card_declined', intent.id);
        } else if (event.type === 'checkout.session.expired') {
          // An invoice's session ending unpaid changes nothing: the invoice stays open and its link makes another.
          await expired(ctx, business, event.data.object);
        } else {
          req.log.info({ eventId: event.id, type: event.type }, 'Stripe event not used; acknowledged');
        }
        return { received: true as const };
      },
    },
  };
}
