/**
 * Requests do not wait for ever (issue 44 item 3; docs/decisions/051; jobs/request-expiry.ts): an
 * unanswered request reminds the owner once (mail, and a text with owner texts on) after the
 * owner's hours, and expires at the cut-off: declined with when, its time offered again, the
 * customer mailed (and texted, within consent) the booking page to book again; an Approve after it
 * is refused with BOOKING_EXPIRED, one racing it wins or loses whole; a paid request is reminded
 * only; another business's requests are untouched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manageTokenFor } from '../../src/domain/manage-token.ts';
import { runRequestExpiry } from '../../src/jobs/request-expiry.ts';
import {
  availableTimes,
  book,
  bookBody,
  DAY,
  detailer,
  engineApp,
  type Shop,
  START_CLOCK,
} from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
const HOUR = 3_600_000;
const MINUTE = 60_000;

describe.each(storages())('requests that do not wait for ever on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;

  beforeEach(async () => {
    // Texts written to the log (TEXTS=log): the business can text without a Twilio account.
    t = await engineApp(kind, { env: { TEXTS: 'log' } });
    shop = await detailer(t);
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, s: Shop = shop, payload?: object) =>
    t.app.inject({ method, url: `${d}${url}`, headers: s.auth, ...(payload ? { payload } : {}) });
  async function request(over: Parameters<typeof bookBody>[1] = {}, s: Shop = shop): Promise<string> {
    const res = await book(t, bookBody(s, { date: DAY, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  }
  const outbox = (bookingId: string, kinds: string[]) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['channel', 'kind', 'to_address', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .where('kind', 'in', kinds)
      .orderBy('created_at')
      .orderBy('channel')
      .execute();
  const row = (id: string) =>
    t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const free = () => availableTimes(t, { businessId: shop.businessId, date: DAY, serviceId: shop.fullId });
  const ownerTextsOn = async (s: Shop) => {
    const b = await t.ctx.db
      .selectFrom('businesses')
      .select('owner_id')
      .where('id', '=', s.businessId)
      .executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('users').set({ phone_number: '+15125550100' }).where('id', '=', b.owner_id).execute();
    await t.ctx.db.updateTable('businesses').set({ owner_texts: 1 }).where('id', '=', s.businessId).execute();
  };

  it("keeps the owner's reminder and cut-off with Confirming bookings: 2 and 24 hours to start with, within bounds", async () => {
    expect((await call('GET', '/settings/confirmation')).json()).toEqual({
      confirmation: 'myself',
      nudgeHours: 2,
      expiryHours: 24,
    });
    const bad = await call('PUT', '/settings/confirmation', shop, { confirmation: 'myself', expiryHours: 500 });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.json().error).toContain('at most 168 hours');
    const set = await call('PUT', '/settings/confirmation', shop, {
      confirmation: 'myself',
      nudgeHours: 3,
      expiryHours: 12,
    });
    expect(set.json()).toEqual({ confirmation: 'myself', nudgeHours: 3, expiryHours: 12 });
    // Left out (as the older client sends it), both keep their values.
    const kept = await call('PUT', '/settings/confirmation', shop, { confirmation: 'automatically' });
    expect(kept.json()).toEqual({ confirmation: 'automatically', nudgeHours: 3, expiryHours: 12 });
  });

  it('reminds the owner once after 2 hours, by mail and by text, and shows when the request expires', async () => {
    await ownerTextsOn(shop);
    const id = await request({ time: '10:00' });
    const waiting = (await call('GET', '/bookings/waiting')).json().bookings[0];
    // Requested at START_CLOCK: it expires 24 hours on (before 10:00 less the 2-hour notice).
    expect(waiting).toMatchObject({
      _id: id,
      status: 'pending',
      expiresAt: new Date(START_CLOCK + 24 * HOUR).toISOString(),
    });

    t.clock.now = START_CLOCK + 2 * HOUR - MINUTE;
    expect(await runRequestExpiry(t.ctx)).toBe(0);
    t.clock.now += MINUTE;
    // Two passes at once (two instances): one reminder.
    const passes = await Promise.all([runRequestExpiry(t.ctx), runRequestExpiry(t.ctx)]);
    expect(passes.sort()).toEqual([0, 1]);
    expect(await runRequestExpiry(t.ctx)).toBe(0);
    const sent = await outbox(id, ['requestWaiting', 'ownerNudge']);
    expect(sent.map((m) => [m.channel, m.kind])).toEqual([
      ['mail', 'requestWaiting'],
      ['text', 'ownerNudge'],
    ]);
    expect(sent[0]?.to_address).toBe(shop.email);
    expect(sent[0]?.subject).toBe('Still waiting for your answer: Ada Lovelace');
    expect(sent[0]?.text_body).toContain('it expires on Wed, Dec 2, 2026 at 4:00 AM');
    expect(sent[1]?.to_address).toBe('+15125550100');
    expect(sent[1]?.text_body).toMatch(
      /^Still waiting for your answer: Wed 10:00 AM, Full Detail\. Approve or decline: http\S+\/s\/\w+$/,
    );
    expect((await row(id)).status).toBe('pending');
  });

  it('expires at the cut-off: the time is offered again, the customer mailed and texted the booking page, once', async () => {
    const texted = await request({ time: '10:00', textConsent: true, phoneNumber: '+1 5125550123' });
    const mailed = await request({ time: '13:00', customerEmail: 'grace@example.com', firstName: 'Grace' });
    expect(await free()).not.toContain('10:00');

    t.clock.now = START_CLOCK + 24 * HOUR - MINUTE;
    await runRequestExpiry(t.ctx);
    expect((await row(texted)).status).toBe('pending');
    t.clock.now += MINUTE;
    const passes = await Promise.all([runRequestExpiry(t.ctx), runRequestExpiry(t.ctx)]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await runRequestExpiry(t.ctx)).toBe(0);

    for (const id of [texted, mailed]) {
      const r = await row(id);
      expect([r.status, r.request_expired_ms]).toEqual(['declined', t.clock.now]);
    }
    expect(await free()).toContain('10:00');
    expect(await free()).toContain('13:00');

    const slug = (await t.ctx.repos.businesses.findById(shop.businessId))?.slug;
    const told = await outbox(texted, ['requestExpired', 'expired']);
    expect(told.map((m) => m.channel)).toEqual(['mail', 'text']);
    expect(told[0]?.subject).toBe('Booking request expired: Full Detail');
    expect(told[0]?.text_body).toContain("we're sorry:");
    expect(told[0]?.text_body).toContain("couldn't confirm your Full Detail on Wed, Dec 2, 2026 at 10:00 AM in time");
    expect(told[0]?.text_body).toContain(`You can pick another time here: ${t.config.publicUrl}/book/${slug}`);
    expect(told[1]?.to_address).toBe('+15125550123');
    expect(told[1]?.text_body).toMatch(
      /couldn't confirm your Full Detail on Wed, Dec 2, 10:00 AM in time.+Book another time: http\S+\/s\/\w+/,
    );
    // No consent to texts: the mail only.
    expect((await outbox(mailed, ['requestExpired', 'expired'])).map((m) => m.channel)).toEqual(['mail']);

    // The owner sees it as expired, and can no longer answer it.
    const listed = (await call('GET', `/bookings?from=${DAY}&to=${DAY}`))
      .json()
      .bookings.find((b: { _id: string }) => b._id === texted);
    expect(listed).toMatchObject({ status: 'declined', expiredAt: new Date(t.clock.now).toISOString() });
    expect(listed.expiresAt).toBeUndefined();
    for (const answer of ['approve', 'decline'] as const) {
      const late = await call('PUT', `/booking/${answer}/${texted}`);
      expect([late.statusCode, late.json().code]).toEqual([409, 'BOOKING_EXPIRED']);
      expect(late.json().error).toContain('expired unanswered');
      expect(late.json().error).toContain('was e-mailed a link to book again');
    }
    // The customer's manage link says what happened.
    const link = await t.app.inject({
      url: `/api/customer/booking?token=${encodeURIComponent(manageTokenFor(t.config.jwtSecret, mailed))}`,
    });
    expect(link.json().error ?? link.body).toContain('expired before the business could confirm it');
  });

  it("expires before the job's notice window when that comes first, and never while the owner switched it off", async () => {
    expect(
      (await call('PUT', '/settings/confirmation', shop, { confirmation: 'myself', expiryHours: 48 })).statusCode,
    ).toBe(200);
    const id = await request({ time: '10:00' });
    // 10:00 in Los Angeles is 18:00Z; less the 2-hour minimum notice.
    const cutOff = Date.parse(`${DAY}T16:00:00Z`);
    t.clock.now = cutOff - MINUTE;
    await runRequestExpiry(t.ctx);
    expect((await row(id)).status).toBe('pending');
    t.clock.now = cutOff;
    await runRequestExpiry(t.ctx);
    expect((await row(id)).status).toBe('declined');

    expect(
      (await call('PUT', '/settings/confirmation', shop, { confirmation: 'myself', expiryHours: 0, nudgeHours: 0 }))
        .statusCode,
    ).toBe(200);
    const waits = await request({ time: '14:00', customerEmail: 'w@example.com' });
    t.clock.now = Date.parse(`${DAY}T21:59:00Z`);
    expect(await runRequestExpiry(t.ctx)).toBe(0);
    expect((await row(waits)).status).toBe('pending');
  });

  it('an Approve that lands first keeps the request; the pass then leaves it', async () => {
    const id = await request({ time: '10:00' });
    t.clock.now = START_CLOCK + 24 * HOUR;
    expect((await call('PUT', `/booking/approve/${id}`)).statusCode).toBe(200);
    expect(await runRequestExpiry(t.ctx)).toBe(0);
    expect([(await row(id)).status, (await outbox(id, ['requestExpired'])).length]).toEqual(['approved', 0]);
  });

  it('an Approve racing the expiry wins or loses whole: approved and never told it expired, or expired and refused', async () => {
    const id = await request({ time: '10:00' });
    t.clock.now = START_CLOCK + 24 * HOUR;
    const [approve] = await Promise.all([call('PUT', `/booking/approve/${id}`), runRequestExpiry(t.ctx)]);
    const r = await row(id);
    const expiredMails = await outbox(id, ['requestExpired']);
    if (approve.statusCode === 200) {
      expect([r.status, r.request_expired_ms, expiredMails.length]).toEqual(['approved', null, 0]);
    } else {
      expect([approve.statusCode, approve.json().code]).toEqual([409, 'BOOKING_EXPIRED']);
      expect([r.status, expiredMails.length]).toEqual(['declined', 1]);
      expect(await outbox(id, ['approved'])).toEqual([]);
    }
  });

  it('a request whose deposit was paid is reminded, never expired; another business is untouched', async () => {
    const paid = await request({ time: '10:00' });
    // As the payment webhook leaves it (domain/payments.ts): the deposit paid, the request pending.
    await t.ctx.db
      .updateTable('bookings')
      .set({ deposit_cents: 2000, paid_cents: 2000 })
      .where('id', '=', paid)
      .execute();
    const other = await detailer(t);
    expect(
      (await call('PUT', '/settings/confirmation', other, { confirmation: 'myself', expiryHours: 0, nudgeHours: 0 }))
        .statusCode,
    ).toBe(200);
    const elsewhere = await request({ time: '10:00', customerEmail: 'else@example.com' }, other);

    t.clock.now = START_CLOCK + 25 * HOUR;
    expect(await runRequestExpiry(t.ctx)).toBe(1);
    expect(await runRequestExpiry(t.ctx)).toBe(0);
    expect((await row(paid)).status).toBe('pending');
    expect((await outbox(paid, ['requestWaiting'])).length).toBe(1);
    expect((await outbox(paid, ['requestExpired'])).length).toBe(0);
    const waiting = (await call('GET', '/bookings/waiting')).json().bookings[0];
    expect(waiting._id).toBe(paid);
    expect(waiting.expiresAt).toBeUndefined();
    expect((await row(elsewhere)).status).toBe('pending');
    expect(await outbox(elsewhere, ['requestWaiting', 'requestExpired', 'ownerNudge', 'expired'])).toEqual([]);
  });
  it('reads only what is due: older requests with nothing due yet never crowd out one that is', async () => {
    // A business whose requests wait a week with no reminder: its older request is due nothing today.
    const patient = await detailer(t);
    await call('PUT', '/settings/confirmation', patient, { confirmation: 'myself', expiryHours: 168, nudgeHours: 0 });
    const older = await request({ time: '10:00', customerEmail: 'older@example.com' }, patient);
    t.clock.now = START_CLOCK + HOUR;
    const due = await request({ time: '11:00', customerEmail: 'due@example.com' });
    t.clock.now = START_CLOCK + 3 * HOUR + MINUTE;
    // One row a page: the due reminder is the one read, though the other came in first.
    const page = await t.ctx.repos.bookings.unansweredRequests(t.clock.now, 1);
    expect(page.map((r) => r.id)).toEqual([due]);
    expect(await runRequestExpiry(t.ctx)).toBe(1);
    expect(await t.ctx.repos.bookings.unansweredRequests(t.clock.now)).toEqual([]);
    expect((await row(older)).request_nudged_ms).toBeNull();
  });
});
