/**
 * The owner's front door (docs/product.md#overview, #confirming-bookings): what waits for the
 * owner's answer, whatever its day, and bookings confirmed automatically, by the business's choice
 * or a service's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

describe.each(storages())('the front door on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  let n = 0;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const owner = (s: Shop, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/business-dashboard/${url}`,
      headers: s.auth,
      ...(payload ? { payload } : {}),
    });
  /** A booking by a new customer (one e-mail keeps at most 3 requests waiting). */
  const booked = async (s: Shop, over: Parameters<typeof bookBody>[1] = {}) => {
    n += 1;
    const res = await book(t, bookBody(s, { customerEmail: `front${n}@example.com`, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { bookingId: string; status: string };
  };
  const mailsFor = (bookingId: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .where('channel', '=', 'mail')
      .execute();
  const setConfirmation = (s: Shop, confirmation: string) => owner(s, 'PUT', 'settings/confirmation', { confirmation });

  describe('waiting requests', () => {
    it("lists every request waiting for this owner's answer, whatever its day, soonest first, and counts them", async () => {
      // Booked out of order: next week's first, then tomorrow's, then one in two weeks.
      const nextWeek = await booked(shop, { date: '2026-12-09', time: '11:00' });
      const tomorrow = await booked(shop, { date: DAY, time: '13:00' });
      const later = await booked(shop, { date: '2026-12-16', time: '10:00' });
      const decided = await booked(shop, { date: '2026-12-10', time: '10:00' });
      expect((await owner(shop, 'PUT', `booking/approve/${decided.bookingId}`)).statusCode).toBe(200);
      const elsewhere = await booked(other, { date: '2026-12-08', time: '10:00' });

      const res = await owner(shop, 'GET', 'bookings/waiting');
      expect(res.statusCode).toBe(200);
      const answer = res.json() as { count: number; bookings: { _id: string; status: string }[] };
      expect(answer.bookings.map((b) => b._id)).toEqual([tomorrow.bookingId, nextWeek.bookingId, later.bookingId]);
      expect(answer.count).toBe(3);
      expect(answer.bookings.every((b) => b.status === 'pending')).toBe(true);
      // The other business sees only its own.
      const theirs = (await owner(other, 'GET', 'bookings/waiting')).json();
      expect(theirs).toMatchObject({ count: 1, bookings: [{ _id: elsewhere.bookingId }] });
      // Today's call still answers today's only (the first specification's call, unchanged).
      expect((await owner(shop, 'GET', 'bookings/today')).json().bookings).toEqual([]);
    });

    it('drops a request once it is declined', async () => {
      const before = (await owner(shop, 'GET', 'bookings/waiting')).json();
      const first = before.bookings[0]._id as string;
      expect((await owner(shop, 'PUT', `booking/decline/${first}`)).statusCode).toBe(200);
      const after = (await owner(shop, 'GET', 'bookings/waiting')).json();
      expect(after.count).toBe(before.count - 1);
      expect(after.bookings.map((b: { _id: string }) => b._id)).not.toContain(first);
    });

    it('needs the owner signed in', async () => {
      const res = await t.app.inject({ url: '/api/business-dashboard/bookings/waiting' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('confirming automatically', () => {
    it('starts as confirming bookings myself, and refuses a choice it does not know', async () => {
      // With how long requests wait (docs/decisions/051; jobs/request-expiry.test.ts).
      expect((await owner(shop, 'GET', 'settings/confirmation')).json()).toEqual({
        confirmation: 'myself',
        nudgeHours: 2,
        expiryHours: 24,
      });
      const res = await setConfirmation(shop, 'sometimes');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: expect.stringContaining("'automatically'"),
      });
    });

    it("creates the customer's booking approved, mails them the confirmation and tells the owner it was confirmed automatically", async () => {
      expect((await setConfirmation(shop, 'automatically')).json()).toEqual({
        confirmation: 'automatically',
        nudgeHours: 2,
        expiryHours: 24,
      });
      const catalogue = (await t.app.inject({ url: `/api/customer/business/${shop.businessId}` })).json();
      expect(catalogue.services.length).toBeGreaterThan(1);
      expect(catalogue.services.every((s: { confirmsAutomatically: boolean }) => s.confirmsAutomatically)).toBe(true);

      const res = await booked(shop, { date: '2026-12-11', time: '10:00' });
      expect(res.status).toBe('approved');
      const row = await t.ctx.db
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', res.bookingId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('approved');
      const mails = await mailsFor(res.bookingId);
      const subjects = mails.map((m) => m.subject).sort();
      expect(subjects).toEqual([
        'Booking confirmed: Full Detail',
        'New booking, confirmed automatically: Ada Lovelace',
      ]);
      const notice = mails.find((m) => m.to_address === shop.email)!;
      expect(notice.text_body).toContain('It was confirmed automatically, as you chose in Settings');
      // Nothing waits for the owner.
      const waiting = (await owner(shop, 'GET', 'bookings/waiting')).json();
      expect(waiting.bookings.map((b: { _id: string }) => b._id)).not.toContain(res.bookingId);
    });

    it("lets a service choose otherwise, both ways, and the catalogue says each service's words", async () => {
      // The business confirms automatically; Quick Wash is confirmed by the owner.
      const quick = await owner(shop, 'PUT', `service/edit/${shop.quickId}`, {
        serviceName: 'Quick Wash',
        duration: 30,
        price: 25.5,
        confirmation: 'myself',
      });
      expect(quick.json()).toMatchObject({ confirmation: 'myself' });
      const byOwner = await booked(shop, { serviceId: shop.quickId, date: '2026-12-11', time: '14:00' });
      expect(byOwner.status).toBe('pending');
      expect((await mailsFor(byOwner.bookingId)).map((m) => m.subject).sort()).toEqual([
        'Booking request received: Quick Wash',
        'New booking to approve: Ada Lovelace',
      ]);

      // The business confirms itself; Full Detail is confirmed automatically.
      await setConfirmation(shop, 'myself');
      await owner(shop, 'PUT', `service/edit/${shop.fullId}`, {
        serviceName: 'Full Detail',
        duration: 60,
        price: 120,
        confirmation: 'automatically',
      });
      const catalogue = (await t.app.inject({ url: `/api/customer/business/${shop.businessId}` })).json();
      const says = Object.fromEntries(
        catalogue.services.map((s: { _id: string; confirmsAutomatically: boolean }) => [
          s._id,
          s.confirmsAutomatically,
        ]),
      );
      expect([says[shop.fullId], says[shop.quickId]]).toEqual([true, undefined]);
      expect((await booked(shop, { date: '2026-12-14', time: '10:00' })).status).toBe('approved');
      expect((await booked(shop, { serviceId: shop.quickId, date: '2026-12-14', time: '14:00' })).status).toBe(
        'pending',
      );

      // Back to the business's choice: an edit that leaves it out keeps it; 'business' follows Settings.
      const kept = await owner(shop, 'PUT', `service/edit/${shop.fullId}`, {
        serviceName: 'Full Detail',
        duration: 60,
        price: 120,
      });
      expect(kept.json()).toMatchObject({ confirmation: 'automatically' });
      const following = await owner(shop, 'PUT', `service/edit/${shop.fullId}`, {
        serviceName: 'Full Detail',
        duration: 60,
        price: 120,
        confirmation: 'business',
      });
      expect(following.json().confirmation).toBeUndefined();
      const listed = (await owner(shop, 'GET', 'services')).json().services;
      expect(listed.find((x: { _id: string }) => x._id === shop.quickId).confirmation).toBe('myself');
      expect((await booked(shop, { date: '2026-12-15', time: '10:00' })).status).toBe('pending');
    });
  });
});
