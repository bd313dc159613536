/**
 * The stand-in is only worth having if the official SDK cannot tell it from Stripe, so every case here
 * goes through `stripe` itself (requests, errors, webhook verification) rather than raw HTTP where it can.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInAccount, type StripeStandIn, signPayload, startStripeStandIn } from './stand-in.ts';

const KEY = 'sk_test_51AnaPlumbingKey0000000001234';
const OTHER_KEY = 'sk_test_51BobElectricKey000000005678';
const WHSEC = 'whsec_stand_in_secret';
const ANA: StandInAccount = { secretKey: KEY, id: 'acct_ana', name: "Ana's Plumbing", email: 'ana@example.com' };

interface Hit {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A tiny webhook receiver that keeps the raw body, as a real endpoint must to verify the signature. */
async function startReceiver(): Promise<{ url: string; hits: Hit[]; server: Server }> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`, hits, server };
}

/** Webhooks Stripe sends after answering (expire) arrive a moment later; wait for them without sleeping blindly. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => expect.unreachable('the call should have failed'),
    (e: unknown) => e,
  );
}

describe('Stripe stand-in', () => {
  let stand: StripeStandIn;
  let stripe: Stripe;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const client = (key: string) =>
    new Stripe(key, { host: '127.0.0.1', port: stand.port, protocol: 'http', maxNetworkRetries: 0 });
  const sessionParams = (extra: Stripe.Checkout.SessionCreateParams = {}): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    success_url: 'https://app.test/booked?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.test/book?cancelled={CHECKOUT_SESSION_ID}',
    client_reference_id: 'booking_42',
    metadata: { booking_id: 'bk_42', business: 'ana' },
    line_items: [
      { quantity: 1, price_data: { currency: 'usd', unit_amount: 5000, product_data: { name: 'Drain unblocking' } } },
      { quantity: 2, price_data: { currency: 'usd', unit_amount: 1250, product_data: { name: 'Call-out & parts' } } },
    ],
    ...extra,
  });

  beforeAll(async () => {
    stand = await startStripeStandIn();
    stand.addAccount(ANA);
    stand.addAccount({ secretKey: OTHER_KEY, id: 'acct_bob', name: 'Bob Electric' });
    receiver = await startReceiver();
    stand.setWebhook(KEY, receiver.url, WHSEC);
    stripe = client(KEY);
  });

  afterAll(async () => {
    await stand.close();
    receiver.server.closeAllConnections();
    await new Promise((r) => receiver.server.close(r));
  });

  it('signs payloads exactly as the SDK expects', () => {
    const payload = '{"id":"evt_1"}';
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC, timestamp: 1_700_000_000 });
    expect(signPayload(payload, WHSEC, 1_700_000_000)).toBe(header);
  });

  it('retrieves the account, with Stripe headers on the answer', async () => {
    const account = await stripe.accounts.retrieveCurrent();
    expect(account).toMatchObject({
      id: 'acct_ana',
      object: 'account',
      email: 'ana@example.com',
      business_profile: { name: "Ana's Plumbing" },
      settings: { dashboard: { display_name: "Ana's Plumbing" } },
      charges_enabled: true,
    });
    expect(account.lastResponse.requestId).toMatch(/^req_/);
  });

  it('rejects an unknown key with an authentication error that masks the key', async () => {
    const bad = 'sk_test_51NotARealKeyAtAll99999';
    const e = await rejection(client(bad).accounts.retrieveCurrent());
    expect(e).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const message = (e as Stripe.errors.StripeError).message;
    expect(message).toMatch(/^Invalid API Key provided: sk_test_\*+9999$/);
    expect(message).not.toContain(bad);
  });

  it('creates a Checkout Session with totals, a hosted URL and metadata, and retrieves it', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 7500,
      currency: 'usd',
      client_reference_id: 'booking_42',
      metadata: { booking_id: 'bk_42', business: 'ana' },
      url: `${stand.url}/pay/${session.id}`,
      payment_intent: null,
      livemode: false,
    });
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
    expect(session).not.toHaveProperty('line_items');
    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again).toEqual(session);
    expect(stand.requests.at(-2)?.body).toMatchObject({
      line_items: [
        { quantity: '1', price_data: { unit_amount: '5000', product_data: { name: 'Drain unblocking' } } },
        {},
      ],
    });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it with other parameters', async () => {
    const before = stand.sessions.size;
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'k' });
    const second = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'k' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(stand.sessions.size).toBe(before + 1);
    expect(stand.requests.at(-1)?.idempotencyKey).toBe('k');
    const e = await rejection(
      stripe.checkout.sessions.create(sessionParams({ client_reference_id: 'other' }), { idempotencyKey: 'k' }),
    );
    expect(e).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    // Keys are per account: the other account may use the same one.
    const theirs = await client(OTHER_KEY).checkout.sessions.create(sessionParams(), { idempotencyKey: 'k' });
    expect(theirs.id).not.toBe(first.id);
  });

  it('validates like Stripe: success_url, expires_at, unknown parameters', async () => {
    const missing = await rejection(stripe.checkout.sessions.create(sessionParams({ success_url: undefined })));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ param: 'success_url', code: 'parameter_missing' });
    const soon = Math.floor(Date.now() / 1000) + 10 * 60;
    const early = await rejection(stripe.checkout.sessions.create(sessionParams({ expires_at: soon })));
    expect(early).toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });
    const unknown = await rejection(
      stripe.rawRequest('POST', '/v1/checkout/sessions', { ...sessionParams(), colour: 'x' }),
    );
    expect(unknown).toMatchObject({ param: 'colour', code: 'parameter_unknown' });
  });

  it('answers 404 resource_missing for an unknown session or one of another account', async () => {
    const mine = await stripe.checkout.sessions.create(sessionParams());
    for (const [key, id] of [
      [KEY, 'cs_test_nope'],
      [OTHER_KEY, mine.id],
    ]) {
      const e = await rejection(client(key).checkout.sessions.retrieve(id));
      expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(e).toMatchObject({ code: 'resource_missing', statusCode: 404 });
    }
  });

  it('pay() delivers a signed checkout.session.completed that constructEvent verifies, and rejects a tampered body', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const seen = receiver.hits.length;
    expect(await stand.pay(session.id)).toBe(200);
    const hit = receiver.hits[seen];
    expect(hit.headers['user-agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
    expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
    const header = String(hit.headers['stripe-signature']);
    const event = stripe.webhooks.constructEvent(hit.body, header, WHSEC);
    expect(event.type).toBe('checkout.session.completed');
    if (event.type !== 'checkout.session.completed') return;
    expect(event.data.object).toMatchObject({ id: session.id, payment_status: 'paid', status: 'complete' });
    expect(event.data.object.payment_intent).toMatch(/^pi_/);
    expect(event.api_version).toBe('2026-10-28.endive');

    const tampered = hit.body.replace('"amount_total": 7500', '"amount_total": 1');
    expect(tampered).not.toBe(hit.body);
    expect(() => stripe.webhooks.constructEvent(tampered, header, WHSEC)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    // A replay carries the same event, signed afresh.
    expect(await stand.deliver(stand.events.at(-1) ?? {})).toBe(200);
    const replay = receiver.hits[seen + 1];
    expect(stripe.webhooks.constructEvent(replay.body, String(replay.headers['stripe-signature']), WHSEC).id).toBe(
      event.id,
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).url).toBeNull();
  });

  it('resolves 0, without throwing, when there is no endpoint or it refuses connections', async () => {
    const noHook = await client(OTHER_KEY).checkout.sessions.create(sessionParams());
    expect(await stand.pay(noHook.id)).toBe(0);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    stand.setWebhook(OTHER_KEY, `http://127.0.0.1:${port}/hook`, WHSEC);
    const refused = await client(OTHER_KEY).checkout.sessions.create(sessionParams());
    expect(await stand.pay(refused.id)).toBe(0);
  });

  it('expires an open session, delivers checkout.session.expired, and refuses to expire it twice', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    await until(() =>
      receiver.hits.some((h) => h.body.includes('"checkout.session.expired"') && h.body.includes(session.id)),
    );
    const e = await rejection(stripe.checkout.sessions.expire(session.id));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((e as Stripe.errors.StripeError).message).toBe(
      'Only Checkout Sessions with a status in ["open"] can be expired.',
    );
  });

  it('refunds part, then the rest, then answers charge_already_refunded', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await stand.pay(session.id);
    const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    const part = await stripe.refunds.create({ payment_intent: intent, amount: 2000, metadata: { why: 'late' } });
    expect(part).toMatchObject({ object: 'refund', amount: 2000, currency: 'usd', status: 'succeeded' });
    expect(part.metadata).toEqual({ why: 'late' });
    const rest = await stripe.refunds.create({ payment_intent: intent, reason: 'requested_by_customer' });
    expect(rest).toMatchObject({ amount: 5500, payment_intent: intent, reason: 'requested_by_customer' });
    const e = await rejection(stripe.refunds.create({ payment_intent: intent }));
    expect(e).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
    expect(stand.refunds.slice(-2).map((r) => r.amount)).toEqual([2000, 5500]);
  });

  it('saves a card by setup-mode Checkout and charges it off-session, with payment_intent.succeeded', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'usd',
      success_url: 'https://app.test/saved',
      metadata: { booking_id: 'bk_7' },
    });
    expect(session).toMatchObject({ mode: 'setup', payment_status: 'no_payment_required', setup_intent: null });
    await stand.pay(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const setup = await stripe.setupIntents.retrieve(String(done.setup_intent), { expand: ['payment_method'] });
    expect(setup).toMatchObject({ object: 'setup_intent', status: 'succeeded', usage: 'off_session' });
    const pm = setup.payment_method as Stripe.PaymentMethod;
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(pm.customer).toBe(done.customer);
    const before = receiver.hits.length;
    const params = {
      amount: 4000,
      currency: 'usd',
      customer: String(done.customer),
      payment_method: pm.id,
      off_session: true,
      confirm: true,
      metadata: { invoice_id: 'inv_1' },
    };
    const pi = await stripe.paymentIntents.create(params, { idempotencyKey: 'charge-inv_1-4000' });
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 4000, payment_method: pm.id });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'charge-inv_1-4000' });
    expect(again.id).toBe(pi.id);
    await until(() => receiver.hits.length > before);
    expect(JSON.parse(receiver.hits.at(-1)!.body)).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: pi.id, metadata: { invoice_id: 'inv_1' } } },
    });
    // Detached, the card can no longer be charged.
    await stripe.paymentMethods.detach(pm.id);
    expect(await rejection(stripe.paymentIntents.create({ ...params, amount: 500 }))).toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'payment_method',
    });
  });

  it("declines pm_card_chargeDeclined's charges with Stripe's 402 card_error, its intent and payment_intent.payment_failed", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'usd',
      success_url: 'https://app.test/saved',
    });
    await stand.pay(session.id, 'pm_card_chargeDeclined');
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const setup = await stripe.setupIntents.retrieve(String(done.setup_intent));
    const before = receiver.hits.length;
    const e = await rejection(
      stripe.paymentIntents.create(
        {
          amount: 4000,
          currency: 'usd',
          customer: String(done.customer),
          payment_method: String(setup.payment_method),
          off_session: true,
          confirm: true,
        },
        { idempotencyKey: 'charge-declined' },
      ),
    );
    expect(e).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(e).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      payment_intent: { object: 'payment_intent', status: 'requires_payment_method' },
    });
    await until(() => receiver.hits.length > before);
    expect(JSON.parse(receiver.hits.at(-1)!.body)).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: { object: { last_payment_error: { code: 'card_declined' } } },
    });
  });

  it('refuses a refund larger than what is left, and one for an unknown intent', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await stand.pay(session.id);
    const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    const e = await rejection(stripe.refunds.create({ payment_intent: intent, amount: 99_999 }));
    expect(e).toMatchObject({ code: 'amount_too_large', statusCode: 400 });
    expect((e as Stripe.errors.StripeError).message).toBe(
      'Refund amount ($999.99) is greater than unrefunded amount on charge ($75.00)',
    );
    const unknown = await rejection(stripe.refunds.create({ payment_intent: 'pi_missing' }));
    expect(unknown).toMatchObject({ code: 'resource_missing', param: 'payment_intent' });
  });

  it('answers 500 api_error while down', async () => {
    stand.down = true;
    try {
      const e = await rejection(stripe.accounts.retrieveCurrent());
      expect(e).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(e).toMatchObject({ statusCode: 500, message: 'An unknown error occurred' });
    } finally {
      stand.down = false;
    }
  });

  it('serves the hosted page, whose Pay button completes the session and redirects to success_url', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const page = await fetch(String(session.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('request-id')).toMatch(/^req_/);
    const html = await page.text();
    expect(html).toContain('Ana&#39;s Plumbing');
    expect(html).toContain('Call-out &amp; parts');
    expect(html).toContain('<button type="submit">Pay $75.00</button>');
    expect(html).toContain(`href="https://app.test/book?cancelled=${session.id}">Back</a>`);

    const seen = receiver.hits.length;
    const paid = await fetch(`${stand.url}/pay/${session.id}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://app.test/booked?session=${session.id}`);
    expect(receiver.hits.length).toBe(seen + 1);
    expect(stand.sessions.get(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });

    const gone = await fetch(`${stand.url}/pay/${session.id}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This Checkout Session is no longer available.');
  });

  it('answers an unknown route with a Stripe-shaped 404', async () => {
    const res = await fetch(`${stand.url}/v1/nothing`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});
