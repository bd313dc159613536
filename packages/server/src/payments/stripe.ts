/**
 * The payment provider: Stripe, through its official SDK, with each business's own keys
 * (docs/decisions/021). Tests point it at a stand-in on loopback (STRIPE_API_URL;
 * test/stripe/stand-in.ts) that speaks Stripe's documented JSON and signs webhooks as Stripe
 * does. Every call that changes money carries an idempotency key, so a retry never charges or
 * refunds twice. Errors leave here as three kinds only: the key was refused, Stripe could not
 * be used just now, or it refused this request for good; none carries the key.
 */
import type Stripe from 'stripe';

type Sdk = typeof import('stripe').default;
/**
 * The SDK is loaded on the first Stripe call, not at start-up: importing it takes about 150 ms,
 * which every instance (and every business that takes no deposit) would pay for nothing.
 */
let loading: Promise<Sdk> | undefined;
const sdk = () => (loading ??= import('stripe').then((m) => m.default));

interface StripeKeys {
  secretKey: string;
}

interface CheckoutParams {
  businessName: string;
  serviceName: string;
  description: string;
  amountCents: number;
  customerEmail: string;
  bookingId: string;
  successUrl: string;
  cancelUrl: string;
  /** Epoch seconds; Stripe wants 30 minutes to 24 hours from now. */
  expiresAt: number;
  /** The customer agreed to keep the card for the business's later visits (docs/decisions/046). */
  saveCard?: boolean;
}

/** A Checkout Session that only saves a card, with the customer's consent, when no deposit is due (docs/decisions/046). */
interface SetupCheckoutParams {
  businessName: string;
  bookingId: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/** What is kept of a card Stripe saved: its ids and what a person recognises it by. */
export interface SavedCard {
  customer: string;
  paymentMethod: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

interface ChargeParams {
  customer: string;
  paymentMethod: string;
  amountCents: number;
  invoiceId: string;
  chargeId: string;
  description: string;
}

/** An off-session charge: taken (the webhook records it), or declined by the card (the customer pays by link). */
type ChargeOutcome =
  | { status: 'succeeded' | 'processing'; paymentIntent: string }
  | { status: 'declined'; paymentIntent: string | null; code: string };

/** An invoice's Checkout (docs/decisions/045): what is due as "Invoice #N", and the tip as a line of its own. */
interface InvoiceCheckoutParams {
  invoiceId: string;
  number: number;
  businessName: string;
  dueCents: number;
  tipCents: number;
  /** '' when the booking has none: Stripe's page then asks for it. */
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/** How far a webhook's signature time may be from our clock, either way: Stripe's default, 5 minutes. */
const SIGNATURE_TOLERANCE_S = 300;

/** The `t=` of a `Stripe-Signature` header (`t=<epoch seconds>,v1=<hex>,...`), read once constructEvent has checked it. */
function signedAtSeconds(header: string): number | undefined {
  const t = header.split(',').find((part) => part.startsWith('t='));
  const seconds = Number(t?.slice(2));
  return Number.isInteger(seconds) ? seconds : undefined;
}

export class StripeKeyRefused extends Error {}
class StripeUnavailable extends Error {}
/** Stripe refused the request itself (a refund of more than is left, say): sending it again changes nothing. */
export class StripeRequestRefused extends Error {}

export interface PaymentGateway {
  account(keys: StripeKeys): Promise<{ id: string; name: string; livemode: boolean }>;
  createCheckout(
    keys: StripeKeys,
    params: CheckoutParams,
    idempotencyKey: string,
  ): Promise<{ id: string; url: string; livemode: boolean }>;
  createInvoiceCheckout(
    keys: StripeKeys,
    params: InvoiceCheckoutParams,
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }>;
  createSetupCheckout(
    keys: StripeKeys,
    params: SetupCheckoutParams,
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }>;
  /** The card a completed session saved (its SetupIntent's or PaymentIntent's), or null when none was. */
  savedCardOf(keys: StripeKeys, from: { setupIntent: string } | { paymentIntent: string }): Promise<SavedCard | null>;
  /** Charges a saved card off-session, confirmed at once. */
  chargeCard(keys: StripeKeys, params: ChargeParams, idempotencyKey: string): Promise<ChargeOutcome>;
  /** Detaches a removed card from its Customer, so the owner's account can never charge it again. */
  detachCard(keys: StripeKeys, paymentMethod: string): Promise<void>;
  /** Ends an open Checkout Session so it can no longer be paid; false when it was no longer open. */
  expireCheckout(keys: StripeKeys, sessionId: string): Promise<boolean>;
  refund(
    keys: StripeKeys,
    params: { paymentIntent: string; amountCents: number; bookingId: string; note: string | null },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /**
   * The event, when the signature matches the raw body and the secret and was made within
   * SIGNATURE_TOLERANCE_S of our clock, before or after; else throws.
   */
  verifyEvent(rawBody: Buffer, signature: string, webhookSecret: string): Promise<Stripe.Event>;
}

/** Stripe's own words stay in our log; the owner and customer get ours. */
function classify(Stripe: Sdk, err: unknown): Error {
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError)
    return new StripeKeyRefused(`Stripe refused the key (${err.type})`);
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeIdempotencyError)
    return new StripeRequestRefused(`Stripe refused the request (${err.code ?? err.type}: ${err.message})`);
  if (err instanceof Stripe.errors.StripeError)
    return new StripeUnavailable(`Stripe answered ${err.statusCode ?? 'nothing'} (${err.type}: ${err.message})`);
  return new StripeUnavailable(`Stripe could not be reached (${(err as Error)?.message ?? err})`);
}

export function stripeGateway(apiUrl: string | undefined): PaymentGateway {
  const base = apiUrl ? new URL(apiUrl) : undefined;
  const client = (Stripe: Sdk, keys: StripeKeys) =>
    new Stripe(keys.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'Slotwise' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  let verifier: Stripe | undefined;
  const call = async <T>(run: (Stripe: Sdk) => Promise<T>): Promise<T> => {
    const Stripe = await sdk();
    try {
      return await run(Stripe);
    } catch (err) {
      throw classify(Stripe, err);
    }
  };
  return {
    account: (keys) =>
      call(async (Stripe) => {
        const a = await client(Stripe, keys).accounts.retrieveCurrent();
        const name = a.settings?.dashboard?.display_name || a.business_profile?.name || a.email || a.id;
        return { id: a.id, name, livemode: keys.secretKey.includes('_live_') };
      }),
    createCheckout: (keys, p, idempotencyKey) =>
      call(async (Stripe) => {
        const s = await client(Stripe, keys).checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: p.bookingId,
            customer_email: p.customerEmail,
            metadata: { booking_id: p.bookingId, ...(p.saveCard ? { save_card: '1' } : {}) },
            // With consent, Stripe keeps the card on a Customer of the owner's account for later
            // off-session charges (https://docs.stripe.com/payments/checkout/save-during-payment).
            ...(p.saveCard ? { customer_creation: 'always' as const } : {}),
            payment_intent_data: {
              description: p.description,
              metadata: { booking_id: p.bookingId, ...(p.saveCard ? { save_card: '1' } : {}) },
              ...(p.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: p.amountCents,
                  product_data: { name: `Deposit: ${p.serviceName}`, description: p.description },
                },
              },
            ],
            success_url: p.successUrl,
            cancel_url: p.cancelUrl,
            expires_at: p.expiresAt,
          },
          { idempotencyKey },
        );
        if (!s.url) throw new Error('Stripe answered a Checkout Session without a url');
        return { id: s.id, url: s.url, livemode: s.livemode };
      }),
    createInvoiceCheckout: (keys, p, idempotencyKey) =>
      call(async (Stripe) => {
        const line = (name: string, cents: number) => ({
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: cents, product_data: { name } },
        });
        // The webhook tells an invoice's session from a deposit's by metadata.invoice_id, and reads the tip from it.
        const metadata = { invoice_id: p.invoiceId, tip_cents: String(p.tipCents) };
        const s = await client(Stripe, keys).checkout.sessions.create(
          {
            mode: 'payment',
            ...(p.customerEmail ? { customer_email: p.customerEmail } : {}),
            metadata,
            payment_intent_data: { description: `${p.businessName}: invoice #${p.number}`, metadata },
            line_items: [
              line(`Invoice #${p.number}`, p.dueCents),
              ...(p.tipCents > 0 ? [line('Tip', p.tipCents)] : []),
            ],
            success_url: p.successUrl,
            cancel_url: p.cancelUrl,
          },
          { idempotencyKey },
        );
        if (!s.url) throw new Error('Stripe answered a Checkout Session without a url');
        return { id: s.id, url: s.url };
      }),
    createSetupCheckout: (keys, p, idempotencyKey) =>
      call(async (Stripe) => {
        // Setup mode makes the Customer itself; the webhook reads the card from the SetupIntent.
        const metadata = { booking_id: p.bookingId, save_card: '1' };
        const s = await client(Stripe, keys).checkout.sessions.create(
          {
            mode: 'setup',
            currency: 'usd',
            client_reference_id: p.bookingId,
            ...(p.customerEmail ? { customer_email: p.customerEmail } : {}),
            metadata,
            setup_intent_data: { description: `${p.businessName}: card kept for later visits`, metadata },
            success_url: p.successUrl,
            cancel_url: p.cancelUrl,
          },
          { idempotencyKey },
        );
        if (!s.url) throw new Error('Stripe answered a Checkout Session without a url');
        return { id: s.id, url: s.url };
      }),
    savedCardOf: (keys, from) =>
      call(async (Stripe) => {
        const stripe = client(Stripe, keys);
        const intent =
          'setupIntent' in from
            ? await stripe.setupIntents.retrieve(from.setupIntent, { expand: ['payment_method'] })
            : await stripe.paymentIntents.retrieve(from.paymentIntent, { expand: ['payment_method'] });
        const pm = intent.payment_method;
        const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
        if (!pm || typeof pm === 'string' || !pm.card || !customer) return null;
        return {
          customer,
          paymentMethod: pm.id,
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        };
      }),
    chargeCard: (keys, p, idempotencyKey) =>
      call(async (Stripe): Promise<ChargeOutcome> => {
        try {
          const pi = await client(Stripe, keys).paymentIntents.create(
            {
              amount: p.amountCents,
              currency: 'usd',
              customer: p.customer,
              payment_method: p.paymentMethod,
              off_session: true,
              confirm: true,
              description: p.description,
              metadata: { invoice_id: p.invoiceId, charge_id: p.chargeId },
            },
            { idempotencyKey },
          );
          const status = String(pi.status);
          if (status === 'succeeded' || status === 'processing') return { status, paymentIntent: pi.id };
          return { status: 'declined' as const, paymentIntent: pi.id, code: pi.status };
        } catch (err) {
          // A decline, or a bank that wants the customer present (authentication_required): the
          // customer pays by the link instead (https://docs.stripe.com/payments/save-and-reuse).
          if (err instanceof Stripe.errors.StripeCardError)
            return {
              status: 'declined' as const,
              paymentIntent: err.payment_intent?.id ?? null,
              code: err.code ?? 'card_declined',
            };
          throw err;
        }
      }),
    detachCard: (keys, paymentMethod) =>
      call(async (Stripe) => {
        try {
          await client(Stripe, keys).paymentMethods.detach(
            paymentMethod,
            {},
            { idempotencyKey: `detach-${paymentMethod}` },
          );
        } catch (err) {
          // Detached already (or gone): nothing more to do.
          if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
          throw err;
        }
      }),
    expireCheckout: (keys, sessionId) =>
      call(async (Stripe) => {
        try {
          await client(Stripe, keys).checkout.sessions.expire(sessionId);
          return true;
        } catch (err) {
          // Paid or expired already: nothing to end.
          if (err instanceof Stripe.errors.StripeInvalidRequestError) return false;
          throw err;
        }
      }),
    refund: (keys, p, idempotencyKey) =>
      call(async (Stripe) => {
        const r = await client(Stripe, keys).refunds.create(
          {
            payment_intent: p.paymentIntent,
            amount: p.amountCents,
            metadata: { booking_id: p.bookingId, ...(p.note ? { note: p.note } : {}) },
          },
          { idempotencyKey },
        );
        return { id: r.id };
      }),
    verifyEvent: async (rawBody, signature, webhookSecret) => {
      verifier ??= new (await sdk())('sk_test_unused', {});
      const receivedAt = Date.now();
      const event = verifier.webhooks.constructEvent(
        rawBody,
        signature,
        webhookSecret,
        SIGNATURE_TOLERANCE_S,
        undefined,
        receivedAt,
      );
      // constructEvent refuses a signature too old, never one from the future: a captured
      // delivery signed ahead (a skewed or forged clock) would replay for as long as it is ahead.
      const signedAt = signedAtSeconds(signature);
      if (signedAt === undefined || signedAt - receivedAt / 1000 > SIGNATURE_TOLERANCE_S)
        throw new Error('Stripe-Signature timestamp is outside the tolerance zone (in the future)');
      return event;
    },
  };
}
