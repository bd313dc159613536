/**
 * The world the proof suites stand on: a real app whose route table is read from
 * Fastify itself (the onRoute build option), two owners with data of their own made
 * through the API, and a well-formed request for every route, so a suite can send
 * each route something it accepts and then something it must refuse.
 *
 * ROUTES below classifies every route the server registers. A route in neither the
 * guarded prefixes (the owner's, the crew's) nor the public allow-list fails the suites that
 * read it, so a route added later cannot go unchecked: add it to PUBLIC_ROUTES (if anyone may
 * call it) and give it a request in validRequest().
 */
import { createECDH, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { feedTokenFor } from '../../src/domain/feed-token.ts';
import { linkTokenFor, manageTokenFor } from '../../src/domain/manage-token.ts';
import { addJobPhoto } from '../../src/domain/photos.ts';
import { runRetention } from '../../src/jobs/customer-data-retention.ts';
import type { MailTransport } from '../../src/mail/transport.ts';
import { createTestApp, type StorageKind, type TestApp } from '../helpers.ts';
import { PHOTO_JPEG } from '../photos/fixtures.ts';

/** Only an owner with a valid session may call these. */
export const GUARDED = /^\/api\/(business-dashboard|onboarding)\//;
/** Only a crew member with a valid session may call these (docs/decisions/024). */
export const CREW_GUARDED = /^\/api\/crew\//;

/**
 * Everything anyone may call, route by route. Keep it exact: a prefix here would let
 * a new owner route slip through unguarded.
 */
/** A 1x1 PNG, as the dashboard sends a logo (base64). */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+P+/HgAFhAJ/wlseKgAAAABJRU5ErkJggg==';

/** A browser's push subscription (PushSubscription.toJSON()), a new endpoint and keys each time. */
function pushDevice() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://push.example.com/send/${randomUUID()}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

export const PUBLIC_ROUTES = new Set([
  // CORS preflights of the widget's calls (plugins/cors.ts).
  'OPTIONS /api/customer/*',
  'OPTIONS /api/business/places',
  'OPTIONS /api/feedback',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  // The API's description (api-reference/): built once from the route table.
  'GET /api/openapi.json',
  'GET /api/docs',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'GET /api/auth/reset-password',
  'POST /api/auth/reset-password',
  // A crew member's invitation link: what it opens, and setting the password with it (routes/crew.ts).
  'GET /api/auth/crew-invitation',
  'POST /api/auth/crew-invitation',
  'GET /api/business/places',
  'POST /api/feedback',
  'GET /api/calendar/feed.ics',
  'GET /api/customer/business/:businessId',
  'GET /api/customer/get-available-slots',
  'GET /api/customer/available-days',
  'GET /api/customer/launcher/:businessId',
  'POST /api/customer/quote',
  // The booking form's funnel counters (routes/customer/beacon.ts; docs/decisions/029).
  'POST /api/customer/beacon',
  // A customer's hold on a chosen time while they type their details (docs/decisions/035).
  'POST /api/customer/hold-slot',
  'POST /api/customer/release-hold',
  'POST /api/customer/book',
  'GET /api/customer/booking',
  // Photos (docs/decisions/053): a customer's photo before the booking (bound to the business, claimed
  // by the booking's token), and the booking's photos through the manage link's token.
  'POST /api/customer/photos/:businessId',
  'GET /api/customer/manage/photos',
  'GET /api/customer/manage/photos/:photoId',
  'PUT /api/customer/reschedule',
  'DELETE /api/customer/confirm-cancel',
  // An adjusted price's answer from its mail link (docs/decisions/026): the manage token is the key.
  'POST /api/customer/price-change',
  'GET /api/customer/booking-page',
  // The waiting list (docs/decisions/056): joining a full day, leaving and an offer by the mail's token.
  'POST /api/customer/waitlist',
  'DELETE /api/customer/waitlist',
  'GET /api/customer/offer',
  'POST /api/customer/checkout',
  // Recurring plans (routes/customer/plans.ts): the first visits before booking, and a visit's manage link.
  'GET /api/customer/plan-dates',
  'POST /api/customer/skip-visit',
  'DELETE /api/customer/plan',
  // The customer's card on file, removed from a visit's manage link (docs/decisions/046).
  'DELETE /api/customer/card',
  // The customer's quote link (routes/customer/quote-link.ts; docs/decisions/039): its token is the key.
  'GET /api/quote-link',
  'POST /api/quote-link/book',
  'POST /api/quote-link/decline',
  // "Tell me if a time opens near me" on the quote's page (docs/decisions/059).
  'POST /api/quote-link/nearby',
  // The customer's pay link (routes/customer/invoice-link.ts; docs/decisions/045): its token is the key.
  'GET /api/invoice-link',
  'POST /api/invoice-link/pay',
  // Stripe's events, each checked against the business's webhook signing secret (routes/webhooks.ts).
  'POST /api/webhooks/stripe/:businessId',
  // Replies to a business's number (STOP, START, HELP), each checked against its Twilio auth token (routes/texts.ts).
  'POST /api/webhooks/twilio',
  // A text's short link, and a review request's rating page (routes/texts.ts; docs/decisions/027).
  'GET /s/:code',
  'GET /review/:token',
  'POST /review/:token',
  'POST /review/:token/comment',
  'GET /demo',
  // The default privacy notice the widget links (routes/privacy.ts).
  'GET /privacy/:businessId',
  // The hosted booking page and its files (routes/booking-page.ts).
  'GET /book/:slug',
  'GET /book/:slug/share.png',
  'GET /book/:slug/qr.svg',
  'GET /book/:slug/qr.png',
  // A plan visit's Pay button on the booking page: starts Checkout for a deposit due, like POST /api/customer/checkout.
  'POST /book/:slug/pay',
  // A business's logo (routes/media.ts), shown by its widget on any site.
  'GET /media/logos/:file',
  // Its own bearer token (METRICS_TOKEN), 404 when none is set: test/metrics.test.ts.
  'GET /metrics',
  'GET /widget.js',
  'GET /assets/*',
  'GET /',
  'GET /favicon.svg',
  'GET /robots.txt',
  'GET /og-image.png',
  // The installable dashboard's manifest, icons and service worker (routes/static.ts).
  'GET /manifest.webmanifest',
  'GET /apple-touch-icon.png',
  'GET /icons/slotwise-192.png',
  'GET /icons/slotwise-512.png',
  'GET /icons/slotwise-maskable-512.png',
  'GET /dashboard/sw.js',
  ...[
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password',
    '/onboarding',
    '/dashboard',
    '/customer',
    '/crew',
  ].flatMap((p) => [`GET ${p}`, `GET ${p}/*`]),
]);

export interface Route {
  method: string;
  url: string;
  /** "METHOD url", as in PUBLIC_ROUTES. */
  key: string;
  hasBody: boolean;
  hasQuery: boolean;
  hasParams: boolean;
}

/** One route per method; HEAD (Fastify's automatic twin of GET) is folded into its GET. */
function toRoutes(raw: RouteOptions[]): Route[] {
  const out = new Map<string, Route>();
  for (const r of raw) {
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD' && r.url !== '*') continue;
      const key = `${method} ${r.url}`;
      out.set(key, {
        method,
        url: r.url,
        key,
        hasBody: Boolean(schema.body),
        hasQuery: Boolean(schema.querystring),
        hasParams: Boolean(schema.params) || r.url.includes(':'),
      });
    }
  }
  return [...out.values()];
}

/** An owner's route. */
export const isGuarded = (r: Route) => GUARDED.test(r.url);
/** A crew member's route. */
export const isCrewGuarded = (r: Route) => CREW_GUARDED.test(r.url);
export const isApi = (r: Route) => r.url.startsWith('/api/');

/** Routes neither guarded (owner or crew) nor on the public allow-list: each is a finding. */
export function unclassified(routes: Route[]): string[] {
  return routes.filter((r) => !isGuarded(r) && !isCrewGuarded(r) && !PUBLIC_ROUTES.has(r.key)).map((r) => r.key);
}

/** The session a route's valid request is sent with: the owner's, or their crew member's for a crew route. */
export function authFor(route: Route, owner: OwnerData): { authorization: string } {
  return isCrewGuarded(route) ? owner.crew.auth : owner.auth;
}

export interface OwnerData {
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
  businessId: string;
  businessName: string;
  serviceName: string;
  serviceId: string;
  customerFirst: string;
  customerLast: string;
  customerEmail: string;
  question: string;
  blockedTitle: string;
  bookingId: string;
  /** The client the booking made (docs/decisions/037). */
  clientId: string;
  /** A second client (the other crew's customer): the one the merge route merges into clientId. */
  mergeClientId: string;
  blockedId: string;
  /** The Undo of a second booking's Decline; the world's clock stands still, so it stays open. */
  undoToken: string;
  /** A quote the owner sent by mail (docs/decisions/039), open for the quote link's calls. */
  quoteId: string;
  /** The invoice of a completed job (docs/decisions/045), with a cash payment on it (so it is never voided). */
  invoiceId: string;
  invoicePaymentId: string;
  /** A photo of each of the owner's two jobs, by booking (docs/decisions/053). */
  photoOf: Record<string, string>;
  /** Strings that belong to this owner alone: none may reach anyone else. */
  secrets: string[];
  /**
   * The business's first crew, whose login was invited and accepted, and which does the booking
   * above; and a second crew with a job of its own, whose customer is the other crew's secret.
   */
  crew: {
    id: string;
    email: string;
    password: string;
    token: string;
    auth: { authorization: string };
    otherCrewId: string;
    otherCrewBookingId: string;
    /** Strings of the other crew's job: the first crew's login never reads them. */
    otherCrewSecrets: string[];
  };
}

export interface World {
  t: TestApp;
  routes: Route[];
  a: OwnerData;
  b: OwnerData;
  /** A Wednesday at least ten days ahead (business-local date), open 10:00-19:00. */
  day: string;
  close(): Promise<void>;
}

/** A mail transport that drops everything: the proofs look at rows and answers, not at mail. */
const nullTransport: MailTransport = { send: async () => 'dropped' };

/** The first Wednesday at least `minDays` days after `now` (a UTC date; far enough ahead to be in the future everywhere). */
function futureWednesday(now = Date.now(), minDays = 10): string {
  const d = new Date(now + minDays * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function call(app: FastifyInstance, method: string, url: string, payload: object | undefined, token?: string) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode >= 300)
    throw new Error(`${method} ${url} failed while building the world: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Signs up and onboards an owner whose every name is marked with `tag`, with a service, question, booking and blocked time. */
async function makeOwner(t: TestApp, tag: string, day: string): Promise<OwnerData> {
  const { app } = t;
  const email = `${tag.toLowerCase()}-owner-${randomUUID().slice(0, 8)}@example.com`;
  const password = `${tag}-secret-password-1`;
  const { token } = await call(app, 'POST', '/api/auth/signup', { email, password, phoneNumber: '+1 5551234567' });
  const businessName = `${tag} Gleamers Ltd`;
  await call(app, 'POST', '/api/onboarding/step1', { name: businessName }, token);
  await call(app, 'POST', '/api/onboarding/step2', { niche: 'other' }, token);
  await call(app, 'POST', '/api/onboarding/step3', { address: '12, Beverly Hills, CA 90210, USA' }, token);
  const { businessId } = await call(app, 'GET', '/api/onboarding/profile', undefined, token);
  const serviceName = `${tag} Ceramic Shield`;
  const service = await call(
    app,
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName, duration: 60, price: 77 },
    token,
  );
  const question = `${tag} asks: how many dogs ride along?`;
  await call(
    app,
    'PUT',
    '/api/business-dashboard/settings/quote-questions',
    { questions: [{ question, type: 'dropdown', options: [{ text: `${tag} option`, value: 9 }] }] },
    token,
  );
  await call(app, 'PUT', '/api/business-dashboard/settings/update-distance-pricing', { pricePerMile: 1.5 }, token);
  const customerFirst = `${tag}ottoline`;
  const customerLast = `${tag}mcguffin`;
  const customerEmail = `${tag.toLowerCase()}-customer@example.com`;
  const bookAt = async (
    time: string,
    who: { first: string; last: string; email: string } = {
      first: customerFirst,
      last: customerLast,
      email: customerEmail,
    },
  ) => {
    const booked = await app.inject({
      method: 'POST',
      url: '/api/customer/book',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        businessId,
        serviceId: service._id,
        answer: { option: `${tag} option` },
        address: '5, Santa Monica, CA 90401, USA',
        date: day,
        time,
        firstName: who.first,
        lastName: who.last,
        customerEmail: who.email,
        phoneNumber: '+1 5559876543',
      },
    });
    if (booked.statusCode !== 201) throw new Error(`booking for ${tag} failed: ${booked.statusCode} ${booked.body}`);
    return booked.json().bookingId as string;
  };
  const bookingId = await bookAt('10:00');
  // A second booking, declined, for the undo route's requests (18:00: clear of every time the requests use).
  const declined = await call(
    app,
    'PUT',
    `/api/business-dashboard/booking/decline/${await bookAt('18:00')}`,
    {},
    token,
  );
  // Crews (docs/decisions/023): the booking above is the first crew's; a second crew has a job of its own
  // (given directly, whichever crew the engine chose), and the first crew's login is invited and
  // accepted (docs/decisions/024).
  const firstCrew = (await call(app, 'GET', '/api/business-dashboard/crews', undefined, token)).crews[0]._id as string;
  const otherCrew = await call(
    app,
    'POST',
    '/api/business-dashboard/crews',
    { name: `${tag} Truck 2`, color: '#1d4ed8' },
    token,
  );
  const otherCustomer = {
    first: `${tag}rosalind`,
    last: `${tag}franklin`,
    email: `${tag.toLowerCase()}-rf@example.com`,
  };
  const otherCrewBookingId = await bookAt('11:00', otherCustomer);
  const giveTo = (id: string, crewId: string) =>
    t.ctx.db.updateTable('bookings').set({ crew_id: crewId }).where('id', '=', id).execute();
  await giveTo(bookingId, firstCrew);
  await giveTo(otherCrewBookingId, otherCrew._id);
  const crewEmail = `${tag.toLowerCase()}-crew-${randomUUID().slice(0, 8)}@example.com`;
  const crewPassword = `${tag}-crew-password-1`;
  await call(app, 'POST', `/api/business-dashboard/crews/${firstCrew}/member`, { email: crewEmail }, token);
  const invitation = await t.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', crewEmail)
    .executeTakeFirstOrThrow();
  const inviteToken = decodeURIComponent(/\/crew\/join\?token=([^\s]+)/.exec(invitation.text_body)![1]!);
  const crewToken = (
    await call(app, 'POST', '/api/auth/crew-invitation', { token: inviteToken, password: crewPassword })
  ).token as string;
  const clientOf = async (id: string) =>
    (await t.ctx.db.selectFrom('bookings').select('client_id').where('id', '=', id).executeTakeFirstOrThrow())
      .client_id as string;
  const blockedTitle = `${tag} dentist appointment`;
  const blocked = await call(
    app,
    'POST',
    '/api/business-dashboard/blocked-time',
    {
      title: blockedTitle,
      reason: 'custom',
      // 15:00-16:00 in Los Angeles (UTC-8 in winter, UTC-7 in summer: either is inside the day's hours).
      startTime: `${day}T23:00:00.000Z`,
      endTime: `${day}T23:30:00.000Z`,
    },
    token,
  );
  // A quote sent by mail (docs/decisions/039): the quote link's calls open, book and decline it.
  const quote = await call(
    app,
    'POST',
    '/api/business-dashboard/quotes',
    {
      firstName: 'Quinn',
      lastName: 'Quoteworthy',
      email: 'quinn@example.com',
      serviceId: service._id,
      address: '5, Santa Monica, CA 90401, USA',
      handOnly: true,
      handLines: [{ label: 'Moss removal', amount: 45 }],
    },
    token,
  );
  await call(app, 'POST', `/api/business-dashboard/quotes/${quote._id}/send`, { channels: ['mail'] }, token);
  // A job done and invoiced (docs/decisions/043, 045), paid in part in cash: its payment is refunded a cent at a time.
  const invoiced = await bookAt('16:00');
  // The second crew's: the first crew's schedule holds the world's booking alone.
  await giveTo(invoiced, otherCrew._id);
  await call(app, 'PUT', `/api/business-dashboard/booking/approve/${invoiced}`, {}, token);
  await call(app, 'PUT', `/api/business-dashboard/booking/complete/${invoiced}`, {}, token);
  const invoiceId = (await call(app, 'GET', `/api/business-dashboard/bookings/${invoiced}/bill`, undefined, token))
    .invoice._id as string;
  const cash = await app.inject({
    method: 'POST',
    url: `/api/business-dashboard/invoices/${invoiceId}/payments`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: { method: 'cash', amount: 5 },
  });
  if (cash.statusCode !== 200) throw new Error(`cash payment for ${tag} failed: ${cash.statusCode} ${cash.body}`);
  return {
    email,
    password,
    token,
    auth: { authorization: `Bearer ${token}` },
    quoteId: quote._id,
    invoiceId,
    invoicePaymentId: cash.json().payments[0]._id as string,
    photoOf: {
      [bookingId]: await photoOn(t, businessId, bookingId),
      [otherCrewBookingId]: await photoOn(t, businessId, otherCrewBookingId),
    },
    businessId,
    businessName,
    serviceName,
    serviceId: service._id,
    customerFirst,
    customerLast,
    customerEmail,
    question,
    blockedTitle,
    bookingId,
    clientId: await clientOf(bookingId),
    mergeClientId: await clientOf(otherCrewBookingId),
    blockedId: blocked._id,
    undoToken: declined.undo.token,
    secrets: [
      businessName,
      serviceName,
      customerFirst,
      customerLast,
      customerEmail,
      question,
      blockedTitle,
      email,
      ...Object.values(otherCustomer),
      crewEmail,
    ],
    crew: {
      id: firstCrew,
      email: crewEmail,
      password: crewPassword,
      token: crewToken,
      auth: { authorization: `Bearer ${crewToken}` },
      otherCrewId: otherCrew._id,
      otherCrewBookingId,
      otherCrewSecrets: Object.values(otherCustomer),
    },
  };
}

/** A before photo on a job, added as its crew would (domain/photos.ts). */
async function photoOn(t: TestApp, businessId: string, bookingId: string): Promise<string> {
  const added = await addJobPhoto(t.ctx, { id: bookingId, business_id: businessId }, 'before', PHOTO_JPEG, {
    memberId: null,
    name: 'Owner',
  });
  return added.photos[0]!._id;
}

export async function buildWorld(kind: StorageKind): Promise<World> {
  const raw: RouteOptions[] = [];
  // The world's clock stands still. The suites compare every table before and after each
  // refused request, and mail a decline or move holds for its undo (domain/undo-window.ts)
  // would otherwise fall due 15 s later and be sent by the dispatcher's poll in the middle
  // of some other request's comparison.
  const startedAt = Date.now();
  const t = await createTestApp(kind, {
    onRoute: (r) => void raw.push(r),
    mailTransport: nullTransport,
    now: () => startedAt,
  });
  const day = futureWednesday(t.ctx.now());
  const a = await makeOwner(t, 'Alpha', day);
  const b = await makeOwner(t, 'Bravo', day);
  await t.ctx.mail.flush();
  // The day's retention pass, now: its timer (first a minute after start) then finds the day's run
  // done and writes nothing, where it would otherwise write job_runs in the middle of a comparison.
  await runRetention(t.ctx);
  return { t, routes: toRoutes(raw), a, b, day, close: () => t.close() };
}

/**
 * Refusals that write by design, and the only tables they may change: a quote the service area
 * refuses counts the demand turned away before it answers the refusal (docs/decisions/029).
 */
const WRITING_REFUSALS: Readonly<Record<string, { code: string; tables: readonly string[] }>> = {
  'POST /api/customer/quote': { code: 'OUTSIDE_SERVICE_AREA', tables: ['quote_demand'] },
};

/** The tables a refusal changed that it may not have (WRITING_REFUSALS). */
export function changedByRefusal(
  route: Route,
  body: string,
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
  const allowed = WRITING_REFUSALS[route.key];
  if (!allowed) return changed;
  let code: unknown;
  try {
    ({ code } = JSON.parse(body));
  } catch {
    code = undefined;
  }
  return code === allowed.code ? changed.filter((t) => !allowed.tables.includes(t)) : changed;
}

export interface Request {
  method: string;
  /** Path with parameters filled in, without the query. */
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A client list as another tool exports it, for the import's calls. */
const CLIENTS_CSV = 'Name,Email,Phone\r\nAnn Import,ann.import@example.com,(512) 555-0199\r\n';

/**
 * A request each route accepts when sent by `owner` (or by anyone, for public routes),
 * aimed at `target`'s ids. With target = another owner it is the cross-owner attempt.
 * Returns undefined for a route with no entry: the suites report that as a finding.
 */
export function validRequest(w: World, route: Route, owner: OwnerData, target: OwnerData = owner): Request | undefined {
  const secret = w.t.config.jwtSecret;
  const later = (time: string) => `${w.day}T${time}:00.000Z`;
  // A crew's id: its login's resend aims at the crew that has one; an invitation, a removal of the
  // login, an edit or removal of the crew at the second crew (never cutting off the first's login).
  const crewId = route.url.endsWith('/member/resend') ? target.crew.id : target.crew.otherCrewId;
  const p = route.url
    .replace(':businessId', target.businessId)
    .replace(
      ':id',
      route.url.includes('blocked-time')
        ? target.blockedId
        : route.url.includes('service')
          ? target.serviceId
          : route.url.includes('/crews/')
            ? crewId
            : route.url.endsWith('/merge')
              ? target.mergeClientId
              : route.url.includes('/clients/')
                ? target.clientId
                : route.url.includes('/quotes/')
                  ? target.quoteId
                  : route.url.includes('/invoices/')
                    ? target.invoiceId
                    : target.bookingId,
    )
    // A job's first step (docs/decisions/050).
    .replace(':step', '0')
    .replace(':paymentId', target.invoicePaymentId)
    // The target job's photo (docs/decisions/053); the other crew's job has its own.
    .replace(':photoId', target.photoOf[target.bookingId] ?? randomUUID())
    .replace(':token', target.undoToken)
    // No such line: refused 404 DAY_LINE_NOT_FOUND (or the booking's own refusal) without changing anything.
    .replace(':lineId', randomUUID());
  const r = (extra: Omit<Request, 'method' | 'path'> = {}): Request => ({ method: route.method, path: p, ...extra });
  const quoteToken = () => linkTokenFor(secret, 'owner-quote-token-v1', target.quoteId);
  const payToken = () => linkTokenFor(secret, 'invoice-pay-token-v1', target.invoiceId);
  const d = '/api/business-dashboard';
  const preflight = r({
    headers: { origin: 'https://owner.example', 'access-control-request-method': 'POST' },
  });
  const table: Record<string, () => Request> = {
    'GET /api/openapi.json': () => r(),
    'GET /api/docs': () => r(),
    [`GET ${d}/account`]: () => r(),
    // A wrong current password: the call is well formed but never logs the owner out mid-suite.
    [`PUT ${d}/account/password`]: () =>
      r({ body: { currentPassword: 'not the password', newPassword: 'another long one' } }),
    [`PUT ${d}/account/phone`]: () => r({ body: { phoneNumber: '+1 5550001111' } }),
    [`GET ${d}/bookings/export`]: () => r(),
    [`GET ${d}/settings/confirmation`]: () => r(),
    [`PUT ${d}/settings/confirmation`]: () => r({ body: { confirmation: 'myself' } }),
    [`GET ${d}/settings/operations`]: () => r(),
    [`PUT ${d}/settings/operations`]: () =>
      r({
        body: {
          travel: { enabled: false, speedMph: 30, bufferMinutes: 15 },
          maxDistanceMiles: null,
          changeCutoffHours: 0,
        },
      }),
    [`GET ${d}/settings/calendar-feed`]: () => r(),
    [`GET ${d}/settings/customer-data`]: () => r(),
    [`PUT ${d}/settings/customer-data`]: () =>
      r({ body: { privacyUrl: 'https://owner.example/privacy', retentionMonths: 24 } }),
    [`GET ${d}/customer-data`]: () => r({ query: { email: 'someone@example.com' } }),
    // An e-mail no booking has: the call is well formed and erases nothing the other suites read.
    [`POST ${d}/customer-data/erase`]: () => r({ body: { email: 'nobody-here@example.com' } }),
    [`GET ${d}/travel-blocks`]: () => r({ query: { from: w.day, to: w.day } }),
    [`POST ${d}/settings/calendar-feed/revoke`]: () => r(),
    [`GET ${d}/calendars`]: () => r(),
    // No ENCRYPTION_KEY in the suites: refused 409 CALENDARS_NOT_CONFIGURED before anything is fetched.
    [`POST ${d}/calendars`]: () =>
      r({ body: { label: 'Personal', secretUrl: 'https://calendar.example.com/private-0123456789abcdef/basic.ics' } }),
    // The owner has no connected calendar: 404 CALENDAR_NOT_FOUND, as for another owner's.
    [`POST ${d}/calendars/:id/refresh`]: () => r(),
    [`DELETE ${d}/calendars/:id`]: () => r(),
    [`PUT ${d}/calendars-settings/titles`]: () => r({ body: { showTitles: true } }),
    [`GET ${d}/busy-times`]: () => r({ query: { from: w.day, to: w.day } }),
    [`GET ${d}/bookings/today`]: () => r(),
    [`GET ${d}/bookings/waiting`]: () => r(),
    [`GET ${d}/bookings`]: () => r({ query: { from: w.day, to: w.day } }),
    [`POST ${d}/bookings/quote`]: () =>
      r({
        body: { serviceId: target.serviceId, address: '5, Santa Monica, CA 90401, USA', date: w.day, time: '06:00' },
      }),
    // The owner's own booking (routes/dashboard/owner-booking.ts): early, outside the hours and confirmed,
    // away from the suites' other times; a new key each time.
    [`POST ${d}/bookings`]: () =>
      r({
        headers: { 'idempotency-key': randomUUID() },
        body: {
          serviceId: target.serviceId,
          address: '5, Santa Monica, CA 90401, USA',
          date: w.day,
          time: '05:00',
          newClient: { firstName: 'Ada', lastName: 'Byron', phone: '+1 5553334444' },
          allowOutsideHours: true,
          notify: { mail: false, text: false },
        },
      }),
    [`PUT ${d}/booking/approve/:id`]: () => r(),
    [`PUT ${d}/booking/decline/:id`]: () => r({ body: { reason: 'We are fully booked that week.' } }),
    [`GET ${d}/services`]: () => r(),
    [`POST ${d}/service/add`]: () => r({ body: { serviceName: 'Hand wax', duration: 30, price: 10 } }),
    [`PUT ${d}/service/edit/:id`]: () => r({ body: { serviceName: 'Renamed', duration: 45, price: 12.5 } }),
    [`DELETE ${d}/service/delete/:id`]: () => r(),
    [`GET ${d}/settings/quote-questions`]: () => r(),
    [`PUT ${d}/settings/quote-questions`]: () =>
      r({ body: { questions: [{ question: 'How many seats?', type: 'rate', rate: 2 }] } }),
    // The specification's single question (its section 7): the first quote question in its first shape.
    [`GET ${d}/settings/specific-question`]: () => r(),
    [`PUT ${d}/settings/update-specific-question`]: () =>
      r({ body: { question: 'How many seats?', type: 'dropdown', options: [{ text: 'Two', value: 5 }] } }),
    [`GET ${d}/settings/distance-pricing`]: () => r(),
    [`PUT ${d}/settings/update-distance-pricing`]: () => r({ body: { pricePerMile: 2 } }),
    [`GET ${d}/business-details`]: () => r(),
    [`GET ${d}/address`]: () => r(),
    [`PUT ${d}/address/update`]: () => r({ body: { address: '12, Beverly Hills, CA 90210, USA' } }),
    [`PUT ${d}/settings/time-zone`]: () => r({ body: { timeZone: 'America/Los_Angeles' } }),
    [`PUT ${d}/settings/time-format`]: () => r({ body: { timeFormat: '24h' } }),
    [`GET ${d}/settings/branding`]: () => r(),
    [`PUT ${d}/settings/branding`]: () =>
      r({
        body: { accentColor: '#0f766e', buttonText: 'Book a wash', buttonPosition: 'bottom-left', reportProblem: true },
      }),
    [`PUT ${d}/settings/logo`]: () => r({ body: { image: TINY_PNG } }),
    [`DELETE ${d}/settings/logo`]: () => r(),
    [`GET ${d}/availability`]: () => r(),
    [`PUT ${d}/availability/update-single`]: () =>
      r({ body: { day: 'Saturday', startTime: '09:00', endTime: '12:00' } }),
    [`PUT ${d}/availability/update`]: () =>
      r({ body: { businessHours: [{ day: 'Sunday', startTime: null, endTime: null }] } }),
    [`POST ${d}/booking/undo/:token`]: () => r(),
    [`PUT ${d}/booking/reschedule`]: () =>
      r({ body: { bookingId: target.bookingId, newTime: { day: w.day, startTime: '12:00' }, requestor: 'business' } }),
    [`GET ${d}/blocked-times`]: () => r({ query: { from: w.day, to: w.day } }),
    [`POST ${d}/blocked-time`]: () =>
      r({ body: { title: 'Lunch', reason: 'lunch', startTime: later('21:00'), endTime: later('21:30') } }),
    [`PUT ${d}/blocked-time/:id/reschedule`]: () => r({ body: { startTime: later('22:00'), endTime: later('22:30') } }),
    [`DELETE ${d}/blocked-time/:id`]: () => r(),
    [`GET ${d}/booking-page`]: () => r(),
    [`PUT ${d}/booking-page`]: () => r({ body: { slug: `page-${randomUUID().slice(0, 8)}` } }),
    [`GET ${d}/settings/payments`]: () => r(),
    [`PUT ${d}/settings/payments`]: () =>
      r({
        body: {
          deposit: { kind: 'percent', percent: 25 },
          refundWindowHours: 24,
          approvePaid: false,
          planDeposit: 'every',
        },
      }),
    // No ENCRYPTION_KEY in the suites: refused 409 PAYMENTS_NOT_CONFIGURED before any call to Stripe.
    [`PUT ${d}/settings/payments/stripe`]: () =>
      r({ body: { secretKey: 'sk_test_0000000000000000', webhookSecret: 'whsec_0000000000000000' } }),
    [`DELETE ${d}/settings/payments/stripe`]: () => r(),
    [`POST ${d}/booking/refund/:id`]: () => r({ body: { amount: 10 } }),
    [`GET ${d}/settings/notifications`]: () => r(),
    [`PUT ${d}/settings/notifications`]: () =>
      r({
        body: {
          ownerTexts: true,
          reminder2h: false,
          textsOff: ['declined'],
          reviewUrl: 'https://g.page/r/example/review',
          reviewDelayHours: 2,
        },
      }),
    // No ENCRYPTION_KEY in the suites: refused 409 TEXTS_NOT_CONFIGURED before any call to Twilio.
    [`PUT ${d}/settings/notifications/twilio`]: () =>
      r({
        body: {
          accountSid: `AC${'0'.repeat(32)}`,
          authToken: '0'.repeat(32),
          sender: '+15125550100',
        },
      }),
    [`DELETE ${d}/settings/notifications/twilio`]: () => r(),
    [`POST ${d}/settings/notifications/test`]: () => r(),
    [`PUT ${d}/booking/complete/:id`]: () => r(),
    // The world's day is ahead: refused JOB_NOT_TODAY for the owner's own booking (404 for another's).
    [`POST ${d}/bookings/:id/on-my-way`]: () => r(),
    // Job steps (docs/decisions/050): a service's steps, a booking's ticks (its service has no steps
    // in the world: a tick is refused STEP_NOT_FOUND for the owner's own booking, 404 for another's).
    [`GET ${d}/services/:id/steps`]: () => r(),
    [`PUT ${d}/services/:id/steps`]: () => r({ body: { steps: ['Pre-rinse', 'Hand wash'], showOnReceipt: false } }),
    [`GET ${d}/bookings/:id/steps`]: () => r(),
    [`PUT ${d}/bookings/:id/steps/:step`]: () => r({ body: { done: true } }),
    // Push notifications (docs/decisions/052): a device as a browser gives it, a new endpoint each time;
    // the test goes to a device the caller does not have: refused PUSH_DEVICE_NOT_FOUND.
    [`GET ${d}/push`]: () => r(),
    [`PUT ${d}/push/devices`]: () => r({ body: pushDevice() }),
    [`POST ${d}/push/devices/remove`]: () => r({ body: { endpoint: 'https://push.example.com/send/not-a-device' } }),
    [`PUT ${d}/push/switches`]: () => r({ body: { off: ['late'] } }),
    [`POST ${d}/push/test`]: () => r({ body: { endpoint: 'https://push.example.com/send/not-a-device' } }),
    [`GET ${d}/reviews`]: () => r(),
    [`GET ${d}/messages/undelivered`]: () => r({ query: { days: '14' } }),
    // The world has no undelivered message (the :id is a booking's): refused 404 MESSAGE_NOT_FOUND, as another owner's is.
    [`POST ${d}/messages/:id/resend`]: () => r(),
    [`GET ${d}/insights/funnel`]: () => r({ query: { from: w.day, to: w.day } }),
    [`GET ${d}/insights/work`]: () => r({ query: { from: w.day, to: w.day } }),
    [`GET ${d}/insights/missed`]: () => r({ query: { from: w.day, to: w.day } }),
    [`GET ${d}/insights/drive`]: () => r({ query: { from: w.day, to: w.day } }),
    [`GET ${d}/bookings/:id/door-hanger`]: () => r(),
    [`GET ${d}/plans`]: () => r(),
    [`PUT ${d}/plans/:id/approve`]: () => r(),
    [`PUT ${d}/plans/:id/pause`]: () => r(),
    [`PUT ${d}/plans/:id/resume`]: () => r(),
    [`PUT ${d}/plans/:id/end`]: () => r(),
    [`PUT ${d}/booking/next-free-time/:id`]: () => r(),
    [`GET ${d}/crews`]: () => r(),
    [`POST ${d}/crews`]: () => r({ body: { name: 'Van 3', color: '#b45309' } }),
    [`PUT ${d}/crews/:id`]: () => r({ body: { name: 'Renamed truck', color: '#1d4ed8' } }),
    // The second crew has a job from today on: refused CREW_HAS_BOOKINGS, which keeps the world as it is.
    [`DELETE ${d}/crews/:id`]: () => r(),
    [`PUT ${d}/crews-settings/mails`]: () => r({ body: { nameCrewInMails: true } }),
    [`POST ${d}/crews/:id/member`]: () => r({ body: { email: `crew-${randomUUID().slice(0, 8)}@example.com` } }),
    // The world's clock stands still: refused RATE_LIMITED, a minute not having passed since the invitation.
    [`POST ${d}/crews/:id/member/resend`]: () => r(),
    [`DELETE ${d}/crews/:id/member`]: () => r(),
    // The day's route (docs/decisions/054). Applying a move the suggestion does not make is refused
    // ROUTE_CHANGED (nothing moves), which keeps the world as it is.
    [`GET ${d}/crews/:id/route`]: () => r({ query: { day: w.day } }),
    [`POST ${d}/crews/:id/route`]: () =>
      r({ body: { day: w.day, moves: [{ bookingId: target.bookingId, startTime: '23:00' }] } }),
    // A crew member's calls, sent with their session (authFor).
    'GET /api/crew/schedule': () => r({ query: { from: w.day, to: w.day } }),
    // The world's day is ahead: refused JOB_NOT_TODAY for the crew's own job (404 for anyone else's).
    'PUT /api/crew/jobs/:id/start': () => r(),
    'PUT /api/crew/jobs/:id/complete': () => r(),
    'GET /api/crew/jobs/:id/pay-code': () => r(),
    // As Start job: refused JOB_NOT_TODAY for the crew's own job, 404 for anyone else's.
    'POST /api/crew/jobs/:id/on-my-way': () => r(),
    'GET /api/crew/jobs/:id/steps': () => r(),
    'GET /api/crew/route': () => r({ query: { day: w.day } }),
    'PUT /api/crew/jobs/:id/steps/:step': () => r({ body: { done: true } }),
    'GET /api/crew/push': () => r(),
    'PUT /api/crew/push/devices': () => r({ body: pushDevice() }),
    'POST /api/crew/push/devices/remove': () => r({ body: { endpoint: 'https://push.example.com/send/not-a-device' } }),
    'PUT /api/crew/push/switches': () => r({ body: { off: [] } }),
    'POST /api/crew/push/test': () => r({ body: { endpoint: 'https://push.example.com/send/not-a-device' } }),
    'POST /api/crew/calendar-feed/revoke': () => r(),
    'GET /api/auth/crew-invitation': () => r({ query: { token: 'no-such-invite-token' } }),
    'POST /api/auth/crew-invitation': () => r({ body: { token: 'no-such-invite-token', password: 'long enough pw' } }),
    [`GET ${d}/clients`]: () => r({ query: { q: 'gleam', sort: 'spent' } }),
    [`GET ${d}/clients/:id`]: () => r(),
    [`POST ${d}/clients/import/preview`]: () => r({ body: { csv: CLIENTS_CSV } }),
    [`POST ${d}/clients/import`]: () => r({ body: { csv: CLIENTS_CSV }, headers: { 'idempotency-key': randomUUID() } }),
    [`GET ${d}/clients/export`]: () => r(),
    [`GET ${d}/clients/duplicates`]: () => r(),
    [`PUT ${d}/clients/:id`]: () =>
      r({
        body: {
          firstName: 'Ada',
          lastName: 'Client',
          email: 'ada.client@example.com',
          phone: '+1 512 555 0123',
          notes: 'Side gate.',
          tags: ['vip'],
          textsConsent: true,
          marketingConsent: false,
        },
      }),
    [`PUT ${d}/clients/:id/places`]: () =>
      r({ body: { places: [{ address: '1 Main St, Austin, TX', notes: 'Gate 12' }] } }),
    [`PUT ${d}/clients/:id/things`]: () => r({ body: { things: [{ label: '2019 Honda CR-V' }] } }),
    [`POST ${d}/clients/:id/merge`]: () => r({ body: { intoId: target.clientId } }),
    [`GET ${d}/settings/tax`]: () => r(),
    [`PUT ${d}/settings/tax`]: () =>
      r({ body: { name: 'Sales tax', ratePercent: '8.25', serviceIds: [target.serviceId], addOnIds: [] } }),
    [`GET ${d}/bookings/:id/bill`]: () => r(),
    [`POST ${d}/bookings/:id/day-lines`]: () => r({ body: { description: 'Engine bay', amount: 30, taxable: true } }),
    [`DELETE ${d}/bookings/:id/day-lines/:lineId`]: () => r(),
    // The world's booking is not completed: refused 409 BOOKING_NOT_BILLABLE, issuing nothing.
    [`POST ${d}/bookings/:id/invoice`]: () => r(),
    [`GET ${d}/invoices`]: () => r({ query: { before: '10' } }),
    [`GET ${d}/invoices/:id`]: () => r(),
    [`POST ${d}/invoices/:id/payments`]: () =>
      r({ body: { method: 'check', amount: 0.01, note: 'Check #1' }, headers: { 'idempotency-key': randomUUID() } }),
    [`POST ${d}/invoices/:id/payments/:paymentId/refund`]: () =>
      r({ body: { amount: 0.01, reason: 'Goodwill' }, headers: { 'idempotency-key': randomUUID() } }),
    // The world's invoice has a payment: refused 409 INVOICE_HAS_PAYMENTS, voiding nothing.
    [`POST ${d}/invoices/:id/void`]: () => r(),
    [`GET ${d}/settings/tips`]: () => r(),
    [`GET ${d}/payments`]: () => r({ query: { from: '2026-01-01', to: '2026-12-31', page: '1' } }),
    [`GET ${d}/payments/export`]: () => r({ query: { from: '2026-01-01', to: '2026-12-31' } }),
    [`GET ${d}/clients/:id/payments`]: () => r(),
    [`PUT ${d}/settings/tips`]: () => r({ body: { presets: [15, 20, 25] } }),
    [`GET ${d}/clients/:id/card`]: () => r(),
    // The world's client has no card on file: refused 404 CARD_NOT_SAVED, removing nothing.
    [`DELETE ${d}/clients/:id/card`]: () => r(),
    // The world's business has no no-show fee: refused 409 NO_SHOW_FEE_NOT_SET (or the booking's own refusal), issuing nothing.
    [`POST ${d}/bookings/:id/no-show-fee`]: () => r(),
    'GET /api/invoice-link': () => r({ query: { token: payToken() } }),
    // No Stripe in the suites: refused 409 PAYMENTS_NOT_CONNECTED before Stripe is asked.
    'POST /api/invoice-link/pay': () => r({ query: { token: payToken() }, body: { tip: { percent: 20 } } }),
    [`GET ${d}/checklist`]: () => r(),
    [`POST ${d}/checklist/embed-copied`]: () => r(),
    [`POST ${d}/checklist/link-shared`]: () => r(),
    [`POST ${d}/checklist/dismiss`]: () => r(),
    'GET /api/onboarding/profile': () => r(),
    'POST /api/onboarding/step1': () => r({ body: { name: owner.businessName } }),
    'POST /api/onboarding/step2': () => r({ body: { niche: 'other' } }),
    'POST /api/onboarding/step3': () => r({ body: { address: '12, Beverly Hills, CA 90210, USA' } }),

    'GET /api/health': () => r(),
    'GET /api/health/live': () => r(),
    'GET /api/health/ready': () => r(),
    'OPTIONS /api/customer/*': () => ({ ...preflight, path: '/api/customer/book' }),
    'OPTIONS /api/business/places': () => preflight,
    'OPTIONS /api/feedback': () => preflight,
    'POST /api/auth/signup': () =>
      r({
        body: {
          email: `new-${randomUUID().slice(0, 8)}@example.com`,
          password: 'long enough pw',
          phoneNumber: '+1 5551234567',
        },
      }),
    'POST /api/auth/login': () => r({ body: { email: owner.email, password: owner.password } }),
    'POST /api/auth/forgot-password': () => r({ body: { email: owner.email } }),
    'GET /api/auth/reset-password': () => r({ query: { token: 'no-such-reset-token' } }),
    'POST /api/auth/reset-password': () => r({ body: { token: 'no-such-reset-token', password: 'long enough pw' } }),
    'GET /api/business/places': () => r({ query: { input: '90210' } }),
    'POST /api/feedback': () =>
      r({ body: { type: 'Bug Report', where: 'Home Page', description: 'The page is slow.' } }),
    'GET /api/calendar/feed.ics': () =>
      r({ query: { businessId: target.businessId, token: feedTokenFor(secret, target.businessId, 0) } }),
    'GET /api/customer/business/:businessId': () => r(),
    'POST /api/customer/checkout': () => r({ body: { bookingId: target.bookingId } }),
    'GET /api/customer/plan-dates': () =>
      r({
        query: {
          businessId: target.businessId,
          serviceId: target.serviceId,
          frequency: 'weekly',
          date: w.day,
          time: '10:00',
        },
      }),
    'POST /api/customer/skip-visit': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    'DELETE /api/customer/plan': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    // The world's client has no card on file: refused 404 CARD_NOT_SAVED, removing nothing.
    'DELETE /api/customer/card': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    'POST /api/webhooks/twilio': () =>
      r({
        headers: { 'x-twilio-signature': 'AAAA' },
        body: { AccountSid: `AC${'0'.repeat(32)}`, From: '+15125550123', To: '+15125550100', Body: 'STOP' },
      }),
    'POST /api/webhooks/stripe/:businessId': () =>
      r({
        headers: { 'stripe-signature': 't=1,v1=00' },
        body: { id: 'evt_unknown', type: 'checkout.session.completed' },
      }),
    'GET /api/customer/launcher/:businessId': () => r(),
    'GET /api/customer/get-available-slots': () =>
      r({
        query: {
          businessId: target.businessId,
          date: w.day,
          serviceId: target.serviceId,
          address: '5, Santa Monica, CA 90401, USA',
        },
      }),
    'GET /api/customer/available-days': () =>
      r({
        query: {
          businessId: target.businessId,
          month: w.day.slice(0, 7),
          serviceId: target.serviceId,
          address: '5, Santa Monica, CA 90401, USA',
        },
      }),
    'POST /api/customer/quote': () =>
      r({
        body: {
          businessId: target.businessId,
          serviceId: target.serviceId,
          answer: null,
          address: '5, Santa Monica, CA 90401, USA',
        },
      }),
    'POST /api/customer/beacon': () =>
      r({
        headers: { origin: 'https://owner.example' },
        body: { businessId: target.businessId, source: 'site', events: [{ type: 'opened' }, { type: 'quoted' }] },
      }),
    // 15:00: clear of every other time the requests use.
    'POST /api/customer/hold-slot': () =>
      r({ body: { businessId: target.businessId, serviceId: target.serviceId, date: w.day, time: '15:00' } }),
    'POST /api/customer/release-hold': () => r({ body: { holdToken: 'aHoldTokenThatHoldsNothing' } }),
    'POST /api/customer/book': () =>
      r({
        headers: { 'idempotency-key': randomUUID() },
        body: {
          businessId: target.businessId,
          serviceId: target.serviceId,
          answer: null,
          address: '5, Santa Monica, CA 90401, USA',
          date: w.day,
          time: '17:00',
          firstName: 'Grace',
          lastName: 'Hopper',
          customerEmail: 'grace@example.com',
          phoneNumber: '+1 5551112222',
        },
      }),
    'GET /api/customer/booking': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    // Photos (docs/decisions/053). An upload's body is the photo's bytes: none here (refused
    // PHOTO_NOT_AN_IMAGE once the caller may add to the job; test/proof/photo-attacks.test.ts sends photos).
    'POST /api/customer/photos/:businessId': () => r({ headers: { 'content-type': 'application/octet-stream' } }),
    'GET /api/customer/manage/photos': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    'GET /api/customer/manage/photos/:photoId': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    [`GET ${d}/bookings/:id/photos`]: () => r(),
    [`POST ${d}/bookings/:id/photos`]: () =>
      r({ query: { kind: 'after' }, headers: { 'content-type': 'application/octet-stream' } }),
    [`DELETE ${d}/bookings/:id/photos/:photoId`]: () => r(),
    [`GET ${d}/photos/:photoId`]: () => r(),
    [`PUT ${d}/services/:id/photo-request`]: () => r({ body: { ask: 'optional', prompt: 'A photo of the seats' } }),
    'GET /api/crew/jobs/:id/photos': () => r(),
    'POST /api/crew/jobs/:id/photos': () =>
      r({ query: { kind: 'before' }, headers: { 'content-type': 'application/octet-stream' } }),
    'DELETE /api/crew/jobs/:id/photos/:photoId': () => r(),
    'GET /api/crew/photos/:photoId': () => r(),
    'PUT /api/customer/reschedule': () =>
      r({ body: { token: manageTokenFor(secret, target.bookingId), newDateTime: `${w.day}T13:00` } }),
    'DELETE /api/customer/confirm-cancel': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    'POST /api/customer/price-change': () =>
      r({ query: { token: manageTokenFor(secret, target.bookingId) }, body: { accept: true } }),
    'GET /api/customer/booking-page': () => r({ query: { token: manageTokenFor(secret, target.bookingId) } }),
    'POST /api/customer/waitlist': () =>
      r({
        body: {
          businessId: target.businessId,
          serviceId: target.serviceId,
          answer: null,
          address: '5, Santa Monica, CA 90401, USA',
          date: w.day,
          firstName: 'Grace',
          lastName: 'Hopper',
          customerEmail: `waiting-${randomUUID().slice(0, 8)}@example.com`,
        },
      }),
    // No such entry or offer: refused 404 WAITLIST_NOT_FOUND, changing nothing.
    'DELETE /api/customer/waitlist': () => r({ query: { token: 'aTokenOfNoWaitingListEntry' } }),
    'GET /api/customer/offer': () => r({ query: { token: 'aTokenOfNoOffer' } }),
    [`GET ${d}/waitlist`]: () => r({ query: { day: w.day } }),
    [`GET ${d}/quotes`]: () => r(),
    [`GET ${d}/quotes/:id`]: () => r(),
    [`POST ${d}/quotes`]: () =>
      r({
        body: {
          firstName: 'Quinn',
          lastName: 'Quoteworthy',
          phoneNumber: '+1 5551112222',
          serviceId: target.serviceId,
          address: '5, Santa Monica, CA 90401, USA',
          handOnly: true,
          handLines: [{ label: 'Gutter clearing', amount: 80 }],
          daysValid: 7,
        },
      }),
    [`POST ${d}/quotes/:id/send`]: () => r({ body: { channels: ['mail'] } }),
    [`POST ${d}/quotes/:id/withdraw`]: () => r(),
    'GET /api/quote-link': () => r({ query: { token: quoteToken() } }),
    // 12:00: clear of every other time the requests use.
    'POST /api/quote-link/book': () => r({ query: { token: quoteToken() }, body: { date: w.day, time: '12:00' } }),
    'POST /api/quote-link/decline': () => r({ query: { token: quoteToken() } }),
    'POST /api/quote-link/nearby': () => r({ query: { token: quoteToken() }, body: { nearby: true } }),
    'GET /demo': () => r(),
  };
  return table[route.key]?.();
}

/** Builds the inject() options of a request. */
export function toInject(req: Request, headers: Record<string, string> = {}) {
  const qs = req.query ? `?${new URLSearchParams(req.query)}` : '';
  return {
    method: req.method as 'GET',
    url: `${req.path}${qs}`,
    headers: { ...req.headers, ...headers },
    ...(req.body !== undefined ? { payload: req.body } : {}),
  };
}

const tableNames = new WeakMap<TestApp, string[]>();

/**
 * A fingerprint of every row of every table (read from the database's own catalogue,
 * so a table added later is covered): [table, row count, sha256 of the rows].
 */
export async function tableFingerprints(t: TestApp): Promise<Record<string, string>> {
  let tables = tableNames.get(t);
  if (!tables) {
    // The catalogue read is slow (columns of every table); the set of tables does not change during a run.
    tables = (await t.ctx.db.introspection.getTables())
      .map((x) => x.name)
      .filter((n) => !n.startsWith('kysely_'))
      .sort();
    tableNames.set(t, tables);
  }
  const out: Record<string, string> = {};
  if (t.ctx.store.dialect === 'postgres') {
    // One statement for every table: read one by one, each request's fingerprint was ~60 round
    // trips, and the PostgreSQL fuzz spent most of its 90-240 s on them (the SQLite reads are
    // in-process). Each row as PostgreSQL's text of it, in that text's order, so it is the same
    // for the same rows. The names are the catalogue's own, quoted.
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const union = tables
      .map(
        (name, i) =>
          `select ${i} as i, count(*)::int as n, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as h from ${quoted(name)} t`,
      )
      .join(' union all ');
    const { rows } = await sql<{ i: number; n: number; h: string }>`${sql.raw(union)}`.execute(t.ctx.db);
    for (const row of rows) out[tables[row.i]!] = `${row.n} ${row.h}`;
    return out;
  }
  for (const name of tables) {
    const rows = await t.ctx.db
      // biome-ignore lint/suspicious/noExplicitAny: a table named at run time from the catalogue.
      .selectFrom(name as any)
      .selectAll()
      .execute();
    const text = rows.map((row) => JSON.stringify(row)).sort();
    out[name] = `${rows.length} ${createHash('sha256').update(text.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}
