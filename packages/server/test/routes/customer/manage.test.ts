import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableTimes,
  book,
  bookAndToken,
  bookBody,
  detailer,
  engineApp,
  LA,
  type Shop,
  START_CLOCK,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const NOT_VALID = 'This link is not valid. Please check the link in your e-mail.';

describe.each(storages())('customer manage links on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const managed = (token: string) => t.app.inject({ url: `/api/customer/booking?token=${encodeURIComponent(token)}` });
  const reschedule = (token: string, newDateTime: string) =>
    t.app.inject({ method: 'PUT', url: '/api/customer/reschedule', payload: { token, newDateTime } });
  const cancel = (token: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/customer/confirm-cancel?token=${encodeURIComponent(token)}` });
  const mailTo = async (to: string, subject: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .where('subject', '=', subject)
      .execute();

  describe('GET /api/customer/booking', () => {
    it('shows which booking the link is about', async () => {
      const { token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-02', time: '10:00' }));
      const res = await managed(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        businessId: shop.businessId,
        businessName: 'Shiny Cars',
        serviceName: 'Full Detail',
        status: 'pending',
        bookingTime: { day: '2026-12-02', startTime: '10:00', endTime: '11:00' },
        timeZone: LA,
        timeFormat: '12h',
        version: 0,
        bookingPageUrl: expect.stringMatching(/^http:\/\/localhost:3000\/book\/shiny-cars(-\d+)?$/),
        // The pages wear the business's look (Slotwise's until the owner sets one).
        branding: {
          accentColor: '#4338ca',
          onAccent: '#ffffff',
          accentInk: '#4338ca',
          buttonText: 'Book now',
          buttonPosition: 'bottom-right',
          reportProblem: false,
          logoUrl: null,
        },
      });
    });

    it('refuses an unknown or missing token', async () => {
      const res = await managed('made-up-token');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(NOT_VALID);
      const missing = await t.app.inject({ url: '/api/customer/booking' });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('PUT /api/customer/reschedule', () => {
    it('moves the booking to a free slot, frees the old one and mails customer and owner', async () => {
      const { bookingId, token } = await bookAndToken(
        t,
        bookBody(shop, { date: '2026-12-03', time: '10:00', customerEmail: 'move@example.com' }),
      );
      const res = await reschedule(token, '2026-12-04T15:30');
      expect(res.statusCode).toBe(200);
      expect(res.json().bookingTime).toEqual({ day: '2026-12-04', startTime: '15:30', endTime: '16:30' });
      const row = await t.ctx.repos.bookings.find(shop.businessId, bookingId);
      expect(row).toMatchObject({
        day: '2026-12-04',
        start_time: '15:30',
        end_time: '16:30',
        status: 'pending',
        start_ms: localToUtcMs('2026-12-04', '15:30', LA),
        end_ms: localToUtcMs('2026-12-04', '16:30', LA),
      });
      expect(await availableTimes(t, { businessId: shop.businessId, date: '2026-12-03' })).toContain('10:00');
      const customer = await mailTo('move@example.com', 'Booking moved: Full Detail');
      expect(customer).toHaveLength(1);
      expect(customer[0]!.text_body).toContain(`/customer/reschedule?token=${token}&businessId=${shop.businessId}`);
      expect(await mailTo(shop.email, 'Booking rescheduled by Ada Lovelace')).toHaveLength(1);
      // The same link keeps working after a move.
      expect((await managed(token)).statusCode).toBe(200);
    });

    it('may move within its own time (overlapping where it was)', async () => {
      const { token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-07', time: '12:00' }));
      const res = await reschedule(token, '2026-12-07T12:30');
      expect(res.statusCode).toBe(200);
      expect(res.json().bookingTime.startTime).toBe('12:30');
    });

    it('obeys the slot rules: taken, off the grid, closed, past, too long, bad date', async () => {
      await book(t, bookBody(shop, { date: '2026-12-08', time: '14:00' }));
      const { token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-08', time: '10:00' }));
      const taken = await reschedule(token, '2026-12-08T13:30');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe('That time was just booked. Please pick another slot.');
      const off = await reschedule(token, '2026-12-08T10:10');
      expect(off.statusCode).toBe(400);
      expect(off.json().error).toMatch(/not one of the offered times/);
      expect((await reschedule(token, '2026-12-12T10:00')).json().error).toMatch(/closed on Saturdays/);
      expect((await reschedule(token, '2026-11-30T10:00')).statusCode).toBe(409);
      expect((await reschedule(token, '2026-12-08T18:30')).json().error).toMatch(/past closing time/);
      const bad = await reschedule(token, '2026-02-30T10:00');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/not a real date/);
      const shape = await reschedule(token, '2026-12-08 10:00');
      expect(shape.statusCode).toBe(400);
      expect(shape.json().error).toBe('Send the new time as YYYY-MM-DDTHH:MM.');
      expect((await reschedule('made-up', '2026-12-08T11:00')).json().error).toBe(NOT_VALID);
    });

    it('two customers moving into the same free slot at once: exactly one wins', async () => {
      const a = await bookAndToken(t, bookBody(shop, { date: '2026-12-09', time: '10:00' }));
      const b = await bookAndToken(t, bookBody(shop, { date: '2026-12-09', time: '12:00' }));
      const [ra, rb] = await Promise.all([
        reschedule(a.token, '2026-12-09T15:00'),
        reschedule(b.token, '2026-12-09T15:00'),
      ]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
      const at15 = await t.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('day', '=', '2026-12-09')
        .where('start_time', '=', '15:00')
        .execute();
      expect(at15).toHaveLength(1);
    });
  });

  describe('an owner drag and a customer reschedule of one booking at once (issue 20, item 9)', () => {
    const ownerMove = (bookingId: string, day: string, startTime: string, version?: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/business-dashboard/booking/reschedule',
        headers: shop.auth,
        payload: { bookingId, newTime: { day, startTime }, requestor: 'business', version },
      });
    const customerMove = (token: string, newDateTime: string, version?: number) =>
      t.app.inject({ method: 'PUT', url: '/api/customer/reschedule', payload: { token, newDateTime, version } });
    const ownerSees = async (bookingId: string) => {
      const res = await t.app.inject({ url: '/api/business-dashboard/bookings', headers: shop.auth });
      return (res.json().bookings as { _id: string; version?: number }[]).find((b) => b._id === bookingId);
    };

    it('each with the version it read: exactly one wins, the other gets 409 BOOKING_CHANGED with the time now', async () => {
      const { bookingId, token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-10', time: '10:00' }));
      const customerVersion = (await managed(token)).json().version;
      const ownerVersion = (await ownerSees(bookingId))?.version;
      expect(customerVersion).toBe(0);
      expect(ownerVersion).toBe(0);
      const [byOwner, byCustomer] = await Promise.all([
        ownerMove(bookingId, '2026-12-10', '14:00', ownerVersion),
        customerMove(token, '2026-12-11T11:00', customerVersion),
      ]);
      expect([byOwner.statusCode, byCustomer.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] = byOwner.statusCode === 200 ? [byOwner, byCustomer] : [byCustomer, byOwner];
      const row = await t.ctx.repos.bookings.find(shop.businessId, bookingId);
      expect(winner.json().bookingTime.startTime).toBe(row?.start_time);
      expect(row?.version).toBe(1);
      expect(loser.json().code).toBe('BOOKING_CHANGED');
      const now =
        row?.day === '2026-12-10' ? 'Thursday, December 10, 2026 at 2:00 PM' : 'Friday, December 11, 2026 at 11:00 AM';
      expect(loser.json().error).toBe(`This booking was changed meanwhile; it is now on ${now}. Reload and try again.`);
    });

    it('a stale version is refused for either side; a move without a version (old clients, embeds) still works', async () => {
      const { bookingId, token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-14', time: '10:00' }));
      expect((await customerMove(token, '2026-12-14T12:00', 0)).statusCode).toBe(200);
      const stale = await ownerMove(bookingId, '2026-12-14', '15:00', 0);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe(
        'This booking was changed meanwhile; it is now on Monday, December 14, 2026 at 12:00 PM. Reload and try again.',
      );
      expect((await ownerMove(bookingId, '2026-12-14', '15:00', 1)).statusCode).toBe(200);
      expect((await customerMove(token, '2026-12-14T13:00', 1)).json().code).toBe('BOOKING_CHANGED');
      expect((await customerMove(token, '2026-12-14T13:00')).statusCode).toBe(200);
      expect((await ownerMove(bookingId, '2026-12-14', '16:00')).statusCode).toBe(200);
      expect((await t.ctx.repos.bookings.find(shop.businessId, bookingId))?.version).toBe(4);
    });
  });

  describe('DELETE /api/customer/confirm-cancel', () => {
    it('cancels, frees the slot, mails both, and the link stops working', async () => {
      const { bookingId, token } = await bookAndToken(
        t,
        bookBody(shop, { date: '2026-12-10', time: '11:00', customerEmail: 'bye@example.com' }),
      );
      const res = await cancel(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your booking has been cancelled.' });
      expect((await t.ctx.repos.bookings.find(shop.businessId, bookingId))?.status).toBe('cancelled');
      expect(await availableTimes(t, { businessId: shop.businessId, date: '2026-12-10' })).toContain('11:00');
      expect(await mailTo('bye@example.com', 'Booking cancelled: Full Detail')).toHaveLength(1);
      expect(await mailTo(shop.email, 'Booking cancelled by Ada Lovelace')).toHaveLength(1);
      for (const again of [await cancel(token), await managed(token), await reschedule(token, '2026-12-10T12:00')]) {
        expect(again.statusCode).toBe(410);
        expect(again.json().error).toMatch(/has been cancelled, so this link no longer works/);
      }
    });

    it('leads a used link to the business\'s booking page ("Book again"), and says when nothing is known', async () => {
      const { token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-15', time: '16:00' }));
      const page = (query: string) => t.app.inject({ url: `/api/customer/booking-page?${query}` });
      const before = await page(`token=${encodeURIComponent(token)}`);
      expect(before.statusCode).toBe(200);
      expect((await cancel(token)).statusCode).toBe(200);
      const after = await page(`token=${encodeURIComponent(token)}`);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({
        businessName: 'Shiny Cars',
        url: expect.stringMatching(/^http:\/\/localhost:3000\/book\/shiny-cars(-\d+)?$/),
      });
      // An unknown token with the reschedule link's businessId still finds the business.
      const byId = await page(`token=made-up&businessId=${shop.businessId}`);
      expect(byId.json()).toEqual(after.json());
      const unknown = await page('token=made-up');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('BUSINESS_NOT_FOUND');
    });

    it('refuses an unknown token with 404 and a missing one with 400', async () => {
      const res = await cancel('nothing-like-a-token');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(NOT_VALID);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/customer/confirm-cancel' })).statusCode).toBe(400);
    });
  });

  describe('links that no longer work', () => {
    it('a declined booking answers 410', async () => {
      const { bookingId, token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-11', time: '10:00' }));
      await t.ctx.db.updateTable('bookings').set({ status: 'declined' }).where('id', '=', bookingId).execute();
      const res = await cancel(token);
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toMatch(/declined by the business/);
      expect((await t.ctx.repos.bookings.find(shop.businessId, bookingId))?.status).toBe('declined');
    });

    it('expires when the booking starts, pending or approved', async () => {
      const { bookingId, token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-14', time: '10:00' }));
      await t.ctx.db.updateTable('bookings').set({ status: 'approved' }).where('id', '=', bookingId).execute();
      const start = localToUtcMs('2026-12-14', '10:00', LA);
      t.clock.now = start - 60_000;
      try {
        expect((await managed(token)).statusCode).toBe(200);
        t.clock.now = start;
        for (const res of [await managed(token), await cancel(token), await reschedule(token, '2026-12-15T10:00')]) {
          expect(res.statusCode).toBe(410);
          expect(res.json().error).toMatch(/already started/);
        }
        t.clock.now = start + 2 * 3600_000;
        expect((await managed(token)).json().error).toMatch(/already started/);
      } finally {
        t.clock.now = START_CLOCK;
      }
      expect((await t.ctx.repos.bookings.find(shop.businessId, bookingId))?.status).toBe('approved');
    });

    it('a slots request with a used-up token is refused too', async () => {
      const { token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-16', time: '10:00' }));
      await cancel(token);
      const res = await t.app.inject({
        url: `/api/customer/get-available-slots?businessId=${shop.businessId}&date=2026-12-17&token=${token}`,
      });
      expect(res.statusCode).toBe(410);
    });
  });
});
