import { randomUUID } from 'node:crypto';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableTimes, book, bookBody, detailer, engineApp, LA, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const base = '/api/business-dashboard';
const iso = (day: string, time: string) => new Date(localToUtcMs(day, time, LA)).toISOString();

describe.each(storages())('owner calendar on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
  });
  afterAll(() => t.close());

  const moveBooking = (owner: Shop, bookingId: string, day: string, startTime: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${base}/booking/reschedule`,
      headers: owner.auth,
      payload: { bookingId, newTime: { day, startTime }, requestor: 'business' },
    });
  const newBooking = async (day: string, time: string, over: object = {}) => {
    const res = await book(t, bookBody(shop, { date: day, time, ...over }));
    if (res.statusCode !== 201) throw new Error(`booking failed: ${res.body}`);
    return res.json().bookingId as string;
  };
  const block = (owner: Shop, payload: object) =>
    t.app.inject({ method: 'POST', url: `${base}/blocked-time`, headers: owner.auth, payload });
  const moveBlock = (owner: Shop, id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `${base}/blocked-time/${id}/reschedule`, headers: owner.auth, payload });

  describe('PUT booking/reschedule', () => {
    it('moves a booking keeping its duration, and mails the customer the new time', async () => {
      const id = await newBooking('2026-12-02', '10:00', { customerEmail: 'dragged@example.com' });
      const res = await moveBooking(shop, id, '2026-12-03', '15:00');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: id,
        status: 'pending',
        bookingTime: { day: '2026-12-03', startTime: '15:00', endTime: '16:00' },
      });
      const row = await t.ctx.repos.bookings.find(shop.businessId, id);
      expect(row?.start_ms).toBe(localToUtcMs('2026-12-03', '15:00', LA));
      expect(row?.end_ms).toBe(localToUtcMs('2026-12-03', '16:00', LA));
      const mail = await t.ctx.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', 'dragged@example.com')
        .where('subject', '=', 'Booking moved: Full Detail')
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text_body).toMatch(/3:00 PM – 4:00 PM/);
      expect(mail[0]!.text_body).toContain('/customer/cancel?token=');
    });

    it("writes the refusals' times on a 24-hour owner's clock", async () => {
      await t.ctx.repos.businesses.update(shop.businessId, { time_format: '24h' });
      try {
        const held = await newBooking('2026-12-22', '10:00');
        await t.ctx.db.updateTable('bookings').set({ status: 'approved' }).where('id', '=', held).execute();
        const id = await newBooking('2026-12-22', '14:00');
        expect((await moveBooking(shop, id, '2026-12-22', '10:30')).json().error).toBe(
          'That time overlaps a booking (Full Detail, 2026-12-22 10:00 – 11:00). Pick a free time.',
        );
        expect((await moveBooking(shop, id, '2026-12-22', '09:30')).json().error).toMatch(
          /outside the business hours \(Tuesday 10:00 – 19:00\)/,
        );
      } finally {
        await t.ctx.repos.businesses.update(shop.businessId, { time_format: '12h' });
      }
    });

    it('allows a move off the half-hour grid and back-to-back with another booking', async () => {
      await newBooking('2026-12-04', '10:00');
      const id = await newBooking('2026-12-04', '13:00');
      expect((await moveBooking(shop, id, '2026-12-04', '11:00')).statusCode).toBe(200);
      expect((await moveBooking(shop, id, '2026-12-04', '12:15')).statusCode).toBe(200);
    });

    it('refuses overlap with another pending or approved booking, naming it', async () => {
      const held = await newBooking('2026-12-07', '10:00');
      await t.ctx.db.updateTable('bookings').set({ status: 'approved' }).where('id', '=', held).execute();
      const id = await newBooking('2026-12-07', '14:00');
      const res = await moveBooking(shop, id, '2026-12-07', '10:30');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        'That time overlaps a booking (Full Detail, 2026-12-07 10:00 AM – 11:00 AM). Pick a free time.',
      );
      expect((await t.ctx.repos.bookings.find(shop.businessId, id))?.start_time).toBe('14:00');
    });

    it('refuses overlap with a blocked time', async () => {
      const created = await block(shop, {
        reason: 'lunch',
        title: 'Lunch',
        startTime: iso('2026-12-08', '12:00'),
        endTime: iso('2026-12-08', '13:00'),
      });
      expect(created.statusCode).toBe(201);
      const id = await newBooking('2026-12-08', '10:00');
      const res = await moveBooking(shop, id, '2026-12-08', '12:30');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/overlaps the blocked time "Lunch" \(2026-12-08 12:00 PM – 1:00 PM\)/);
    });

    it('names the booking when a booking and a blocked time both overlap, and never the booking being moved', async () => {
      const held = await newBooking('2027-01-05', '11:00');
      // A block over a booking is refused through the API; one from before the booking, say, is still there.
      await t.ctx.db
        .insertInto('blocked_times')
        .values({
          id: randomUUID(),
          business_id: shop.businessId,
          title: 'Supplier call',
          reason: 'meeting',
          start_ms: localToUtcMs('2027-01-05', '10:00', LA),
          end_ms: localToUtcMs('2027-01-05', '12:00', LA),
          created_at: 0,
        })
        .execute();
      const id = await newBooking('2027-01-05', '15:00');
      const both = await moveBooking(shop, id, '2027-01-05', '11:00');
      expect(both.statusCode).toBe(409);
      expect(both.json().error).toMatch(/overlaps a booking \(Full Detail, 2027-01-05 11:00 AM – 12:00 PM\)/);
      // The held booking moving within its own time meets only the blocked time.
      const self = await moveBooking(shop, held, '2027-01-05', '11:30');
      expect(self.statusCode).toBe(409);
      expect(self.json().error).toMatch(/overlaps the blocked time "Supplier call"/);
    });

    it.each([
      ['2026-12-09', '09:30', /outside the business hours \(Wednesday 10:00 AM – 7:00 PM\)/],
      ['2026-12-09', '18:30', /outside the business hours/],
      ['2026-12-12', '11:00', /outside the business hours \(closed on Saturdays\)/],
    ])('refuses a move to %s %s outside business hours', async (day, time, message) => {
      const id = await newBooking('2026-12-09', '10:00');
      const res = await moveBooking(shop, id, day, time);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(message);
      await t.ctx.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', id).execute();
    });

    it('refuses a move into the past and a move of a cancelled booking', async () => {
      const id = await newBooking('2026-12-10', '10:00');
      const past = await moveBooking(shop, id, '2026-11-30', '11:00');
      expect(past.statusCode).toBe(409);
      expect(past.json().error).toMatch(/already passed/);
      await t.ctx.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', id).execute();
      const res = await moveBooking(shop, id, '2026-12-10', '12:00');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Only pending or approved bookings can be moved; this one is cancelled.');
    });

    it("answers 404 for another owner's booking or an unknown id, 400 for a bad body, 401 without a token", async () => {
      const id = await newBooking('2026-12-11', '10:00');
      const foreign = await moveBooking(other, id, '2026-12-11', '12:00');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error).toMatch(/was not found among your bookings/);
      expect((await t.ctx.repos.bookings.find(shop.businessId, id))?.start_time).toBe('10:00');
      expect((await moveBooking(shop, randomUUID(), '2026-12-11', '12:00')).statusCode).toBe(404);
      expect((await moveBooking(shop, 'nope', '2026-12-11', '12:00')).statusCode).toBe(400);
      expect((await moveBooking(shop, id, '2026-12-11', '25:00')).statusCode).toBe(400);
      const requestor = await t.app.inject({
        method: 'PUT',
        url: `${base}/booking/reschedule`,
        headers: shop.auth,
        payload: { bookingId: id, newTime: { day: '2026-12-11', startTime: '12:00' }, requestor: 'customer' },
      });
      expect(requestor.statusCode).toBe(400);
      expect(requestor.json().error).toBe('requestor must be "business".');
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: `${base}/booking/reschedule`,
        payload: { bookingId: id, newTime: { day: '2026-12-11', startTime: '12:00' }, requestor: 'business' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('two concurrent moves into the same free slot: exactly one wins', async () => {
      const a = await newBooking('2026-12-14', '10:00');
      const b = await newBooking('2026-12-14', '12:00');
      const [ra, rb] = await Promise.all([
        moveBooking(shop, a, '2026-12-14', '16:00'),
        moveBooking(shop, b, '2026-12-14', '16:30'),
      ]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
      const late = await t.ctx.db
        .selectFrom('bookings')
        .select('start_time')
        .where('business_id', '=', shop.businessId)
        .where('day', '=', '2026-12-14')
        .where('start_time', 'in', ['16:00', '16:30'])
        .execute();
      expect(late).toHaveLength(1);
    });

    it('refuses a wall time the clocks skip for daylight saving', async () => {
      const id = await newBooking('2026-12-15', '10:00');
      const res = await moveBooking(shop, id, '2027-03-14', '02:30');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/2:30 AM does not exist on 2027-03-14 in Pacific Time, Los Angeles/);
    });
  });

  describe('blocked times', () => {
    it('creates with the default title, lists by range, moves and deletes', async () => {
      const created = await block(shop, {
        reason: 'meeting',
        startTime: iso('2026-12-16', '09:00'),
        endTime: iso('2026-12-16', '09:30'),
      });
      expect(created.statusCode).toBe(201);
      const item = created.json();
      expect(item).toEqual({
        _id: expect.any(String),
        title: 'Blocked Time',
        reason: 'meeting',
        startTime: '2026-12-16T17:00:00.000Z',
        endTime: '2026-12-16T17:30:00.000Z',
      });
      const blank = await block(shop, {
        reason: 'custom',
        title: '   ',
        startTime: iso('2026-12-17', '09:00'),
        endTime: iso('2026-12-17', '09:30'),
      });
      expect(blank.json().title).toBe('Blocked Time');

      const list = async (query: string) =>
        (await t.app.inject({ url: `${base}/blocked-times${query}`, headers: shop.auth })).json() as { _id: string }[];
      expect((await list('?from=2026-12-16&to=2026-12-16')).map((b) => b._id)).toEqual([item._id]);
      expect((await list('?from=2026-12-17&to=2026-12-31')).map((b) => b._id)).toEqual([blank.json()._id]);
      expect((await list('')).map((b) => b._id)).toEqual(expect.arrayContaining([item._id, blank.json()._id]));
      const reversed = await t.app.inject({
        url: `${base}/blocked-times?from=2026-12-17&to=2026-12-16`,
        headers: shop.auth,
      });
      expect(reversed.statusCode).toBe(400);

      const moved = await moveBlock(shop, item._id, {
        startTime: iso('2026-12-16', '10:00'),
        endTime: iso('2026-12-16', '11:30'),
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ _id: item._id, title: 'Blocked Time', endTime: '2026-12-16T19:30:00.000Z' });
      expect(await availableTimes(t, { businessId: shop.businessId, date: '2026-12-16' })).not.toContain('11:00');

      const del = await t.app.inject({ method: 'DELETE', url: `${base}/blocked-time/${item._id}`, headers: shop.auth });
      expect(del.statusCode).toBe(200);
      expect(await availableTimes(t, { businessId: shop.businessId, date: '2026-12-16' })).toContain('11:00');
      const again = await t.app.inject({
        method: 'DELETE',
        url: `${base}/blocked-time/${item._id}`,
        headers: shop.auth,
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses a block over a pending or approved booking, allows one over another block or a cancelled booking', async () => {
      const id = await newBooking('2026-12-18', '10:00');
      const res = await block(shop, {
        reason: 'lunch',
        startTime: iso('2026-12-18', '10:30'),
        endTime: iso('2026-12-18', '12:00'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        'That time overlaps a booking (Full Detail, 2026-12-18 10:00 AM – 11:00 AM). Move or decline the booking first, then block the time.',
      );
      const back = await block(shop, {
        reason: 'lunch',
        startTime: iso('2026-12-18', '11:00'),
        endTime: iso('2026-12-18', '12:00'),
      });
      expect(back.statusCode).toBe(201);
      const overBlock = await block(shop, {
        reason: 'meeting',
        startTime: iso('2026-12-18', '11:30'),
        endTime: iso('2026-12-18', '12:30'),
      });
      expect(overBlock.statusCode).toBe(201);
      await t.ctx.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', id).execute();
      expect(
        (
          await block(shop, {
            reason: 'offline',
            startTime: iso('2026-12-18', '10:00'),
            endTime: iso('2026-12-18', '10:30'),
          })
        ).statusCode,
      ).toBe(201);
    });

    it('refuses moving a block onto a booking', async () => {
      await newBooking('2026-12-21', '14:00');
      const created = await block(shop, {
        reason: 'lunch',
        startTime: iso('2026-12-21', '12:00'),
        endTime: iso('2026-12-21', '13:00'),
      });
      const res = await moveBlock(shop, created.json()._id, {
        startTime: iso('2026-12-21', '13:30'),
        endTime: iso('2026-12-21', '14:30'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/overlaps a booking \(Full Detail, 2026-12-21 2:00 PM – 3:00 PM\)/);
    });

    it.each([
      [
        { reason: 'lunch', startTime: iso('2026-12-22', '12:00'), endTime: iso('2026-12-22', '12:00') },
        /End time must be after start time/,
      ],
      [
        { reason: 'lunch', startTime: iso('2026-12-22', '12:00'), endTime: iso('2026-12-22', '11:00') },
        /End time must be after start time/,
      ],
      [
        { reason: 'nap', startTime: iso('2026-12-22', '12:00'), endTime: iso('2026-12-22', '13:00') },
        /Reason must be one of/,
      ],
      [{ reason: 'lunch', startTime: '2026-12-22 12:00', endTime: iso('2026-12-22', '13:00') }, /ISO 8601/],
      [
        { reason: 'lunch', startTime: iso('2026-12-01', '12:00'), endTime: iso('2027-01-22', '13:00') },
        /at most 31 days/,
      ],
    ])('refuses a bad block %j with 400', async (payload, message) => {
      const res = await block(shop, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    });

    it("cannot see, move or delete another owner's blocked time", async () => {
      const created = await block(shop, {
        reason: 'lunch',
        startTime: iso('2026-12-23', '12:00'),
        endTime: iso('2026-12-23', '13:00'),
      });
      const id = created.json()._id as string;
      const theirs = await t.app.inject({ url: `${base}/blocked-times`, headers: other.auth });
      expect((theirs.json() as { _id: string }[]).map((b) => b._id)).not.toContain(id);
      const move = await moveBlock(other, id, {
        startTime: iso('2026-12-23', '14:00'),
        endTime: iso('2026-12-23', '15:00'),
      });
      expect(move.statusCode).toBe(404);
      expect(move.json().error).toMatch(/was not found in your calendar/);
      const del = await t.app.inject({ method: 'DELETE', url: `${base}/blocked-time/${id}`, headers: other.auth });
      expect(del.statusCode).toBe(404);
      expect(await t.ctx.repos.calendar.findBlocked(shop.businessId, id)).toBeDefined();
      expect(
        (
          await moveBlock(shop, 'not-an-id', {
            startTime: iso('2026-12-23', '14:00'),
            endTime: iso('2026-12-23', '15:00'),
          })
        ).statusCode,
      ).toBe(400);
      expect((await t.app.inject({ url: `${base}/blocked-times` })).statusCode).toBe(401);
    });

    it('a booking and a block racing for the same time: exactly one wins', async () => {
      const day = '2026-12-28';
      const [booked, blocked] = await Promise.all([
        book(t, bookBody(shop, { date: day, time: '10:00' })),
        block(shop, { reason: 'lunch', startTime: iso(day, '10:30'), endTime: iso(day, '11:30') }),
      ]);
      expect([booked.statusCode, blocked.statusCode].sort()).toEqual([201, 409].sort());
    });
  });
});
