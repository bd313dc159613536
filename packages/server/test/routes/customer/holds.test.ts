import { randomUUID } from 'node:crypto';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availableTimes,
  book,
  bookBody,
  DAY,
  detailer,
  engineApp,
  LA,
  type Shop,
  START_CLOCK,
  twoPgInstances,
} from '../../booking-fixtures.ts';
import { createTestApp, storages, type TestApp } from '../../helpers.ts';

const SLOT_HELD = 'Someone is booking this time. Pick another, or try again in a few minutes.';
const TEN_MINUTES = 10 * 60_000;

/** Holds a time of the shop's Full Detail, from its own connection unless one is given. */
function hold(
  t: TestApp,
  shop: Shop,
  over: { date?: string; time?: string; holdToken?: string; serviceId?: string } = {},
  ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/customer/hold-slot',
    remoteAddress: ip,
    payload: { businessId: shop.businessId, serviceId: shop.fullId, date: DAY, time: '10:00', ...over },
  });
}

function release(t: TestApp, holdToken: string) {
  return t.app.inject({ method: 'POST', url: '/api/customer/release-hold', payload: { holdToken } });
}

const iso = (time: string) => new Date(localToUtcMs(DAY, time, LA)).toISOString();

const times = (t: TestApp, shop: Shop, date = DAY) =>
  availableTimes(t, { businessId: shop.businessId, date, serviceId: shop.fullId });

describe.each(storages())('slot holds on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = START_CLOCK;
    shop = await detailer(t, `holds-${randomUUID()}@example.com`);
  });

  it('a held time is taken to every other customer: slots, month, hold and booking', async () => {
    const res = await hold(t, shop);
    expect(res.statusCode, res.body).toBe(200);
    const { holdToken, heldUntil, minutes } = res.json();
    expect(holdToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(minutes).toBe(10);
    expect(Date.parse(heldUntil)).toBe(START_CLOCK + TEN_MINUTES);
    // The hour-long job at 10:00 keeps 9:30 (runs into it) and 10:00, 10:30 from others.
    const free = await times(t, shop);
    expect(free).not.toContain('10:00');
    expect(free).not.toContain('10:30');
    expect(free).toContain('11:00');

    const second = await hold(t, shop);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'SLOT_HELD', error: SLOT_HELD });
    const booked = await book(t, bookBody(shop, { time: '10:00' }));
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toEqual({ code: 'SLOT_HELD', error: SLOT_HELD });
    // Only the token's hash is stored.
    const rows = await t.ctx.db
      .selectFrom('slot_holds')
      .selectAll()
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(holdToken);
  });

  it('a full day in the month answer counts holds too', async () => {
    // Hold every hour-long job of the day: 10:00..18:00 from nine connections' tokens.
    for (const time of ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00'])
      expect((await hold(t, shop, { time })).statusCode).toBe(200);
    const res = await t.app.inject({
      url: `/api/customer/available-days?businessId=${shop.businessId}&month=2026-12&serviceId=${shop.fullId}`,
    });
    const day = (res.json().days as { date: string; status: string }[]).find((d) => d.date === DAY);
    expect(day?.status).toBe('full');
  });

  it('the holder books their own held time, and the booking ends the hold', async () => {
    const { holdToken } = (await hold(t, shop)).json();
    const res = await book(t, bookBody(shop, { time: '10:00', holdToken }));
    expect(res.statusCode, res.body).toBe(201);
    expect(
      await t.ctx.db.selectFrom('slot_holds').selectAll().where('business_id', '=', shop.businessId).execute(),
    ).toEqual([]);
  });

  it('lapses after ten minutes: offered, held and booked by others again', async () => {
    await hold(t, shop);
    t.clock.now = START_CLOCK + TEN_MINUTES - 1;
    expect((await hold(t, shop)).statusCode).toBe(409);
    t.clock.now = START_CLOCK + TEN_MINUTES;
    // The kept answers live a second: the clock moved past it.
    expect(await times(t, shop)).toContain('10:00');
    const again = await hold(t, shop);
    expect(again.statusCode).toBe(200);
    // The lapsed hold was swept by the new hold of its business.
    expect(
      await t.ctx.db.selectFrom('slot_holds').selectAll().where('business_id', '=', shop.businessId).execute(),
    ).toHaveLength(1);
  });

  it('Back lets the time go at once; another choice moves the hold', async () => {
    const first = (await hold(t, shop)).json();
    expect(await times(t, shop)).not.toContain('10:00');
    // Another choice with the same token: the old time is free, the new one held.
    const moved = await hold(t, shop, { time: '13:00', holdToken: first.holdToken });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().holdToken).toBe(first.holdToken);
    let free = await times(t, shop);
    expect(free).toContain('10:00');
    expect(free).not.toContain('13:00');
    // Back: released, offered again in the same second (the write drops the kept answers).
    expect((await release(t, first.holdToken)).statusCode).toBe(200);
    free = await times(t, shop);
    expect(free).toContain('13:00');
    // A token that holds nothing any more: still ok.
    expect((await release(t, first.holdToken)).statusCode).toBe(200);
  });

  it('choosing the same time again renews the own hold, never refuses it', async () => {
    const { holdToken } = (await hold(t, shop)).json();
    t.clock.now = START_CLOCK + 5 * 60_000;
    const again = await hold(t, shop, { holdToken });
    expect(again.statusCode).toBe(200);
    expect(Date.parse(again.json().heldUntil)).toBe(START_CLOCK + 15 * 60_000);
  });

  it("a hold never blocks the owner's moves", async () => {
    const booked = await book(t, bookBody(shop, { time: '15:00', customerEmail: 'moved@example.com' }));
    const bookingId = booked.json().bookingId;
    await hold(t, shop, { time: '10:00' });
    await hold(t, shop, { time: '13:00' });
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/booking/reschedule',
      headers: shop.auth,
      payload: { bookingId, newTime: { day: DAY, startTime: '10:00' }, requestor: 'business' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/blocked-time',
      headers: shop.auth,
      payload: { reason: 'lunch', title: 'Lunch', startTime: iso('13:00'), endTime: iso('14:00') },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
  });

  it('a business with two crews keeps the time offered while one crew is free', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/crews',
      headers: shop.auth,
      payload: { name: 'Van 2', color: '#1d4ed8' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await hold(t, shop)).statusCode).toBe(200);
    expect(await times(t, shop)).toContain('10:00');
    expect((await hold(t, shop)).statusCode).toBe(200);
    expect(await times(t, shop)).not.toContain('10:00');
    expect((await hold(t, shop)).json().code).toBe('SLOT_HELD');
  });

  it('50 concurrent holds of one time: exactly one wins, 49 x SLOT_HELD', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => hold(t, shop, { time: '13:00' })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().code).toBe('SLOT_HELD');
    const rows = await t.ctx.db
      .selectFrom('slot_holds')
      .selectAll()
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('concurrent holds and bookings of one time by different customers: exactly one wins', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? hold(t, shop, { time: '14:00' })
          : book(t, bookBody(shop, { time: '14:00', customerEmail: `c${i}@example.com` })),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode >= 400))
      expect(['SLOT_HELD', 'SLOT_TAKEN']).toContain(a.json().code);
    const [holds, bookings] = await Promise.all([
      t.ctx.db.selectFrom('slot_holds').select('token_hash').where('business_id', '=', shop.businessId).execute(),
      t.ctx.db.selectFrom('bookings').select('id').where('business_id', '=', shop.businessId).execute(),
    ]);
    expect(holds.length + bookings.length).toBe(1);
  });

  it('refuses a time the rules refuse, and a token that is not one', async () => {
    expect((await hold(t, shop, { time: '10:15' })).json().code).toBe('SLOT_NOT_OFFERED');
    const bad = await hold(t, shop, { holdToken: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/holdToken/);
  });
});

describe('the live cap per connection (rate limits on)', () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { RATE_LIMITS: 'on' }, now: () => START_CLOCK });
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  it('one address holds at most three times of a business; a fourth is refused', async () => {
    for (const time of ['10:00', '11:00', '12:00'])
      expect((await hold(t, shop, { time }, '10.9.9.9')).statusCode).toBe(200);
    const fourth = await hold(t, shop, { time: '13:00' }, '10.9.9.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('TOO_MANY_HOLDS');
    expect((await hold(t, shop, { time: '13:00' }, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe.runIf(storages().includes('postgres'))('slot holds on two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let shop: Shop;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ first, second, shop, close } = await twoPgInstances());
  });
  afterAll(() => close());

  it('50 concurrent holds of one time split across both: exactly one wins', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => hold(i % 2 ? first : second, shop, { time: '13:00' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
  });
});
