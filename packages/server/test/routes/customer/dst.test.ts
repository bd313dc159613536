import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookAndToken, bookBody, detailer, engineApp, type Shop, slots } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const NY = 'America/New_York';
const FALL_BACK = '2026-11-01'; // a Sunday: 01:59 EDT -> 01:00 EST

describe.each(storages())('booking on the autumn clock change on %s (issue 20, item 9)', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    t.clock.now = Date.parse('2026-10-25T12:00:00Z');
    const owner = (method: 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/business-dashboard/${url}`, headers: shop.auth, payload });
    expect((await owner('PUT', 'settings/time-zone', { timeZone: NY })).statusCode).toBe(200);
    const open = await owner('PUT', 'availability/update-single', {
      day: 'Sunday',
      startTime: '00:00',
      endTime: '06:00',
    });
    expect(open.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('offers the repeated hour and books 01:00 for 60 minutes, ending at 01:00 EST', async () => {
    const grid = await slots(t, { businessId: shop.businessId, date: FALL_BACK, serviceId: shop.fullId });
    expect(grid.statusCode).toBe(200);
    const offered = (grid.json().slots as { time: string; available: boolean }[]).filter((s) => s.available);
    expect(offered.map((s) => s.time)).toContain('01:00');
    const res = await book(t, bookBody(shop, { date: FALL_BACK, time: '01:00' }));
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', res.json().bookingId)
      .executeTakeFirst();
    expect(row).toMatchObject({
      day: FALL_BACK,
      start_ms: Date.parse('2026-11-01T05:00:00Z'),
      end_ms: Date.parse('2026-11-01T06:00:00Z'),
    });
    // The stored wall times read the instants' wall clocks: 01:00 EDT to 01:00 EST.
    expect(row).toMatchObject({ start_time: '01:00', end_time: '01:00' });
    // Every answer and mail names the zone on the repeated hour's wall times.
    const shown = { day: FALL_BACK, startTime: '01:00', endTime: '01:00', startZone: 'EDT', endZone: 'EST' };
    expect(res.json().bookingTime).toEqual(shown);
    const { token } = await bookAndToken(t, bookBody(shop, { date: FALL_BACK, time: '03:00' }));
    const later = await t.app.inject({ url: `/api/customer/booking?token=${token}` });
    expect(later.json().bookingTime).toEqual({ day: FALL_BACK, startTime: '03:00', endTime: '04:00' });
    const list = await t.app.inject({ url: '/api/business-dashboard/bookings', headers: shop.auth });
    const mine = (list.json().bookings as { _id: string; bookingTime: object }[]).find(
      (b) => b._id === res.json().bookingId,
    );
    expect(mine?.bookingTime).toEqual(shown);
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('text_body', 'like', '%1:00 AM EDT – 1:00 AM EST%')
      .execute();
    expect(mail.length).toBeGreaterThan(0);
  });

  it('a 30-minute booking from 00:30 ends at 01:00 EDT, the first 01:00, back to back with it', async () => {
    const res = await book(
      t,
      bookBody(shop, { date: FALL_BACK, time: '00:30', serviceId: shop.quickId, customerEmail: 'early@example.com' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().bookingTime).toEqual({ day: FALL_BACK, startTime: '00:30', endTime: '01:00', endZone: 'EDT' });
  });
});
