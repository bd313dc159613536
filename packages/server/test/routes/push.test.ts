/**
 * Push notifications (issue 44 item 4; docs/decisions/052), end to end through a stand-in push
 * service (test/push/stand-in.ts) that checks each push as the RFCs say: VAPID's ES256 signature,
 * audience and expiry, and the aes128gcm body, decrypted with keys the test made as a browser does.
 * The owner's and a crew login's devices and switches; a new request, a customer's cancellation
 * and a crew running late pushed with the right words to the right people; a gone device deleted;
 * a push service down retried, never doubled; an event queued twice pushed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuePush, requestNotice } from '../../src/domain/push.ts';
import { runRequestExpiry } from '../../src/jobs/request-expiry.ts';
import {
  book,
  bookAndToken,
  bookBody,
  crewMemberAuth,
  DAY,
  detailer,
  engineApp,
  type Shop,
} from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';
import { type PushStandIn, type StandInSubscription, startPushStandIn } from '../push/stand-in.ts';

const d = '/api/business-dashboard';
/** 10:00 in Los Angeles on DAY, plus minutes. */
const la = (minutes: number) => Date.parse(`${DAY}T18:00:00Z`) + minutes * 60_000;

describe.each(storages())('push notifications on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let push: PushStandIn;
  let shop: Shop;
  let crewAuth = { authorization: '' };
  let crewId = '';
  let ownerPhone: StandInSubscription;
  let crewPhone: StandInSubscription;

  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const crew = () => crewAuth;
  const payloads = (sub: StandInSubscription) =>
    push.received.filter((r) => sub.endpoint.endsWith(r.subscription)).map((r) => r.payload);
  const pushRows = () =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'attempts', 'sent_at', 'failed_at', 'last_error', 'event_key'])
      .where('channel', '=', 'push')
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    push = await startPushStandIn();
    t = await engineApp(kind, {
      env: { TEXTS: 'log', VAPID_SUBJECT: 'mailto:ops@example.com' },
      pushAgent: push.agent,
    });
    shop = await detailer(t);
    crewId = (await call('GET', `${d}/crews`, shop.auth)).json().crews[0]._id;
    await call('PUT', `${d}/crews/${crewId}`, shop.auth, { name: 'Sam', color: '#0f766e' });
    crewAuth = await crewMemberAuth(t, shop, crewId, 'sam@example.com');
    await t.ctx.mail.flush();
    ownerPhone = push.subscribe();
    crewPhone = push.subscribe();
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it("serves the VAPID key and each person's kinds: the owner every one, a crew running late", async () => {
    const owner = await call('GET', `${d}/push`, shop.auth);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toEqual({
      publicKey: t.config.vapid.publicKey,
      kinds: ['request', 'cancelled', 'payment', 'late'],
      off: [],
      devices: 0,
    });
    expect(t.config.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const mine = await call('GET', '/api/crew/push', crew());
    expect(mine.json()).toMatchObject({ kinds: ['late'], off: [], devices: 0 });
    // Each login's calls are its own.
    expect((await call('GET', '/api/crew/push', shop.auth)).statusCode).toBe(401);
    expect((await call('GET', `${d}/push`, crew())).statusCode).toBe(401);
  });

  it('turns a device on with keys a browser gives, refuses keys that are not, and counts a device once', async () => {
    const bad = await call('PUT', `${d}/push/devices`, shop.auth, {
      endpoint: ownerPhone.endpoint,
      keys: { p256dh: 'short', auth: ownerPhone.keys.auth },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.json().error).toContain('keys.p256dh must be 65 bytes');
    for (let i = 0; i < 2; i++) {
      const on = await call('PUT', `${d}/push/devices`, shop.auth, ownerPhone);
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().devices).toBe(1);
    }
    const crewOn = await call('PUT', '/api/crew/push/devices', crew(), crewPhone);
    expect(crewOn.json().devices).toBe(1);
    // The owner's phone is not the crew's to take over by its address.
    const taken = await call('PUT', '/api/crew/push/devices', crew(), ownerPhone);
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'PUSH_ENDPOINT_TAKEN']);
    expect((await call('GET', `${d}/push`, shop.auth)).json().devices).toBe(1);
  });

  it("pushes a new request to the owner's device, encrypted and signed as the RFCs say, not to the crew", async () => {
    const res = await book(t, bookBody(shop, { time: '10:00' }));
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.mail.flush();
    expect(push.rejected).toEqual([]);
    expect(payloads(ownerPhone)).toEqual([
      {
        title: 'New request: Ada Lovelace',
        body: 'Full Detail, Wed, Dec 2 10:00 AM. Approve or decline it.',
        url: '/dashboard/bookings?status=pending',
        tag: `request:${res.json().bookingId}`,
      },
    ]);
    expect(payloads(crewPhone)).toEqual([]);
    const [received] = push.received;
    expect(received).toMatchObject({ urgency: 'high', vapidKey: t.config.vapid.publicKey });
    expect(received?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(received?.ttl).toBeGreaterThan(3600);
    expect((await pushRows()).every((r) => r.sent_at !== null)).toBe(true);
  });

  it('pushes a customer cancellation; a kind switched off is not pushed', async () => {
    const { token } = await bookAndToken(t, bookBody(shop, { time: '13:00', firstName: 'Grace', lastName: 'Hopper' }));
    const off = await call('PUT', `${d}/push/switches`, shop.auth, { off: ['request'] });
    expect(off.json().off).toEqual(['request']);
    await t.ctx.mail.flush();
    const before = push.received.length;
    const cancelled = await call('DELETE', `/api/customer/confirm-cancel?token=${encodeURIComponent(token)}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await book(t, bookBody(shop, { time: '15:00', firstName: 'Not', lastName: 'Pushed' }));
    await t.ctx.mail.flush();
    expect(push.received.slice(before).map((r) => r.payload)).toEqual([
      {
        title: 'Cancelled by Grace Hopper',
        body: 'Full Detail, Wed, Dec 2 1:00 PM. The time is free again.',
        url: `/dashboard/calendar?view=day&date=${DAY}`,
        tag: expect.stringMatching(/^cancelled:/),
      },
    ]);
    await call('PUT', `${d}/push/switches`, shop.auth, { off: [] });
  });

  it('pushes running late to the owner and that crew, with the new time', async () => {
    // Two of the crew's jobs at one address; the first started 40 minutes late moves the second.
    const first = (await book(t, bookBody(shop, { date: '2026-12-03', time: '10:00' }))).json().bookingId as string;
    const second = (
      await book(t, bookBody(shop, { date: '2026-12-03', time: '11:00', firstName: 'Dora', serviceId: shop.quickId }))
    ).json().bookingId as string;
    for (const id of [first, second]) {
      const approved = await call('PUT', `${d}/booking/approve/${id}`, shop.auth);
      expect(approved.statusCode, approved.body).toBe(200);
    }
    await t.ctx.mail.flush();
    const before = push.received.length;
    t.clock.now = la(24 * 60 + 40);
    const started = await call('PUT', `/api/crew/jobs/${first}/start`, crew());
    expect(started.statusCode, started.body).toBe(200);
    await t.ctx.mail.flush();
    const late = push.received.slice(before);
    expect(late.map((r) => [crewPhone.endpoint.endsWith(r.subscription) ? 'crew' : 'owner', r.payload])).toEqual(
      expect.arrayContaining([
        [
          'owner',
          {
            title: 'Sam is running late',
            body: 'Quick Wash for Dora, booked 11:00 AM, now about 11:40 AM.',
            url: '/dashboard/calendar',
            tag: `late:${second}`,
          },
        ],
        [
          'crew',
          {
            title: 'Your day is running late',
            body: 'Quick Wash for Dora, booked 11:00 AM, now about 11:40 AM.',
            url: '/crew',
            tag: `late:${second}`,
          },
        ],
      ]),
    );
    expect(late).toHaveLength(2);
  });

  it("pushes the request's one reminder from the reminder pass (nudgeOwner), once", async () => {
    const res = await book(
      t,
      bookBody(shop, { date: '2026-12-04', time: '14:00', firstName: 'Nudge', lastName: 'Me' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.mail.flush();
    const before = push.received.length;
    t.clock.now += 2 * 3600_000 + 60_000;
    expect(await runRequestExpiry(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await runRequestExpiry(t.ctx)).toBe(0);
    await t.ctx.mail.flush();
    expect(push.received.slice(before).map((r) => r.payload)).toContainEqual({
      title: 'Still waiting for your answer: Nudge Me',
      body: 'Full Detail, Fri, Dec 4 2:00 PM. Approve or decline it.',
      url: '/dashboard/bookings?status=pending',
      tag: `request:${res.json().bookingId}`,
    });
    expect(
      push.received.slice(before).filter((r) => (r.payload as { title: string }).title.includes('Nudge Me')),
    ).toHaveLength(1);
  });

  it('queues one push per event per device however often the event is queued', async () => {
    const booking = {
      id: 'b-once',
      businessId: shop.businessId,
      firstName: 'A',
      lastName: 'B',
      serviceName: 'S',
      day: DAY,
      startTime: '10:00',
      timeFormat: '12h' as const,
    };
    const now = t.clock.now;
    await t.ctx.store.db.transaction().execute(async (trx) => {
      expect(await queuePush(trx, requestNotice(booking, now), now)).toBe(1);
      expect(await queuePush(trx, requestNotice(booking, now), now)).toBe(0);
    });
    expect((await pushRows()).filter((r) => r.event_key === 'request:b-once')).toHaveLength(1);
    await t.ctx.db.deleteFrom('mail_outbox').where('event_key', '=', 'request:b-once').execute();
  });

  it('retries a push while the push service is down, and sends it once', async () => {
    push.answerNext(503, 2);
    const before = push.received.length;
    const sent = await call('POST', `${d}/push/test`, shop.auth, { endpoint: ownerPhone.endpoint });
    expect([sent.statusCode, sent.json()]).toEqual([200, { queued: true }]);
    await t.ctx.mail.flush();
    const tests = async () => (await pushRows()).filter((r) => r.subject === 'test');
    let row = (await tests()).at(-1)!;
    expect(row).toMatchObject({ subject: 'test', attempts: 1, sent_at: null, failed_at: null });
    expect(row.last_error).toContain('503');
    t.clock.now += 15_000;
    await t.ctx.mail.flush();
    t.clock.now += 30_000;
    await t.ctx.mail.flush();
    row = (await tests()).at(-1)!;
    expect(row.sent_at).not.toBeNull();
    expect(push.received.slice(before).map((r) => (r.payload as { title: string }).title)).toEqual([
      'Slotwise test notification',
    ]);
  });

  it("refuses a test to a device that is not the caller's", async () => {
    const res = await call('POST', `${d}/push/test`, shop.auth, { endpoint: crewPhone.endpoint });
    expect([res.statusCode, res.json().code]).toEqual([404, 'PUSH_DEVICE_NOT_FOUND']);
  });

  it('deletes a device the push service says is gone (410), and gives its push up', async () => {
    push.unsubscribe(crewPhone.endpoint);
    await call('POST', '/api/crew/push/test', crew(), { endpoint: crewPhone.endpoint });
    await t.ctx.mail.flush();
    const row = (await pushRows()).find((r) => r.subject === 'test' && r.failed_at !== null)!;
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toContain('410');
    expect((await call('GET', '/api/crew/push', crew())).json().devices).toBe(0);
  });

  it('turns a device off on sign-out, and a removed crew login takes its devices with it', async () => {
    const off = await call('POST', `${d}/push/devices/remove`, shop.auth, { endpoint: ownerPhone.endpoint });
    expect(off.json().devices).toBe(0);
    const again = push.subscribe();
    expect((await call('PUT', '/api/crew/push/devices', crew(), again)).json().devices).toBe(1);
    expect((await call('DELETE', `${d}/crews/${crewId}/member`, shop.auth)).statusCode).toBeLessThan(300);
    const left = await t.ctx.db.selectFrom('push_subscriptions').select('id').execute();
    expect(left).toEqual([]);
  });
});
