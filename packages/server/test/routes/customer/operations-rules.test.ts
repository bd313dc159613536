/**
 * Issue 8 items 2, 3 and 6 through the API: travel-aware slots, booking and
 * reschedule; the service area on quote and booking; the change cut-off on the
 * manage links. The business is in Beverly Hills (90210), open 10:00-19:00 on
 * Wednesday 2026-12-02. Distances by the offline gazetteer (milesBetween):
 * Beverly Hills - Santa Monica 7 mi, Beverly Hills - Oxnard 44.8 mi,
 * Beverly Hills - Ontario 45.3 mi, Santa Monica - Oxnard 41.4 mi.
 */
import type { OperationsSettings } from '@slotwise/shared/api';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableTimes,
  book,
  bookAndToken,
  bookBody,
  CUSTOMER_ADDRESS,
  DAY,
  detailer,
  engineApp,
  LA,
  type Shop,
  START_CLOCK,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const BEVERLY_HILLS = '1, Beverly Hills, CA 90210, USA';
const OXNARD = '1, Oxnard, CA 93030, USA';
const ONTARIO = '1, Ontario, CA 91761, USA';
const TRAVEL = 'There is not enough time to travel to you between other jobs at this time. Please pick another slot.';
const OFF: OperationsSettings = {
  travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
  maxDistanceMiles: null,
  changeCutoffHours: 0,
};
const HOUR = 3_600_000;

describe.each(storages())('operations rules on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  beforeAll(async () => {
    t = await engineApp(kind);
  });
  afterAll(() => t.close());

  async function settings(shop: Shop, over: Partial<OperationsSettings>) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/operations',
      headers: shop.auth,
      payload: { ...OFF, ...over },
    });
    if (res.statusCode !== 200) throw new Error(`settings failed: ${res.statusCode} ${res.body}`);
  }
  const travel = (speedMph = 30, bufferMinutes = 0) => ({ travel: { enabled: true, speedMph, bufferMinutes } });

  describe('travel-aware slots', () => {
    let shop: Shop;
    const day = { date: DAY };
    const widget = (address?: string) => ({
      businessId: shop.businessId,
      date: DAY,
      serviceId: shop.fullId,
      ...(address ? { address } : {}),
    });
    const BETWEEN = ['11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00'];
    const AFTER = ['17:00', '17:30', '18:00'];

    beforeAll(async () => {
      shop = await detailer(t);
      t.clock.now = START_CLOCK;
      // Two jobs far apart, booked before the owner turned travel on: Santa Monica 10-11, Oxnard 16-17.
      await bookAndToken(t, bookBody(shop, { ...day, time: '10:00', address: CUSTOMER_ADDRESS }));
      await bookAndToken(t, bookBody(shop, { ...day, time: '16:00', address: OXNARD }));
    });

    it('are not touched while the owner does not travel, address or not', async () => {
      await settings(shop, OFF);
      expect(await availableTimes(t, widget(BEVERLY_HILLS))).toEqual([...BETWEEN, ...AFTER]);
    });

    it('shrink between two distant jobs when the owner travels (30 mph, no buffer)', async () => {
      await settings(shop, travel());
      // 14 minutes from Santa Monica: 11:30 at the earliest; 90 minutes on to Oxnard: over by 13:30.
      // After Oxnard (17:00) the 90-minute drive back leaves no hour before closing.
      expect(await availableTimes(t, widget(BEVERLY_HILLS))).toEqual(['11:30', '12:00', '12:30', '13:00', '13:30']);
    });

    it('leave room for the buffer on both drives', async () => {
      await settings(shop, travel(30, 30));
      expect(await availableTimes(t, widget(BEVERLY_HILLS))).toEqual(['12:00', '12:30', '13:00']);
    });

    it('follow the average speed', async () => {
      await settings(shop, travel(60));
      // 7 and 45 minutes: 11:07 at the earliest; done by 15:15.
      // After Oxnard (17:00), 45 minutes back leaves 18:00.
      expect(await availableTimes(t, widget(BEVERLY_HILLS))).toEqual([
        '11:30',
        '12:00',
        '12:30',
        '13:00',
        '13:30',
        '14:00',
        '18:00',
      ]);
    });

    it('ignore travel without the customer address', async () => {
      await settings(shop, travel());
      expect(await availableTimes(t, widget())).toEqual([...BETWEEN, ...AFTER]);
    });

    it('start the day from the business address', async () => {
      await settings(shop, travel());
      // An empty Thursday: Ontario is 45.3 miles (91 minutes) from Beverly Hills; nearby Santa Monica 14 minutes.
      const thursday = { ...widget(ONTARIO), date: '2026-12-03' };
      expect((await availableTimes(t, thursday)).slice(0, 2)).toEqual(['12:00', '12:30']);
      const nearby = { ...widget(CUSTOMER_ADDRESS), date: '2026-12-03' };
      expect((await availableTimes(t, nearby))[0]).toBe('10:30');
      const home = { ...widget(BEVERLY_HILLS), date: '2026-12-03' };
      expect((await availableTimes(t, home))[0]).toBe('10:00');
    });

    it('refuse an address that cannot be located', async () => {
      await settings(shop, travel());
      const res = await t.app.inject({
        url: `/api/customer/get-available-slots?${new URLSearchParams(widget('1, Nowhere Atall, ZZ 00000, USA'))}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/could not locate that address/);
    });

    describe('booking and moving', () => {
      let token: string;
      let bookingId: string;

      it('booking refuses a time the owner cannot drive to, and takes one that fits', async () => {
        await settings(shop, travel());
        const refused = await book(t, bookBody(shop, { ...day, time: '14:00', address: BEVERLY_HILLS }));
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(TRAVEL);
        const early = await book(t, bookBody(shop, { ...day, time: '11:00', address: BEVERLY_HILLS }));
        expect(early.statusCode).toBe(409);
        expect(early.json().error).toBe(TRAVEL);
        ({ token, bookingId } = await bookAndToken(
          t,
          bookBody(shop, { ...day, time: '12:00', address: BEVERLY_HILLS, customerEmail: 'bev@example.com' }),
        ));
      });

      it("the reschedule link's slots leave room for the drive from the booking's own address", async () => {
        const times = await availableTimes(t, { businessId: shop.businessId, date: DAY, token });
        expect(times).toEqual(['11:30', '12:00', '12:30', '13:00', '13:30']);
      });

      it('customer reschedule refuses a time without the drive, and moves to one with it', async () => {
        const move = (newDateTime: string) =>
          t.app.inject({ method: 'PUT', url: '/api/customer/reschedule', payload: { token, newDateTime } });
        const refused = await move(`${DAY}T14:00`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(TRAVEL);
        const moved = await move(`${DAY}T13:30`);
        expect(moved.statusCode).toBe(200);
        expect(moved.json().bookingTime).toEqual({ day: DAY, startTime: '13:30', endTime: '14:30' });
      });

      it('the owner may still drag a booking where the drive does not fit (owner knows best)', async () => {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/business-dashboard/booking/reschedule',
          headers: shop.auth,
          payload: { bookingId, newTime: { day: DAY, startTime: '14:30' }, requestor: 'business' },
        });
        expect(res.statusCode).toBe(200);
      });

      it('the calendar gets the drives as travel blocks, with the squeeze visible', async () => {
        const res = await t.app.inject({
          url: `/api/business-dashboard/travel-blocks?from=${DAY}&to=${DAY}`,
          headers: shop.auth,
        });
        expect(res.statusCode).toBe(200);
        const at = (time: string) => new Date(localToUtcMs(DAY, time, LA)).toISOString();
        const blocks = res.json() as { toBookingId: string; fromBookingId: string | null; crewId: string }[];
        // One crew: its route is the owner's, from the business address.
        expect(new Set(blocks.map((b) => b.crewId)).size).toBe(1);
        expect(blocks.map(({ fromBookingId: _f, toBookingId: _t, crewId: _c, ...rest }) => rest)).toEqual([
          { startTime: at('09:46'), endTime: at('10:00'), minutes: 14 },
          { startTime: at('11:00'), endTime: at('11:14'), minutes: 14 },
          // Dragged by the owner to 14:30-15:30, 90 minutes from Oxnard at 16:00: drawn whole.
          { startTime: at('15:30'), endTime: at('17:00'), minutes: 90 },
        ]);
        expect(blocks[0]!.fromBookingId).toBeNull();
        expect(blocks[1]!.toBookingId).toBe(bookingId);
        expect(blocks[2]!.fromBookingId).toBe(bookingId);
      });

      it('travel blocks: none while the owner does not travel; the range is checked; owners only', async () => {
        await settings(shop, OFF);
        const url = `/api/business-dashboard/travel-blocks?from=${DAY}&to=${DAY}`;
        expect((await t.app.inject({ url, headers: shop.auth })).json()).toEqual([]);
        expect((await t.app.inject({ url })).statusCode).toBe(401);
        for (const [query, message] of [
          ['from=2026-12-05&to=2026-12-01', /starts \(2026-12-05\) after it ends/],
          ['from=2026-01-01&to=2026-12-31', /at most 62 days/],
          [`from=${DAY}`, /YYYY-MM-DD/],
        ] as const) {
          const res = await t.app.inject({ url: `/api/business-dashboard/travel-blocks?${query}`, headers: shop.auth });
          expect(res.statusCode).toBe(400);
          expect(res.json().error).toMatch(message);
        }
      });
    });
  });

  describe('service area', () => {
    let shop: Shop;
    beforeAll(async () => {
      shop = await detailer(t);
      t.clock.now = START_CLOCK;
    });
    const quote = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customer/quote',
        payload: { businessId: shop.businessId, serviceId: shop.fullId, answer: { option: 'SUV' }, address },
      });

    it('serves anywhere without a limit', async () => {
      await settings(shop, OFF);
      expect((await quote(ONTARIO)).statusCode).toBe(200);
    });

    it('quote refuses an address beyond the limit, naming both distances', async () => {
      await settings(shop, { maxDistanceMiles: 25 });
      const res = await quote(ONTARIO);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('We only serve addresses within 25 miles; this one is 45.3 miles away.');
      expect((await quote(CUSTOMER_ADDRESS)).statusCode).toBe(200);
    });

    it('serves an address exactly at the limit, and refuses it a tenth of a mile inside', async () => {
      await settings(shop, { maxDistanceMiles: 7 });
      expect((await quote(CUSTOMER_ADDRESS)).statusCode).toBe(200);
      await settings(shop, { maxDistanceMiles: 6.9 });
      const res = await quote(CUSTOMER_ADDRESS);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('We only serve addresses within 6.9 miles; this one is 7 miles away.');
    });

    it('booking refuses an address beyond the limit too, and books nothing', async () => {
      await settings(shop, { maxDistanceMiles: 25 });
      const res = await book(t, bookBody(shop, { address: ONTARIO }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('We only serve addresses within 25 miles; this one is 45.3 miles away.');
      const rows = await t.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('business_id', '=', shop.businessId)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('change cut-off', () => {
    let shop: Shop;
    let email: string;
    /** 2026-12-02 10:00 in Los Angeles: 30 hours after START_CLOCK. */
    const start = localToUtcMs(DAY, '10:00', LA);
    const managed = (token: string) => t.app.inject({ url: `/api/customer/booking?token=${token}` });
    const reschedule = (token: string) =>
      t.app.inject({ method: 'PUT', url: '/api/customer/reschedule', payload: { token, newDateTime: `${DAY}T15:00` } });
    const cancel = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/customer/confirm-cancel?token=${token}` });
    const slotsFor = (token: string) =>
      t.app.inject({
        url: `/api/customer/get-available-slots?businessId=${shop.businessId}&date=${DAY}&token=${token}`,
      });

    beforeAll(async () => {
      shop = await detailer(t);
      email = shop.email;
    });

    let bookingId = '';
    /** A new pending booking at 10:00 (earlier ones cancelled to free the time); its token. */
    async function freshBooking(): Promise<string> {
      t.clock.now = START_CLOCK;
      await t.ctx.db
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('business_id', '=', shop.businessId)
        .execute();
      const made = await bookAndToken(t, bookBody(shop, { date: DAY, time: '10:00' }));
      bookingId = made.bookingId;
      return made.token;
    }

    it('with none, the links work until the booking starts', async () => {
      await settings(shop, OFF);
      const token = await freshBooking();
      t.clock.now = start - 60_000;
      const res = await managed(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().changeLocked).toBeUndefined();
      expect((await slotsFor(token)).statusCode).toBe(200);
      expect((await reschedule(token)).statusCode).toBe(200);
    });

    it.each([2, 12, 24])('with %i hours, links still work a millisecond before the cut-off', async (hours) => {
      await settings(shop, { changeCutoffHours: hours as OperationsSettings['changeCutoffHours'] });
      const token = await freshBooking();
      t.clock.now = start - hours * HOUR - 1;
      expect((await managed(token)).json().changeLocked).toBeUndefined();
      expect((await slotsFor(token)).statusCode).toBe(200);
      expect((await cancel(token)).statusCode).toBe(200);
    });

    it.each([2, 12, 24])(
      'with %i hours, from the cut-off the page says why and whom to contact, and changes are refused',
      async (hours) => {
        await settings(shop, { changeCutoffHours: hours as OperationsSettings['changeCutoffHours'] });
        const token = await freshBooking();
        t.clock.now = start - hours * HOUR;
        const reason = `Changes are no longer possible online within ${hours} hours of the booking.`;
        const shown = await managed(token);
        expect(shown.statusCode).toBe(200);
        expect(shown.json().changeLocked).toEqual({
          reason,
          // Stored and answered as E.164; the page formats it, the sentence below says it as people read it.
          contact: { businessName: 'Shiny Cars', email, phone: '+15551234567' },
        });
        expect(shown.json().bookingTime).toEqual({ day: DAY, startTime: '10:00', endTime: '11:00' });
        const message = `${reason} Please contact Shiny Cars at ${email} or (555) 123-4567.`;
        for (const res of [await reschedule(token), await cancel(token), await slotsFor(token)]) {
          expect(res.statusCode).toBe(409);
          expect(res.json().error).toBe(message);
        }
        const row = await t.ctx.db
          .selectFrom('bookings')
          .select(['status', 'start_time'])
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'pending', start_time: '10:00' });
      },
    );

    it('48 hours is already past 30 hours before the start', async () => {
      await settings(shop, { changeCutoffHours: 48 });
      const token = await freshBooking();
      expect((await cancel(token)).statusCode).toBe(409);
      expect((await managed(token)).json().changeLocked.reason).toBe(
        'Changes are no longer possible online within 48 hours of the booking.',
      );
    });

    it('a started booking still answers 410, as before', async () => {
      await settings(shop, { changeCutoffHours: 24 });
      const token = await freshBooking();
      t.clock.now = start;
      expect((await managed(token)).statusCode).toBe(410);
    });
  });
});
