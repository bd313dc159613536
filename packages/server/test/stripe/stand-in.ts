/**
 * A stand-in for the slice of Stripe's API (https://docs.stripe.com/api) that Slotwise uses, so the
 * Stripe adapter (the official SDK pointed here) and the e2e journeys run with no network. It answers
 * Stripe's JSON, errors and idempotency rules, and signs webhooks exactly as Stripe does, so code that
 * passes here has been exercised against the real wire format rather than against a mock of the SDK.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInAccount {
  secretKey: string;
  id: string;
  name: string;
  email?: string;
  livemode?: boolean;
}

export interface StripeStandIn {
  url: string;
  port: number;
  addAccount(a: StandInAccount): void;
  /** Where this account's webhook events are POSTed, and the whsec_... secret they are signed with (its only endpoint). */
  setWebhook(secretKey: string, endpointUrl: string, signingSecret: string): void;
  /** When true every /v1 call answers 500 api_error (Stripe down). */
  down: boolean;
  /** Checkout Sessions by id, in Stripe's JSON shape. */
  sessions: Map<string, Record<string, unknown>>;
  refunds: Record<string, unknown>[];
  requests: { method: string; path: string; idempotencyKey?: string; body: Record<string, unknown>; key: string }[];
  /** Every event built, in order. */
  events: Record<string, unknown>[];
  /**
   * Marks an open session paid (as the hosted page's Pay button does) and delivers checkout.session.completed;
   * resolves with the webhook's HTTP status. `card`: the test card typed in, by Stripe's test payment method
   * ids (https://docs.stripe.com/testing#cards): pm_card_visa (the default) or pm_card_chargeDeclined, which
   * saves but declines every charge, as at Stripe.
   */
  pay(sessionId: string, card?: TestCard): Promise<number>;
  /** PaymentIntents by id, in Stripe's JSON shape. */
  paymentIntents: Map<string, Record<string, unknown>>;
  /** Re-delivers an event already sent (replays), signed afresh; resolves with the HTTP status. */
  deliver(event: Record<string, unknown>, secretKeyOfAccount?: string): Promise<number>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type LineItem = { name: string; currency: string; unitAmount: number; quantity: number };
/** Stripe's test payment method ids this stand-in knows. */
export type TestCard =
  | 'pm_card_visa'
  | 'pm_card_mastercard'
  | 'pm_card_chargeDeclined'
  | 'pm_card_authenticationRequired';
const TEST_CARDS: Record<TestCard, { brand: string; last4: string; decline?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341', decline: 'card_declined' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', decline: 'authentication_required' },
};
type Intent = { secretKey: string; charge: string; currency: string; amount: number; amountRefunded: number };

/** The version the installed SDK pins, so events look like the ones the adapter will really receive. */
const API_VERSION = '2026-10-28.endive';
/** Stripe rejects unknown parameters; so do we, so a typo in the adapter fails here and not in production. */
const words = (s: string) => new Set(s.split(' '));
const SESSION_PARAMS = words(
  'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency custom_fields custom_text customer customer_account customer_creation customer_email customer_update discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions phone_number_collection redirect_on_completion return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options submit_type subscription_data success_url tax_id_collection ui_mode wallet_options',
);
const REFUND_PARAMS = words(
  'amount charge currency customer expand instructions_email metadata origin payment_intent reason refund_application_fee reverse_transfer',
);
const PAYMENT_INTENT_PARAMS = words(
  'amount automatic_payment_methods capture_method confirm currency customer description error_on_requires_action expand metadata off_session payment_method payment_method_types receipt_email return_url setup_future_usage statement_descriptor',
);
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const DAY = 24 * 60 * 60;

/** A Stripe error answer. `replayable` errors are saved under an Idempotency-Key; validation errors are not, as Stripe documents. */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
    readonly replayable = false,
  ) {
    super(String(error.message));
  }
}

function invalid(message: string, param?: string, code?: string, replayable = false): StripeFailure {
  const docUrl = code && `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
  const error = { type: 'invalid_request_error', message, param, code, doc_url: docUrl };
  return new StripeFailure(400, JSON.parse(JSON.stringify(error)), replayable);
}

function unrecognized(method: string, path: string): StripeFailure {
  const message = `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
  return new StripeFailure(404, { type: 'invalid_request_error', message });
}

/** The `Stripe-Signature` header value for a payload: `t=<ts>,v1=<HMAC-SHA256 of "<ts>.<payload>">`. */
export function signPayload(payload: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Stripe-like ids; lengths match real ones (cs_ ids are long) so column-size bugs show here. */
function rid(prefix: string, length = 24): string {
  let id = prefix;
  for (const byte of randomBytes(length)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const withId = (url: string, id: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', id);
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function need(v: unknown, param: string): string {
  const s = str(v);
  if (!s) throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  return s;
}

function int(v: unknown, param: string): number {
  if (typeof v !== 'string' || !/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return Number(v);
}

/** Metadata values are strings, and an empty value unsets a key (Stripe's rule). */
const metadataOf = (v: unknown): Json =>
  isJson(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string' && x !== '')) : {};

function rejectUnknown(params: Json, known: Set<string>): void {
  const unknown = Object.keys(params).find((k) => !known.has(k));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
}

/** Parses the SDK's form encoding (`a[b][0][c]=v`) into nested objects, with `0..n` keys as arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = m ? [m[1], ...Array.from(m[2].matchAll(/\[([^[\]]*)\]/g), (x) => x[1])] : [rawKey];
    // Test code only, but a key like metadata[__proto__] must not reach Object.prototype.
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node = root;
    for (const segment of path.slice(0, -1)) {
      if (!isJson(node[segment])) node[segment] = {};
      node = node[segment] as Json;
    }
    const last = path[path.length - 1];
    node[last === '' ? String(Object.keys(node).length) : last] = value;
  }
  const arrayify = (v: unknown): unknown => {
    if (!isJson(v)) return v;
    const keys = Object.keys(v);
    const out = Object.fromEntries(keys.map((k) => [k, arrayify(v[k])]));
    return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => out[k]) : out;
  };
  const parsed = arrayify(root);
  return isJson(parsed) ? parsed : {};
}

function lineItemsOf(v: unknown): LineItem[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw invalid('Invalid array', 'line_items');
  return v.map((raw: unknown, i) => {
    const p = `line_items[${i}]`;
    const item = isJson(raw) ? raw : {};
    // The stand-in keeps no Price objects, so a price id is as unknown here as a mistyped one at Stripe.
    if (item.price !== undefined)
      throw invalid(`No such price: '${String(item.price)}'`, `${p}[price]`, 'resource_missing');
    const data = isJson(item.price_data) ? item.price_data : {};
    const currency = need(data.currency, `${p}[price_data][currency]`).toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, `${p}[price_data][currency]`);
    const product = isJson(data.product_data) ? data.product_data : {};
    const name = need(product.name, `${p}[price_data][product_data][name]`);
    const unitAmount = int(need(data.unit_amount, `${p}[price_data][unit_amount]`), `${p}[price_data][unit_amount]`);
    if (unitAmount < 0) throw invalid('Invalid non-negative integer', `${p}[price_data][unit_amount]`);
    const quantity = int(need(item.quantity, `${p}[quantity]`), `${p}[quantity]`);
    if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `${p}[quantity]`);
    return { name, currency, unitAmount, quantity };
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** One webhook POST; any failure (refused, reset, timeout, an https URL) is status 0, as a failed attempt is at Stripe. */
function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve) => {
    try {
      // No keep-alive agent: a pooled socket would hold the receiving test server open after the test.
      const req = httpRequest(url, { method: 'POST', headers, agent: false, timeout: 10_000 }, (res) => {
        res.on('end', () => resolve(res.statusCode ?? 0)).on('error', () => resolve(0));
        res.resume();
      });
      req.on('timeout', () => req.destroy()).on('error', () => resolve(0));
      req.end(body);
    } catch {
      resolve(0);
    }
  });
}

/**
 * `now`: Stripe's clock for sessions (created, expires_at), the app's test clock when the suite
 * moves time; webhook signatures always use the real clock, which the SDK checks them against.
 */
export async function startStripeStandIn(options: { now?: () => number } = {}): Promise<StripeStandIn> {
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);
  const accounts = new Map<string, StandInAccount>();
  /**
   * Each account's webhook endpoints: Stripe sends every event to each of them, each signed with its
   * own secret (several e2e businesses share one stand-in account, each with its endpoint).
   */
  const webhooks = new Map<string, { url: string; secret: string }[]>();
  // session id → internals
  const owners = new Map<
    string,
    {
      secretKey: string;
      lineItems: LineItem[];
      saveCard: boolean;
      customerCreation: boolean;
      intentMetadata: Json;
      setupMetadata: Json;
      setupDescription: string | null;
    }
  >();
  const intents = new Map<string, Intent>();
  const eventOwners = new Map<string, string>(); // event id → secret key
  const saved = new Map<string, { fingerprint: string; status: number; body: string }>();
  const inFlight = new Set<Promise<number>>();
  // Saved cards: pm id → its owner and the test card behind it; customers by id → owner.
  const methods = new Map<string, { secretKey: string; card: TestCard; customer: string | null; json: Json }>();
  const customers = new Map<string, string>();
  const setupIntents = new Map<string, { secretKey: string; json: Json }>();

  const livemode = (a: StandInAccount) => a.livemode ?? a.secretKey.startsWith('sk_live_');
  const account = (secretKey: string) => accounts.get(secretKey) ?? { secretKey, id: 'acct_unknown', name: '' };

  function buildEvent(type: string, object: Json, secretKey: string, request?: Json): Json {
    const event = {
      id: rid('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: livemode(account(secretKey)),
      pending_webhooks: webhooks.get(secretKey)?.length ?? 0,
      request: request ?? { id: null, idempotency_key: null },
      type,
    };
    stand.events.push(event);
    eventOwners.set(event.id, secretKey);
    return event;
  }

  /** Delivers to every endpoint of the account; resolves with the first refusal's HTTP status, else the first's. */
  async function deliver(event: Json, secretKeyOfAccount?: string): Promise<number> {
    const hooks = webhooks.get(secretKeyOfAccount ?? eventOwners.get(String(event.id)) ?? '') ?? [];
    if (hooks.length === 0) return 0;
    // Stripe sends pretty-printed JSON; a receiver that re-serialises the parsed body fails to verify, as it would live.
    const payload = JSON.stringify(event, null, 2);
    const statuses = await Promise.all(
      hooks.map((hook) =>
        postWebhook(
          hook.url,
          {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signPayload(payload, hook.secret),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'content-length': String(Buffer.byteLength(payload)),
          },
          payload,
        ),
      ),
    );
    return statuses.find((status) => status < 200 || status >= 300) ?? statuses[0]!;
  }

  /** Stripe delivers after answering the API call; close() waits for these so no POST outlives the test. */
  function deliverLater(event: Json, secretKey: string): void {
    const p = deliver(event, secretKey);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  function expire(session: Json, request?: Json): void {
    const owner = owners.get(String(session.id));
    session.status = 'expired';
    session.url = null;
    if (owner) deliverLater(buildEvent('checkout.session.expired', session, owner.secretKey, request), owner.secretKey);
  }

  /** Sessions lapse at expires_at; checked whenever one is looked at rather than on a timer. */
  function lookup(id: string, secretKey?: string): Json | undefined {
    const session = stand.sessions.get(id);
    const owner = owners.get(id);
    if (!session || !owner || (secretKey !== undefined && owner.secretKey !== secretKey)) return undefined;
    if (session.status === 'open' && Number(session.expires_at) <= nowSeconds()) expire(session);
    return session;
  }

  /** A PaymentMethod made from a test card id, attached to a customer when one is given. */
  function methodFor(secretKey: string, card: TestCard, customer: string | null): Json {
    const t = TEST_CARDS[card];
    const json: Json = {
      id: rid('pm_'),
      object: 'payment_method',
      type: 'card',
      created: nowSeconds(),
      customer,
      livemode: livemode(account(secretKey)),
      card: {
        brand: t.brand,
        last4: t.last4,
        exp_month: 12,
        exp_year: new Date(nowSeconds() * 1000).getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
      metadata: {},
    };
    methods.set(String(json.id), { secretKey, card, customer, json });
    return json;
  }

  function newCustomer(secretKey: string, email: unknown): string {
    const id = rid('cus_', 14);
    customers.set(id, secretKey);
    void email;
    return id;
  }

  async function pay(sessionId: string, card: TestCard = 'pm_card_visa'): Promise<number> {
    const session = lookup(sessionId);
    const owner = owners.get(sessionId);
    if (!session || !owner) throw new Error(`No such checkout.session: '${sessionId}'`);
    if (session.status !== 'open')
      throw new Error(`Checkout Session ${sessionId} is ${String(session.status)}, not open`);
    session.status = 'complete';
    session.url = null;
    session.customer_details = { email: session.customer_email, name: null, phone: null, address: null };
    const saving = owner.saveCard || session.mode === 'setup';
    // customer_creation 'always', or a card saved for later: Stripe makes a Customer and attaches the card.
    const customer = saving || owner.customerCreation ? newCustomer(owner.secretKey, session.customer_email) : null;
    session.customer = customer;
    const method = methodFor(owner.secretKey, card, saving ? customer : null);
    if (session.mode === 'payment') {
      const id = rid('pi_');
      const amount = Number(session.amount_total);
      const currency = String(session.currency);
      intents.set(id, { secretKey: owner.secretKey, charge: rid('ch_'), currency, amount, amountRefunded: 0 });
      stand.paymentIntents.set(id, {
        ...intentJson(id, amount, currency, customer, String(method.id), 'succeeded', owner.intentMetadata),
        setup_future_usage: owner.saveCard ? 'off_session' : null,
      });
      session.payment_intent = id;
      session.payment_status = 'paid';
    } else if (session.mode === 'setup') {
      const id = rid('seti_');
      const json: Json = {
        id,
        object: 'setup_intent',
        created: nowSeconds(),
        customer,
        description: owner.setupDescription,
        livemode: livemode(account(owner.secretKey)),
        metadata: owner.setupMetadata,
        payment_method: method.id,
        payment_method_types: ['card'],
        status: 'succeeded',
        usage: 'off_session',
      };
      setupIntents.set(id, { secretKey: owner.secretKey, json });
      session.setup_intent = id;
    }
    return deliver(buildEvent('checkout.session.completed', session, owner.secretKey), owner.secretKey);
  }

  function intentJson(
    id: string,
    amount: number,
    currency: string,
    customer: string | null,
    paymentMethod: string | null,
    status: string,
    metadata: Json,
  ): Json {
    return {
      id,
      object: 'payment_intent',
      amount,
      amount_received: status === 'succeeded' ? amount : 0,
      created: nowSeconds(),
      currency,
      customer,
      last_payment_error: null,
      latest_charge: status === 'succeeded' ? (intents.get(id)?.charge ?? null) : null,
      livemode: false,
      metadata,
      payment_method: paymentMethod,
      status,
    };
  }

  /**
   * POST /v1/payment_intents (https://docs.stripe.com/api/payment_intents/create), confirmed at once
   * off-session with a saved card: succeeded, or Stripe's 402 card_error carrying the failed intent,
   * each with its event (payment_intent.succeeded / payment_intent.payment_failed).
   */
  function createIntent(params: Json, acct: StandInAccount, request: Json): Json {
    rejectUnknown(params, PAYMENT_INTENT_PARAMS);
    const amount = int(need(params.amount, 'amount'), 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    const currency = need(params.currency, 'currency').toLowerCase();
    const customer = str(params.customer) ?? null;
    if (customer && customers.get(customer) !== acct.secretKey)
      throw invalid(`No such customer: '${customer}'`, 'customer', 'resource_missing');
    const pmId = str(params.payment_method) ?? null;
    const method = pmId ? methods.get(pmId) : undefined;
    if (pmId && (!method || method.secretKey !== acct.secretKey))
      throw invalid(`No such PaymentMethod: '${pmId}'`, 'payment_method', 'resource_missing');
    if (params.confirm !== 'true') throw invalid('This stand-in only confirms at once: send confirm=true.', 'confirm');
    if (!method) throw invalid('Missing required param: payment_method.', 'payment_method', 'parameter_missing');
    if (method.customer !== customer)
      throw invalid(
        `The provided PaymentMethod ${pmId} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        'payment_method',
      );
    const id = rid('pi_');
    const metadata = metadataOf(params.metadata);
    const decline = TEST_CARDS[method.card].decline;
    if (decline) {
      const message =
        decline === 'card_declined'
          ? 'Your card was declined.'
          : 'Your card was declined. This transaction requires authentication.';
      const error: Json = {
        type: 'card_error',
        code: decline,
        decline_code: decline === 'card_declined' ? 'generic_decline' : 'authentication_required',
        message,
        doc_url: `https://stripe.com/docs/error-codes/${decline.replaceAll('_', '-')}`,
        payment_method: method.json,
      };
      const intent = {
        ...intentJson(id, amount, currency, customer, null, 'requires_payment_method', metadata),
        last_payment_error: error,
      };
      stand.paymentIntents.set(id, intent);
      deliverLater(buildEvent('payment_intent.payment_failed', intent, acct.secretKey, request), acct.secretKey);
      throw new StripeFailure(402, { ...error, payment_intent: intent }, true);
    }
    intents.set(id, { secretKey: acct.secretKey, charge: rid('ch_'), currency, amount, amountRefunded: 0 });
    const intent = intentJson(id, amount, currency, customer, pmId, 'succeeded', metadata);
    stand.paymentIntents.set(id, intent);
    deliverLater(buildEvent('payment_intent.succeeded', intent, acct.secretKey, request), acct.secretKey);
    return intent;
  }

  /** `expand[]=payment_method` puts the PaymentMethod object in place of its id, as Stripe does. */
  function expanded(object: Json, params: Json): Json {
    const expand = Array.isArray(params.expand) ? params.expand : [];
    const pm = methods.get(String(object.payment_method));
    return expand.includes('payment_method') && pm ? { ...object, payment_method: pm.json } : object;
  }

  function createSession(params: Json, acct: StandInAccount): Json {
    rejectUnknown(params, SESSION_PARAMS);
    const mode = need(params.mode, 'mode');
    if (!['payment', 'setup', 'subscription'].includes(mode)) {
      throw invalid('Invalid mode: must be one of payment, setup, or subscription', 'mode');
    }
    if (mode === 'setup' && !str(params.currency))
      throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    const intentData = isJson(params.payment_intent_data) ? params.payment_intent_data : {};
    const setupData = isJson(params.setup_intent_data) ? params.setup_intent_data : {};
    const futureUsage = str(intentData.setup_future_usage);
    if (futureUsage !== undefined && !['on_session', 'off_session'].includes(futureUsage))
      throw invalid('Invalid setup_future_usage', 'payment_intent_data[setup_future_usage]');
    if (mode === 'setup' && params.customer_creation !== undefined)
      throw invalid('`customer_creation` can only be used in `payment` mode.', 'customer_creation');
    const successUrl = need(params.success_url, 'success_url');
    const now = nowSeconds();
    const expiresAt = params.expires_at === undefined ? now + DAY : int(params.expires_at, 'expires_at');
    const bound = expiresAt < now + 30 * 60 ? 'at least 30 minutes' : expiresAt > now + DAY ? 'less than 24 hours' : '';
    if (bound)
      throw invalid(`The \`expires_at\` timestamp must be ${bound} from Checkout Session creation.`, 'expires_at');
    const lineItems = lineItemsOf(params.line_items);
    if (mode !== 'setup' && lineItems.length === 0) {
      throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
    }
    const amount = lineItems.length > 0 ? lineItems.reduce((sum, li) => sum + li.unitAmount * li.quantity, 0) : null;
    const live = livemode(acct);
    const id = rid(live ? 'cs_live_' : 'cs_test_', 58);
    const session: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: now,
      currency: lineItems[0]?.currency ?? str(params.currency) ?? null,
      customer: null,
      customer_details: null,
      customer_email: str(params.customer_email) ?? null,
      expires_at: expiresAt,
      livemode: live,
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      setup_intent: null,
      status: 'open',
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${stand.url}/pay/${id}`,
    };
    stand.sessions.set(id, session);
    owners.set(id, {
      secretKey: acct.secretKey,
      lineItems,
      saveCard: futureUsage === 'off_session',
      customerCreation: params.customer_creation === 'always',
      intentMetadata: metadataOf(intentData.metadata),
      setupMetadata: metadataOf(setupData.metadata),
      setupDescription: str(setupData.description) ?? null,
    });
    return session;
  }

  function refund(params: Json, acct: StandInAccount): Json {
    rejectUnknown(params, REFUND_PARAMS);
    const intentId = need(params.payment_intent, 'payment_intent');
    const intent = intents.get(intentId);
    if (!intent || intent.secretKey !== acct.secretKey) {
      throw invalid(`No such payment_intent: '${intentId}'`, 'payment_intent', 'resource_missing');
    }
    const reason = str(params.reason) ?? null;
    if (reason !== null && !REFUND_REASONS.includes(reason)) {
      throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
    }
    const left = intent.amount - intent.amountRefunded;
    if (left <= 0)
      throw invalid(`Charge ${intent.charge} has already been refunded.`, undefined, 'charge_already_refunded', true);
    const amount = params.amount === undefined ? left : int(params.amount, 'amount');
    if (amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (amount > left) {
      const message = `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`;
      throw invalid(message, 'amount', 'amount_too_large', true);
    }
    intent.amountRefunded += amount;
    const result = {
      id: rid('re_'),
      object: 'refund',
      amount,
      charge: intent.charge,
      created: nowSeconds(),
      currency: intent.currency,
      metadata: metadataOf(params.metadata),
      payment_intent: intentId,
      reason,
      status: 'succeeded',
    };
    stand.refunds.push(result);
    return result;
  }

  function intentsOwned(id: string, secretKey: string): Json | undefined {
    const json = stand.paymentIntents.get(id);
    const owner = intents.get(id)?.secretKey ?? (json && customers.get(String(json.customer)));
    return json && owner === secretKey ? json : undefined;
  }

  function route(method: string, path: string, params: Json, acct: StandInAccount, request: Json): Json {
    if (method === 'GET' && path === '/v1/account') {
      return {
        id: acct.id,
        object: 'account',
        business_profile: { name: acct.name },
        charges_enabled: true,
        country: 'US',
        default_currency: 'usd',
        details_submitted: true,
        email: acct.email ?? null,
        payouts_enabled: true,
        settings: { dashboard: { display_name: acct.name } },
        type: 'standard',
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params, acct);
    if (method === 'POST' && path === '/v1/refunds') return refund(params, acct);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params, acct, request);
    // https://docs.stripe.com/api/payment_methods/detach: the card is no longer the customer's, and cannot be charged.
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (detach && method === 'POST') {
      const pm = methods.get(decodeURIComponent(detach[1]));
      if (!pm || pm.secretKey !== acct.secretKey)
        throw new StripeFailure(404, invalid(`No such PaymentMethod: '${detach[1]}'`, 'id', 'resource_missing').error);
      if (!pm.customer)
        throw invalid(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          undefined,
          undefined,
          true,
        );
      pm.customer = null;
      pm.json.customer = null;
      return pm.json;
    }
    const one = /^\/v1\/(payment_intents|setup_intents|payment_methods)\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const id = decodeURIComponent(one[2]);
      const found =
        one[1] === 'payment_intents'
          ? intentsOwned(id, acct.secretKey)
          : one[1] === 'setup_intents'
            ? setupIntents.get(id)?.secretKey === acct.secretKey
              ? setupIntents.get(id)?.json
              : undefined
            : methods.get(id)?.secretKey === acct.secretKey
              ? methods.get(id)?.json
              : undefined;
      const noun = {
        payment_intents: 'payment_intent',
        setup_intents: 'setupintent',
        payment_methods: 'PaymentMethod',
      }[one[1] as 'payment_intents'];
      if (!found) throw new StripeFailure(404, invalid(`No such ${noun}: '${id}'`, 'id', 'resource_missing').error);
      return expanded(found, params);
    }
    // https://docs.stripe.com/api/refunds/list: newest first, filtered by payment_intent.
    if (method === 'GET' && path === '/v1/refunds') {
      const mine = stand.refunds.filter((r) => {
        const intent = intents.get(String(r.payment_intent));
        return (
          intent?.secretKey === acct.secretKey && (!params.payment_intent || r.payment_intent === params.payment_intent)
        );
      });
      return { object: 'list', data: [...mine].reverse(), has_more: false, url: '/v1/refunds' };
    }
    // As the owner does in Stripe's dashboard (Developers, Webhooks): one endpoint per account here,
    // answered with its signing secret (https://docs.stripe.com/api/webhook_endpoints/create).
    if (method === 'POST' && path === '/v1/webhook_endpoints') {
      if (typeof params.url !== 'string') throw invalid('Missing required param: url.', 'url', 'parameter_missing');
      const secret = `whsec_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
      webhooks.set(acct.secretKey, [...(webhooks.get(acct.secretKey) ?? []), { url: params.url, secret }]);
      return {
        id: `we_${randomBytes(12).toString('hex')}`,
        object: 'webhook_endpoint',
        url: params.url,
        enabled_events: params.enabled_events ?? [],
        secret,
        status: 'enabled',
        livemode: acct.secretKey.startsWith('sk_live_'),
      };
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (m && method === (m[2] ? 'POST' : 'GET')) {
      const id = decodeURIComponent(m[1]);
      const session = lookup(id, acct.secretKey);
      if (!session) {
        // A missing object in the path is a 404 at Stripe (a missing one named in a parameter is a 400).
        throw new StripeFailure(404, invalid(`No such checkout.session: '${id}'`, 'session', 'resource_missing').error);
      }
      if (!m[2]) return session;
      if (session.status !== 'open') {
        throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.', undefined, undefined, true);
      }
      expire(session, request);
      return session;
    }
    throw unrecognized(method, path);
  }

  function sendJson(res: ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'application/json', 'stripe-version': API_VERSION });
    res.end(body);
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const key = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const idempotencyKey = str(req.headers['idempotency-key']);
    let params: Json | undefined;
    try {
      params = parseForm(method === 'POST' ? raw : url.search.slice(1));
    } catch {
      params = undefined; // malformed percent-encoding; answered below once the call is logged
    }
    stand.requests.push({ method, path: url.pathname, idempotencyKey, body: params ?? {}, key });
    if (idempotencyKey) res.setHeader('idempotency-key', idempotencyKey);
    const fail = (f: StripeFailure) => sendJson(res, f.status, JSON.stringify({ error: f.error }, null, 2));
    if (!url.pathname.startsWith('/v1/')) return fail(unrecognized(method, url.pathname));
    if (stand.down) return fail(new StripeFailure(500, { type: 'api_error', message: 'An unknown error occurred' }));
    const acct = accounts.get(key);
    if (!acct) {
      // Like Stripe, show only the prefix and the last four characters, never the key itself.
      const prefix = /^[a-z]+_(?:test_|live_)?/.exec(key)?.[0] ?? '';
      const rest = key.length - prefix.length;
      const masked = `${prefix}${'*'.repeat(Math.max(4, rest - 4))}${rest > 8 ? key.slice(-4) : ''}`;
      const message = key
        ? `Invalid API Key provided: ${masked}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      const code = key ? 'api_key_invalid' : undefined;
      return fail(new StripeFailure(401, JSON.parse(JSON.stringify({ type: 'invalid_request_error', code, message }))));
    }
    if (!params) return fail(invalid('Invalid request: the body could not be decoded.'));

    // Idempotency is per account and key; a replay answers the first response byte for byte.
    const scope = method === 'POST' && idempotencyKey ? `${key}\n${idempotencyKey}` : undefined;
    const fingerprint = JSON.stringify([url.pathname, params]);
    const earlier = scope ? saved.get(scope) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return fail(new StripeFailure(400, { type: 'idempotency_error', message }));
      }
      res.setHeader('idempotent-replayed', 'true');
      return sendJson(res, earlier.status, earlier.body);
    }
    let status = 200;
    let body: string;
    let keep = true;
    try {
      const request = { id: requestId, idempotency_key: idempotencyKey ?? null };
      body = JSON.stringify(route(method, url.pathname, params, acct, request), null, 2);
    } catch (e) {
      if (!(e instanceof StripeFailure)) throw e;
      ({ status } = e);
      body = JSON.stringify({ error: e.error }, null, 2);
      keep = e.replayable;
    }
    if (scope && keep) saved.set(scope, { fingerprint, status, body });
    sendJson(res, status, body);
  }

  function sendHtml(res: ServerResponse, status: number, title: string, content: string): void {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main>${content}</main></body></html>`);
  }

  /** The hosted Checkout page, reduced to what a journey needs: what is bought, Pay, and Back. */
  async function hosted(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    // The page's test card (a journey chooses a declining one by Stripe's test id), as typed in at Stripe.
    const chosen = new URLSearchParams(await readBody(req)).get('card') ?? '';
    const card = chosen in TEST_CARDS ? (chosen as TestCard) : 'pm_card_visa';
    const session = lookup(id);
    const owner = owners.get(id);
    if (!session || !owner) return sendHtml(res, 404, 'Not found', '<p>This Checkout Session does not exist.</p>');
    if (session.status !== 'open') {
      return sendHtml(res, 410, 'Unavailable', '<p>This Checkout Session is no longer available.</p>');
    }
    if (req.method === 'POST') {
      // Answered after delivery so a journey's next page already sees the webhook's effect.
      await pay(id, card);
      res.writeHead(303, { location: withId(String(session.success_url), id) });
      return void res.end();
    }
    const name = account(owner.secretKey).name;
    const total = dollars(Number(session.amount_total ?? 0));
    const items = owner.lineItems
      .map((li) => `<li>${escapeHtml(li.name)} × ${li.quantity}: ${dollars(li.unitAmount * li.quantity)}</li>`)
      .join('');
    const cancel = str(session.cancel_url);
    const back = cancel ? `<a href="${escapeHtml(withId(cancel, id))}">Back</a>` : '';
    const cards = Object.entries(TEST_CARDS)
      .map(
        ([value, c]) =>
          `<option value="${value}">${escapeHtml(`${c.brand} ${c.last4}${c.decline ? ` (${c.decline})` : ''}`)}</option>`,
      )
      .join('');
    const button = session.mode === 'setup' ? 'Save card' : `Pay ${total}`;
    const form = `<form method="post" action="/pay/${encodeURIComponent(id)}"><label>Test card <select name="card">${cards}</select></label><button type="submit">${button}</button></form>`;
    sendHtml(
      res,
      200,
      `Pay ${name}`,
      `<h1>${escapeHtml(name)}</h1><ul>${items}</ul><p>Total: ${total}</p>${form}${back}`,
    );
  }

  const server = createServer((req, res) => {
    const requestId = rid('req_', 14);
    res.setHeader('request-id', requestId);
    const work = async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      return page ? hosted(req, res, decodeURIComponent(page[1])) : api(req, res, url, requestId);
    };
    // Anything unexpected (a malformed URL, a bug here) is Stripe's generic 500, never a crashed test run.
    work().catch(() => {
      if (!res.headersSent)
        sendJson(res, 500, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stand: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    port,
    down: false,
    sessions: new Map(),
    paymentIntents: new Map(),
    refunds: [],
    requests: [],
    events: [],
    addAccount: (a) => void accounts.set(a.secretKey, a),
    setWebhook: (secretKey, url, secret) => void webhooks.set(secretKey, [{ url, secret }]),
    pay,
    deliver,
    async close() {
      await Promise.allSettled(inFlight);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the SDK's keep-alive sockets would otherwise hold close() open
      });
    },
  };
  return stand;
}
