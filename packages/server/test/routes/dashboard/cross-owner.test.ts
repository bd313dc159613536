/**
 * Owner B can read, change or delete nothing of owner A's (issue 3). The routes are
 * not listed by hand: every /api/business-dashboard route the app has registered is
 * walked, so a route added later is covered the day it lands. A route with an id in
 * its path, or a body naming one of A's ids, must answer 404 (or 403); every other
 * route may act only on B's own business. Nothing of A's may appear in any answer,
 * and A's every GET answers the same before and after the walk.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/transaction.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../../helpers.ts';
import { PHOTO_JPEG } from '../../photos/fixtures.ts';
import { captureMail, insertBooking, wallToMs } from './fixtures.ts';

const PREFIX = '/api/business-dashboard/';
/** A's phone's push subscription, keys as a browser makes them (docs/decisions/052). */
const A_PHONE = (() => {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: 'https://push.example.com/send/a-phone-endpoint',
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
})();

interface RouteDef {
  method: string;
  url: string;
}

/** Every route of the app, read back from Fastify's own route tree. */
export function registeredRoutes(app: FastifyInstance): RouteDef[] {
  const out: RouteDef[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─\s]*)(\S.*?) \(([^)]*)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth - 1;
    stack[depth - 1] = m[2]!;
    const url = stack.join('');
    for (const method of m[3]!.split(',').map((s) => s.trim()))
      if (method !== '-' && method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url });
  }
  return out;
}

/** The owner calls the dashboard's screens make (issue 3 names them); the walk must find at least these. */
const EXPECTED = [
  'GET /api/business-dashboard/bookings/today',
  'GET /api/business-dashboard/bookings',
  'PUT /api/business-dashboard/booking/approve/:id',
  'PUT /api/business-dashboard/booking/decline/:id',
  'POST /api/business-dashboard/booking/undo/:id',
  'GET /api/business-dashboard/availability',
  'PUT /api/business-dashboard/availability/update-single',
  'PUT /api/business-dashboard/availability/update',
  'GET /api/business-dashboard/settings/quote-questions',
  'PUT /api/business-dashboard/settings/quote-questions',
  'GET /api/business-dashboard/business-details',
  'GET /api/business-dashboard/services',
  'POST /api/business-dashboard/service/add',
  'PUT /api/business-dashboard/service/edit/:id',
  'DELETE /api/business-dashboard/service/delete/:id',
  'GET /api/business-dashboard/settings/distance-pricing',
  'PUT /api/business-dashboard/settings/update-distance-pricing',
  'GET /api/business-dashboard/address',
  'PUT /api/business-dashboard/address/update',
  'PUT /api/business-dashboard/settings/time-zone',
];

describe.each(storages())('owner B against owner A on %s', (kind) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof onboardedOwner>>;
  let b: Awaited<ReturnType<typeof onboardedOwner>>;
  const ids = {
    booking: '',
    approved: '',
    declined: '',
    service: '',
    blocked: '',
    undoToken: '',
    crew: '',
    calendar: '',
    client: '',
    done: '',
    invoice: '',
  };
  const mail = captureMail();
  let routes: RouteDef[];

  /** Strings that belong to A alone; none may reach B. */
  let secrets: string[];
  /** A's ids: B may see them echoed in a 404 message for an id B sent, never in a success. */
  let aIds: string[];

  const A = {
    customerEmail: 'ottoline.a-secret@example.com',
    firstName: 'Ottoline',
    serviceName: 'A-Only Ceramic Shield',
    question: 'A-secret: how many dogs ride along?',
    blockedTitle: 'A-secret dentist',
    calendarLabel: 'A-secret family calendar',
    calendarEvent: 'A-secret school run',
    address: '5, Austin, TX 73301, USA',
  };

  beforeAll(async () => {
    // A standing clock: A's undo (below) stays open however long the walk takes.
    const startedAt = Date.now();
    t = await createTestApp(kind, { mailTransport: mail.transport, now: () => startedAt });
    a = await onboardedOwner(t.app);
    b = await onboardedOwner(t.app);
    const asA = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url: `${PREFIX}${url}`, headers: a.auth, payload });

    ids.service = (
      await asA('POST', 'service/add', { serviceName: A.serviceName, duration: 60, price: 77 })
    ).json()._id;
    await asA('PUT', 'settings/quote-questions', {
      questions: [{ question: A.question, type: 'dropdown', options: [{ text: 'A-secret option', value: 9 }] }],
    });
    await asA('PUT', 'settings/update-distance-pricing', { pricePerMile: 3.33 });
    await asA('PUT', 'availability/update-single', { day: 'Sunday', startTime: '06:00', endTime: '07:30' });
    expect((await asA('PUT', 'address/update', { address: A.address })).statusCode).toBe(200);
    const customer = {
      customerEmail: A.customerEmail,
      firstName: A.firstName,
      serviceId: ids.service,
      zone: 'America/Chicago',
    };
    ids.booking = await insertBooking(t.ctx, a.businessId, {
      ...customer,
      day: '2027-04-06',
      startTime: '10:00',
      endTime: '11:00',
    });
    ids.approved = await insertBooking(t.ctx, a.businessId, {
      ...customer,
      day: '2027-04-06',
      startTime: '12:00',
      endTime: '13:00',
      status: 'approved',
    });
    // A's Decline of a third booking, still open to undo: B must not be able to take it back.
    ids.declined = await insertBooking(t.ctx, a.businessId, {
      ...customer,
      customerEmail: 'undo-customer@example.com',
      day: '2027-04-07',
      startTime: '10:00',
      endTime: '11:00',
    });
    const declined = await asA('PUT', `booking/decline/${ids.declined}`, {});
    expect(declined.statusCode).toBe(200);
    ids.undoToken = declined.json().undo.token;
    // A's invoice (docs/decisions/045) for a fourth booking, completed, with a cash payment on it.
    ids.done = await insertBooking(t.ctx, a.businessId, {
      ...customer,
      day: '2027-04-08',
      startTime: '10:00',
      endTime: '11:00',
      status: 'approved',
    });
    expect((await asA('PUT', `booking/complete/${ids.done}`, {})).statusCode).toBe(200);
    ids.invoice = (
      await t.app.inject({ method: 'GET', url: `${PREFIX}bookings/${ids.done}/bill`, headers: a.auth })
    ).json().invoice._id;
    const cash = await t.app.inject({
      method: 'POST',
      url: `${PREFIX}invoices/${ids.invoice}/payments`,
      headers: { ...a.auth, 'idempotency-key': randomUUID() },
      payload: { method: 'cash', amount: 1 },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    // A's client (docs/decisions/037), as a booking or the owner makes one.
    ids.client = await inTransaction(t.ctx.store, (trx) =>
      t.ctx.repos.clients.linkContact(
        trx,
        a.businessId,
        {
          firstName: A.firstName,
          lastName: 'Client',
          email: A.customerEmail,
          phone: '',
          address: 'Austin',
          lat: null,
          lng: null,
        },
        'owner',
        Date.now(),
      ),
    );
    ids.blocked = randomUUID();
    ids.crew = (await t.ctx.repos.crews.list(a.businessId))[0]!.id;
    await t.ctx.db
      .insertInto('blocked_times')
      .values({
        id: ids.blocked,
        business_id: a.businessId,
        title: A.blockedTitle,
        reason: 'custom',
        start_ms: wallToMs('2027-04-06', '14:00', 'America/Chicago'),
        end_ms: wallToMs('2027-04-06', '15:00', 'America/Chicago'),
        created_at: Date.now(),
      })
      .execute();

    // A's connected calendar and one of its events (never read during the walk: due in a year).
    ids.calendar = randomUUID();
    await t.ctx.db
      .insertInto('calendar_connections')
      .values({
        id: ids.calendar,
        business_id: a.businessId,
        crew_id: null,
        label: A.calendarLabel,
        url_enc: 'v1.sealed.elsewhere.x',
        url_hint: 'a-secret.example.com ...beef',
        etag: null,
        last_modified: null,
        expanded_for: null,
        last_fetched_at: null,
        last_success_at: null,
        last_error: null,
        failing_since: null,
        warned_at: null,
        next_fetch_at: Date.now() + 365 * 86_400_000,
        fetching_until: null,
        created_at: Date.now(),
      })
      .execute();
    await t.ctx.db
      .insertInto('calendar_busy')
      .values({
        id: randomUUID(),
        business_id: a.businessId,
        connection_id: ids.calendar,
        crew_id: null,
        start_ms: wallToMs('2027-04-06', '16:00', 'America/Chicago'),
        end_ms: wallToMs('2027-04-06', '17:00', 'America/Chicago'),
        all_day: 0,
        title: A.calendarEvent,
        day: '2027-04-06',
        lat: null,
        lng: null,
      })
      .execute();

    // A's phone has push notifications on (docs/decisions/052): B naming its endpoint changes nothing of A's.
    const phone = await t.app.inject({
      method: 'PUT',
      url: `${PREFIX}push/devices`,
      headers: a.auth,
      payload: A_PHONE,
    });
    expect(phone.statusCode, phone.body).toBe(200);

    secrets = [
      A.calendarLabel,
      A.calendarEvent,
      'a-secret.example.com',
      A.customerEmail,
      A.firstName,
      A.serviceName,
      A.question,
      A.blockedTitle,
      'Austin',
      a.email,
      a.businessId,
    ];
    aIds = [
      ids.booking,
      ids.approved,
      ids.declined,
      ids.service,
      ids.blocked,
      ids.crew,
      ids.calendar,
      ids.client,
      ids.invoice,
    ];
    routes = registeredRoutes(t.app).filter((r) => r.url.startsWith(PREFIX));
  });
  afterAll(() => t.close());

  const norm = (r: RouteDef) => `${r.method} ${r.url.replace(/:[^/]+/g, ':id')}`;

  /** The id of A's that a path parameter stands for, chosen by what the path is about. */
  function idFor(url: string): string {
    if (url.includes('/undo/')) return ids.undoToken;
    if (url.includes('blocked-time')) return ids.blocked;
    if (url.includes('service')) return ids.service;
    if (url.includes('crews')) return ids.crew;
    if (url.includes('calendars')) return ids.calendar;
    if (url.includes('/clients/')) return ids.client;
    if (url.includes('/invoices/')) return ids.invoice;
    return ids.booking;
  }

  const future = (time: string) => new Date(wallToMs('2027-04-07', time, 'America/Chicago')).toISOString();
  /** Well-formed bodies, so each call reaches the ownership check rather than stopping at validation. */
  const bodies: Record<string, () => { body: object; namesA?: boolean }> = {
    'PUT /api/business-dashboard/service/edit/:id': () => ({ body: { serviceName: 'Hijack', duration: 30, price: 1 } }),
    'POST /api/business-dashboard/booking/refund/:id': () => ({ body: { amount: 1 } }),
    'PUT /api/business-dashboard/settings/notifications': () => ({
      body: { ownerTexts: false, reminder2h: false, textsOff: [], reviewUrl: null, reviewDelayHours: null },
    }),
    'PUT /api/business-dashboard/settings/notifications/twilio': () => ({
      body: { accountSid: `AC${'1'.repeat(32)}`, authToken: '1'.repeat(32), sender: '+15125550100' },
    }),
    'PUT /api/business-dashboard/clients/:id': () => ({
      body: {
        firstName: 'Hijack',
        lastName: '',
        email: '',
        phone: '',
        notes: '',
        tags: [],
        textsConsent: false,
        marketingConsent: false,
      },
    }),
    'PUT /api/business-dashboard/clients/:id/places': () => ({
      body: { places: [{ address: 'B street', notes: '' }] },
    }),
    'PUT /api/business-dashboard/clients/:id/things': () => ({ body: { things: [{ label: 'B van' }] } }),
    'POST /api/business-dashboard/clients/:id/merge': () => ({ body: { intoId: randomUUID() } }),
    'POST /api/business-dashboard/quotes/:id/send': () => ({ body: { channels: ['mail'] } }),
    'PUT /api/business-dashboard/crews/:id': () => ({ body: { name: 'Hijack', color: '#000000', active: false } }),
    'POST /api/business-dashboard/crews': () => ({ body: { name: 'B van', color: '#b45309' } }),
    'PUT /api/business-dashboard/crews-settings/mails': () => ({ body: { nameCrewInMails: true } }),
    'POST /api/business-dashboard/crews/:id/member': () => ({ body: { email: 'b-hijack@example.com' } }),
    'POST /api/business-dashboard/calendars': () => ({
      body: { label: 'B calendar', secretUrl: 'https://calendar.example.com/private-0123456789abcdef/basic.ics' },
    }),
    'PUT /api/business-dashboard/calendars-settings/titles': () => ({ body: { showTitles: true } }),
    'PUT /api/business-dashboard/booking/reschedule': () => ({
      body: { bookingId: ids.booking, newTime: { day: '2027-04-07', startTime: '10:00' }, requestor: 'business' },
      namesA: true,
    }),
    'PUT /api/business-dashboard/blocked-time/:id/reschedule': () => ({
      body: { startTime: future('10:00'), endTime: future('11:00') },
    }),
    'POST /api/business-dashboard/blocked-time': () => ({
      body: { title: 'B lunch', reason: 'lunch', startTime: future('12:00'), endTime: future('12:30') },
    }),
    'POST /api/business-dashboard/service/add': () => ({ body: { serviceName: 'B wash', duration: 30, price: 10 } }),
    'PUT /api/business-dashboard/settings/quote-questions': () => ({
      body: { questions: [{ question: 'B question?', type: 'rate', rate: 1 }] },
    }),
    'POST /api/business-dashboard/bookings/:id/day-lines': () => ({
      body: { description: 'Hijack', amount: 5, taxable: false },
    }),
    'PUT /api/business-dashboard/settings/tax': () => ({
      body: { name: 'B tax', ratePercent: '5', serviceIds: [], addOnIds: [] },
    }),
    'POST /api/business-dashboard/invoices/:id/payments': () => ({ body: { method: 'cash', amount: 1 } }),
    'POST /api/business-dashboard/invoices/:id/payments/:id/refund': () => ({ body: { amount: 1 } }),
    'PUT /api/business-dashboard/services/:id/steps': () => ({ body: { steps: ['Hijack'], showOnReceipt: false } }),
    // Push notifications (docs/decisions/052): B naming A's phone is refused (taken, not found) or
    // turns off nothing of A's (the snapshot's GET .../push still counts A's device).
    'PUT /api/business-dashboard/push/devices': () => ({ body: A_PHONE }),
    'POST /api/business-dashboard/push/devices/remove': () => ({ body: { endpoint: A_PHONE.endpoint } }),
    'POST /api/business-dashboard/push/test': () => ({ body: { endpoint: A_PHONE.endpoint }, namesA: true }),
    'PUT /api/business-dashboard/push/switches': () => ({ body: { off: ['late'] } }),
    'PUT /api/business-dashboard/bookings/:id/steps/:id': () => ({ body: { done: true } }),
    'POST /api/business-dashboard/crews/:id/route': () => ({
      body: { day: '2027-04-06', moves: [{ bookingId: ids.booking, startTime: '14:00' }] },
    }),
    // Photos (docs/decisions/053): a photo upload's body is its bytes.
    'POST /api/business-dashboard/bookings/:id/photos': () => ({ body: PHOTO_JPEG }),
    'PUT /api/business-dashboard/services/:id/photo-request': () => ({ body: { ask: 'required', prompt: 'Hijack' } }),
    'PUT /api/business-dashboard/settings/tips': () => ({ body: { presets: [10] } }),
    'PUT /api/business-dashboard/settings/update-distance-pricing': () => ({ body: { pricePerMile: 1 } }),
    'PUT /api/business-dashboard/address/update': () => ({ body: { address: '12, Beverly Hills, CA 90210, USA' } }),
    'PUT /api/business-dashboard/settings/time-zone': () => ({ body: { timeZone: 'America/Denver' } }),
    'PUT /api/business-dashboard/availability/update-single': () => ({
      body: { day: 'Monday', startTime: '08:00', endTime: '09:00' },
    }),
    'PUT /api/business-dashboard/availability/update': () => ({
      body: { businessHours: [{ day: 'Tuesday', startTime: '08:00', endTime: '09:00' }] },
    }),
  };

  // Every id is A's; a job step is named by its place in the job's list, so the first is asked for.
  const fill = (url: string) => url.replace(/:([^/]+)/g, (_m, name: string) => (name === 'step' ? '0' : idFor(url)));

  async function snapshotOfA(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const r of routes.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
      const res = await t.app.inject({ method: 'GET', url: r.url, headers: a.auth });
      out[r.url] = `${res.statusCode} ${res.body}`;
    }
    return out;
  }

  it('finds every dashboard route of the spec in the app', () => {
    const found = new Set(routes.map(norm));
    for (const e of EXPECTED) expect(found, `${e} is not registered`).toContain(e);
  });

  it("walks every dashboard route with B's token and A's ids: 404, no A data, A unchanged, no mail", async () => {
    const before = await snapshotOfA();
    // What A's own setup sent (the invoice a completion mails, docs/decisions/045) goes out first: only B's walk counts.
    await t.ctx.mail.flush();
    const sentBefore = mail.sent.length;
    const outboxBefore = await t.ctx.db.selectFrom('mail_outbox').select('id').execute();
    const report: string[] = [];

    for (const r of routes) {
      const key = norm(r);
      const spec = bodies[key]?.();
      const hasParam = r.url.includes(':');
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        headers: b.auth,
        ...(spec ? { payload: spec.body } : {}),
      });
      const body = res.body;
      for (const s of secrets) if (body.includes(s)) report.push(`${key}: answered A's "${s}"`);
      if (res.statusCode < 400)
        for (const id of aIds)
          if (body.includes(id)) report.push(`${key}: answered A's id ${id} with ${res.statusCode}`);
      if (hasParam || spec?.namesA) {
        if (res.statusCode !== 404 && res.statusCode !== 403)
          report.push(
            `${key}: expected 404 or 403 for A's id, got ${res.statusCode} ${body.slice(0, 160)}` +
              (res.statusCode === 400 && !spec ? ' (add a well-formed body for this route to the table above)' : ''),
          );
        else if (!/"error":"[^"]{10,}/.test(body)) report.push(`${key}: ${res.statusCode} without a clear {error}`);
      }
      if (res.statusCode >= 500) report.push(`${key}: ${res.statusCode} ${body.slice(0, 160)}`);
    }
    expect(report).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);

    // Nothing was approved, declined or moved, so no mail went to A's customer.
    await t.ctx.mail.flush();
    const outboxAfter = await t.ctx.db.selectFrom('mail_outbox').selectAll().execute();
    const fresh = outboxAfter.filter((m) => !outboxBefore.some((o) => o.id === m.id));
    expect(fresh.filter((m) => m.to_address === A.customerEmail)).toEqual([]);
    expect(mail.sent.slice(sentBefore).filter((m) => m.to === A.customerEmail)).toEqual([]);

    // A's rows themselves are untouched.
    const rows = await t.ctx.db
      .selectFrom('bookings')
      .select(['id', 'status', 'day', 'start_time'])
      .where('business_id', '=', a.businessId)
      .orderBy('start_ms')
      .execute();
    expect(rows).toEqual([
      { id: ids.booking, status: 'pending', day: '2027-04-06', start_time: '10:00' },
      { id: ids.approved, status: 'approved', day: '2027-04-06', start_time: '12:00' },
      { id: ids.declined, status: 'declined', day: '2027-04-07', start_time: '10:00' },
      { id: ids.done, status: 'completed', day: '2027-04-08', start_time: '10:00' },
    ]);
    // A's invoice keeps its one payment, no refund, still open.
    const invoice = await t.app.inject({ method: 'GET', url: `${PREFIX}invoices/${ids.invoice}`, headers: a.auth });
    expect(invoice.json()).toMatchObject({ invoice: { state: 'open' }, refunds: [], refunded: 0 });
    expect(invoice.json().payments).toHaveLength(1);
    // A's undo is still there, and still A's to use.
    const undone = await t.app.inject({
      method: 'POST',
      url: `${PREFIX}booking/undo/${ids.undoToken}`,
      headers: a.auth,
    });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ _id: ids.declined, status: 'pending' });
    const service = await t.ctx.db.selectFrom('services').selectAll().where('id', '=', ids.service).executeTakeFirst();
    expect(service).toMatchObject({ name: A.serviceName, price_cents: 7700, business_id: a.businessId });
    const blocked = await t.ctx.db
      .selectFrom('blocked_times')
      .selectAll()
      .where('id', '=', ids.blocked)
      .executeTakeFirst();
    expect(blocked).toMatchObject({ title: A.blockedTitle, business_id: a.businessId });
  });

  it('answers 401 to every dashboard route without a token', async () => {
    const report: string[] = [];
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: fill(r.url) });
      if (res.statusCode !== 401) report.push(`${norm(r)}: ${res.statusCode}`);
      for (const s of secrets) if (res.body.includes(s)) report.push(`${norm(r)}: answered A's "${s}"`);
    }
    expect(report).toEqual([]);
  });
});
