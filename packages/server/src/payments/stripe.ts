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
}

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
            metadata: { booking_id: p.bookingId },
            payment_intent_data: { description: p.description, metadata: { booking_id: p.bookingId } },
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
