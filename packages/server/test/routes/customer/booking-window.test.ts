/**
 * How far ahead, how soon and how often a customer may book (issue 20, item 6;
 * domain/booking-window.ts): dates past the horizon and times inside the notice are
 * refused and never offered, the owner's settings move both, and one customer (by
 * e-mail) or one client (by address) cannot keep many requests waiting.
 */
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  bookAndToken,
  bookBody,
  type Clock,
  DAY,
  detailer,
  engineApp,
  LA,
  type Shop,
  START_CLOCK,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

describe.each(storages())('the booking window on %s', (kind) => {
  let t: TestApp & { clock: Clock };
  let shop: Shop;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const setWindow = (horizonDays: number, minNoticeHours: number) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/operations',
      headers: shop.auth,
      payload: {
        travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
        maxDistanceMiles: null,
        changeCutoffHours: 0,
        horizonDays,
        minNoticeHours,
      },
    });

  it('refuses a date past the 90-day horizon, however far, with the last day named', async () => {
    // START_CLOCK is Tuesday 2026-12-01 in Los Angeles: the horizon ends Monday 2027-03-01.
    for (const date of ['2027-03-02', '9999-12-31']) {
      const res = await book(t, bookBody(shop, { date }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'BEYOND_HORIZON',
        error: 'Bookings can be made up to 90 days ahead, until Monday, March 1, 2027. Please pick an earlier date.',
      });
    }
    expect((await book(t, bookBody(shop, { date: '2027-03-01', customerEmail: 'far@example.com' }))).statusCode).toBe(
      201,
    );
  });

  it('refuses a time inside the 2-hour notice, and books one just past it', async () => {
    t.clock.now = localToUtcMs(DAY, '09:15', LA);
    try {
      const soon = await book(t, bookBody(shop, { time: '11:00', customerEmail: 'soon@example.com' }));
      expect(soon.statusCode).toBe(409);
      expect(soon.json()).toEqual({
        code: 'TOO_SOON',
        error: 'Bookings need at least 2 hours notice. Please pick a later time.',
      });
      expect((await book(t, bookBody(shop, { time: '11:30', customerEmail: 'soon@example.com' }))).statusCode).toBe(
        201,
      );
    } finally {
      t.clock.now = START_CLOCK;
    }
  });

  it("follows the owner's settings", async () => {
    expect((await setWindow(7, 0)).statusCode).toBe(200);
    try {
      expect(
        (await book(t, bookBody(shop, { date: '2026-12-09', customerEmail: 'week@example.com' }))).json().code,
      ).toBe('BEYOND_HORIZON');
      expect(
        (await book(t, bookBody(shop, { date: '2026-12-08', customerEmail: 'week@example.com' }))).statusCode,
      ).toBe(201);
    } finally {
      await setWindow(90, 2);
    }
  });

  it('moves a booking by its link only inside the window; the owner is held to neither', async () => {
    const { bookingId, token } = await bookAndToken(
      t,
      bookBody(shop, { date: '2026-12-03', customerEmail: 'move@example.com' }),
    );
    const move = (newDateTime: string) =>
      t.app.inject({ method: 'PUT', url: '/api/customer/reschedule', payload: { token, newDateTime } });
    expect((await move('2027-06-01T10:00')).json().code).toBe('BEYOND_HORIZON');
    t.clock.now = localToUtcMs('2026-12-02', '09:15', LA);
    try {
      expect((await move('2026-12-02T10:30')).json().code).toBe('TOO_SOON');
      const owner = await t.app.inject({
        method: 'PUT',
        url: '/api/business-dashboard/booking/reschedule',
        headers: shop.auth,
        payload: { bookingId, newTime: { day: '2026-12-02', startTime: '10:30' }, requestor: 'business' },
      });
      expect(owner.statusCode, owner.body).toBe(200);
    } finally {
      t.clock.now = START_CLOCK;
    }
  });
});

describe.each(storages())('waiting requests per customer on %s (rate limits on)', (kind) => {
  let t: TestApp & { clock: Clock };
  let shop: Shop;

  beforeAll(async () => {
    t = await engineApp(kind, { env: { RATE_LIMITS: 'on' } });
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const at = (n: number) => ({
    date: `2026-12-0${2 + Math.floor(n / 9)}`,
    time: `${String(10 + (n % 9)).padStart(2, '0')}:00`,
  });
  const bookFrom = (ip: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/book',
      payload: body,
      remoteAddress: ip,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });

  it('lets one e-mail keep at most 3 requests waiting, then says why; an answered one frees a place', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 4; n++)
      codes.push(
        (await bookFrom(`198.51.100.${n}`, bookBody(shop, { ...at(n), customerEmail: 'busy@example.com' }))).statusCode,
      );
    expect(codes).toEqual([201, 201, 201, 429]);
    const refused = await bookFrom('198.51.100.9', bookBody(shop, { ...at(4), customerEmail: 'BUSY@example.com' }));
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_PENDING' });
    expect(refused.json().error).toMatch(/You already have 3 booking requests waiting for Shiny Cars to answer/);
    // Another customer books as usual.
    expect(
      (await bookFrom('198.51.100.20', bookBody(shop, { ...at(5), customerEmail: 'calm@example.com' }))).statusCode,
    ).toBe(201);
  });

  it('counts unpaid holds as waiting requests, so nobody can hold a calendar with unpaid bookings', async () => {
    for (let n = 0; n < 3; n++) {
      const res = await bookFrom(
        '198.51.100.40',
        bookBody(shop, { ...at(21 + n), customerEmail: 'holder@example.com' }),
      );
      expect(res.statusCode).toBe(201);
    }
    // As bookings with a deposit due are made (routes/customer/book.ts).
    await t.ctx.db
      .updateTable('bookings')
      .set({ status: 'awaiting_payment', hold_until: t.clock.now + 900_000 })
      .where('customer_email', '=', 'holder@example.com')
      .execute();
    const refused = await bookFrom('198.51.100.41', bookBody(shop, { ...at(24), customerEmail: 'holder@example.com' }));
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_PENDING' });
  });

  it('lets one client address keep at most 10 requests waiting, whatever the e-mails', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 11; n++)
      codes.push(
        (await bookFrom('203.0.113.7', bookBody(shop, { ...at(10 + n), customerEmail: `c${n}@example.com` })))
          .statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
