import { randomUUID } from 'node:crypto';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableTimes,
  bookAndToken,
  bookBody,
  CUSTOMER_ADDRESS,
  DAY,
  detailer,
  engineApp,
  LA,
  SATURDAY,
  type Shop,
  START_CLOCK,
  setQuestions,
  slots,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

describe.each(storages())('customer catalogue on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  describe('GET /api/customer/business/:businessId', () => {
    it('describes the business, its services, questions and distance pricing', async () => {
      const res = await t.app.inject({ url: `/api/customer/business/${shop.businessId}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        businessId: shop.businessId,
        name: 'Shiny Cars',
        niche: 'car-detailing',
        timeZone: LA,
        timeFormat: '12h',
        distancePricing: true,
        questions: [
          {
            _id: expect.any(String),
            question: 'Vehicle size',
            type: 'dropdown',
            options: [
              { text: 'Sedan', value: 0, extraMinutes: 0 },
              { text: 'SUV', value: 25, extraMinutes: 0 },
            ],
            required: true,
            serviceIds: null,
          },
        ],
      });
      expect(body.services).toEqual(
        expect.arrayContaining([
          { _id: shop.fullId, serviceName: 'Full Detail', duration: 60, price: 120 },
          { _id: shop.quickId, serviceName: 'Quick Wash', duration: 30, price: 25.5 },
        ]),
      );
    });

    it('answers 404 for an unknown business and 400 for a malformed id', async () => {
      const unknown = await t.app.inject({ url: `/api/customer/business/${randomUUID()}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatch(/No business has the id .* Check the businessId/);
      const bad = await t.app.inject({ url: '/api/customer/business/not-a-uuid' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/not a business id/);
    });

    it('is open to any origin (CORS) without credentials', async () => {
      const res = await t.app.inject({
        url: `/api/customer/business/${shop.businessId}`,
        headers: { origin: 'https://owner-site.example' },
      });
      // `*`: any site may read it, and no browser sends cookies or credentials with it.
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    });
  });

  describe('GET /api/customer/get-available-slots', () => {
    it('gives the 30-minute grid of the business hours, all free on an empty day', async () => {
      const res = await slots(t, { businessId: shop.businessId, date: DAY });
      expect(res.statusCode).toBe(200);
      const list = res.json().slots as { time: string; available: boolean }[];
      expect(list).toHaveLength(18);
      expect(list[0]).toEqual({ time: '10:00', available: true });
      expect(list.at(-1)).toEqual({ time: '18:30', available: true });
    });

    it('gives no slots on a closed day', async () => {
      const res = await slots(t, { businessId: shop.businessId, date: SATURDAY });
      expect(res.json()).toEqual({ slots: [] });
    });

    it('uses the service duration: a 60-minute service cannot start at 18:30', async () => {
      const times = await availableTimes(t, { businessId: shop.businessId, date: DAY, serviceId: shop.fullId });
      expect(times.at(-1)).toBe('18:00');
    });

    it.each([
      [{ date: DAY }, /businessId is required/],
      [{ businessId: 'nope', date: DAY }, /businessId is not a valid business id/],
      [{ businessId: 'BID', date: '2026-02-30' }, /date must be a real date written YYYY-MM-DD/],
      [{ businessId: 'BID', date: '12/02/2026' }, /date must be a real date/],
      [{ businessId: 'BID' }, /date is required/],
      [{ businessId: 'BID', date: DAY, serviceId: 'x' }, /serviceId is not a valid service id/],
    ])('refuses %j with a clear 400', async (query, message) => {
      const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === 'BID' ? shop.businessId : v]));
      const res = await slots(t, q);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    });

    it('answers 404 for an unknown business or service, 400 for both serviceId and token', async () => {
      expect((await slots(t, { businessId: randomUUID(), date: DAY })).statusCode).toBe(404);
      const svc = await slots(t, { businessId: shop.businessId, date: DAY, serviceId: randomUUID() });
      expect(svc.statusCode).toBe(404);
      expect(svc.json().error).toMatch(/service is not offered/);
      const both = await slots(t, { businessId: shop.businessId, date: DAY, serviceId: shop.fullId, token: 'x' });
      expect(both.statusCode).toBe(400);
      expect(both.json().error).toBe('Send either serviceId or token, not both.');
    });

    it('is right on a daylight-saving change day in the business zone', async () => {
      const night = await detailer(t);
      await t.ctx.repos.availability.save(t.ctx.db, night.businessId, [
        { day: 'Sunday', startTime: '00:00', endTime: '04:00' },
      ]);
      // Los Angeles springs forward on 2027-03-14: 02:00-02:59 does not exist.
      const spring = await slots(t, { businessId: night.businessId, date: '2027-03-14' });
      expect((spring.json().slots as { time: string }[]).map((s) => s.time)).toEqual([
        '00:00',
        '00:30',
        '01:00',
        '01:30',
        '03:00',
        '03:30',
      ]);
      // And falls back on 2027-11-07: 01:00-01:59 happens twice but is offered once.
      const fall = await slots(t, { businessId: night.businessId, date: '2027-11-07' });
      expect((fall.json().slots as { time: string }[]).map((s) => s.time)).toEqual([
        '00:00',
        '00:30',
        '01:00',
        '01:30',
        '02:00',
        '02:30',
        '03:00',
        '03:30',
      ]);
    });

    it('marks slots in the past, and inside the minimum notice, unavailable', async () => {
      t.clock.now = localToUtcMs(DAY, '12:10', LA);
      try {
        // The default notice is 2 hours: 12:10 + 2 h -> the first slot is 14:30.
        expect((await availableTimes(t, { businessId: shop.businessId, date: DAY }))[0]).toBe('14:30');
        await t.ctx.repos.businesses.update(shop.businessId, { min_notice_minutes: 0 });
        expect((await availableTimes(t, { businessId: shop.businessId, date: DAY }))[0]).toBe('12:30');
      } finally {
        await t.ctx.repos.businesses.update(shop.businessId, { min_notice_minutes: 120 });
        t.clock.now = START_CLOCK;
      }
    });

    it('offers nothing past the booking horizon', async () => {
      // START_CLOCK is 2026-12-01: 90 days ahead is 2027-03-01.
      const inside = await availableTimes(t, { businessId: shop.businessId, date: '2027-03-01' });
      expect(inside.length).toBeGreaterThan(0);
      expect(await availableTimes(t, { businessId: shop.businessId, date: '2027-03-02' })).toEqual([]);
    });

    it('marks slots overlapping a booking or a blocked time unavailable, back-to-back stays free', async () => {
      const day = '2026-12-03';
      await bookAndToken(t, bookBody(shop, { date: day, time: '12:00' }));
      await t.ctx.repos.calendar.insertBlocked(t.ctx.db, {
        id: randomUUID(),
        business_id: shop.businessId,
        title: 'Lunch',
        reason: 'lunch',
        start_ms: localToUtcMs(day, '15:00', LA),
        end_ms: localToUtcMs(day, '15:10', LA),
        created_at: t.ctx.now(),
      });
      const times = await availableTimes(t, { businessId: shop.businessId, date: day, serviceId: shop.fullId });
      expect(times).toContain('11:00');
      expect(times).not.toContain('11:30');
      expect(times).not.toContain('12:00');
      expect(times).not.toContain('12:30');
      expect(times).toContain('13:00');
      expect(times).not.toContain('14:30');
      expect(times).not.toContain('15:00');
      expect(times).toContain('15:30');
    });

    it('with a manage token uses that booking duration and ignores its own time', async () => {
      const day = '2026-12-04';
      const { token } = await bookAndToken(t, bookBody(shop, { date: day, time: '14:00' }));
      const mine = await availableTimes(t, { businessId: shop.businessId, date: day, token });
      // 60 minutes from the booking; its own 14:00-15:00 does not block a move to 14:30.
      expect(mine).toContain('14:00');
      expect(mine).toContain('14:30');
      expect(mine.at(-1)).toBe('18:00');
      const others = await availableTimes(t, { businessId: shop.businessId, date: day, serviceId: shop.fullId });
      expect(others).not.toContain('14:30');
    });

    it('refuses a token that is unknown or belongs to another business', async () => {
      const unknown = await slots(t, { businessId: shop.businessId, date: DAY, token: 'not-a-real-token' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('This link is not valid. Please check the link in your e-mail.');
      const { token } = await bookAndToken(t, bookBody(shop, { date: '2026-12-07', time: '10:00' }));
      const other = await detailer(t);
      const res = await slots(t, { businessId: other.businessId, date: DAY, token });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('POST /api/customer/quote', () => {
    const quote = (body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/customer/quote', payload: body as object });

    it('adds service, dropdown option and distance, computed on the server', async () => {
      const res = await quote({
        businessId: shop.businessId,
        serviceId: shop.fullId,
        answer: { option: 'SUV' },
        address: CUSTOMER_ADDRESS,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.miles).toBeGreaterThan(5);
      expect(body.miles).toBeLessThan(15);
      expect(Math.round(body.miles * 10)).toBe(body.miles * 10);
      const distance = Math.round(150 * body.miles) / 100;
      expect(body.lines).toEqual([
        { label: 'Full Detail', amount: 120 },
        { label: 'Vehicle size: SUV', amount: 25 },
        { label: `Distance: ${body.miles} mi × $1.50/mi`, amount: distance },
      ]);
      expect(body.totalQuote).toBeCloseTo(145 + distance, 10);
      // The offline geocoder keeps the street line and measures from its ZIP code.
      expect(body.distanceEstimatedFrom).toBe('zip');
    });

    it('says the distance is estimated from the city when the address has no ZIP code', async () => {
      const res = await quote({
        businessId: shop.businessId,
        serviceId: shop.fullId,
        answer: { option: 'SUV' },
        address: '5 Ocean Ave, Santa Monica, CA, USA',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ distanceEstimatedFrom: 'city', miles: expect.any(Number) });
    });

    it.each(['Santa Monica, CA 90401, USA', 'Santa Monica, CA, USA', '90401'])(
      'refuses "%s", a place with no street, asking for the street address',
      async (address) => {
        const res = await quote({
          businessId: shop.businessId,
          serviceId: shop.fullId,
          answer: { option: 'SUV' },
          address,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'ADDRESS_NEEDS_STREET',
          error: 'Add your street address (house number and street), like 1100 Congress Ave.',
        });
      },
    );

    it('charges nothing for distance once the owner switched it off, and again once switched on', async () => {
      const other = await detailer(t);
      const setDistance = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/business-dashboard/settings/update-distance-pricing',
          headers: other.auth,
          payload,
        });
      const request = {
        businessId: other.businessId,
        serviceId: other.fullId,
        answer: { option: 'Sedan' },
        address: CUSTOMER_ADDRESS,
      };
      expect((await setDistance({ chargeForDistance: false })).statusCode).toBe(200);
      expect((await quote(request)).json()).toEqual({
        lines: [
          { label: 'Full Detail', amount: 120 },
          { label: 'Vehicle size: Sedan', amount: 0 },
        ],
        totalQuote: 120,
        miles: null,
        distanceEstimatedFrom: null,
      });
      const business = await t.app.inject({ url: `/api/customer/business/${other.businessId}` });
      expect(business.json().distancePricing).toBe(false);

      expect((await setDistance({ chargeForDistance: true, pricePerMile: 1.5 })).statusCode).toBe(200);
      const on = (await quote(request)).json();
      expect(on.lines.at(-1)).toEqual({ label: `Distance: ${on.miles} mi × $1.50/mi`, amount: expect.any(Number) });
    });

    it('multiplies a rate question by the quantity', async () => {
      const other = await detailer(t);
      await t.ctx.db
        .updateTable('businesses')
        .set({ price_per_mile_cents: 0 })
        .where('id', '=', other.businessId)
        .execute();
      await setQuestions(t, other.businessId, [{ question: 'Seats', type: 'rate', rate: 10.5 }]);
      const res = await quote({
        businessId: other.businessId,
        serviceId: other.quickId,
        answer: { quantity: 3 },
        address: CUSTOMER_ADDRESS,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        lines: [
          { label: 'Quick Wash', amount: 25.5 },
          { label: 'Seats: 3 × $10.50', amount: 31.5 },
        ],
        totalQuote: 57,
        miles: null,
        distanceEstimatedFrom: null,
      });
    });

    it('refuses an address it cannot locate with the exact message', async () => {
      const res = await quote({
        businessId: shop.businessId,
        serviceId: shop.fullId,
        answer: { option: 'SUV' },
        address: 'Nowhere in particular',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('We could not locate that address. Please pick one of the suggestions.');
    });

    it('refuses an answer the business does not offer, an unknown service or business', async () => {
      const base = { businessId: shop.businessId, serviceId: shop.fullId, address: CUSTOMER_ADDRESS };
      const wrong = await quote({ ...base, answer: { option: 'Truck' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe('Answer "Vehicle size" with one of: Sedan, SUV.');
      const missing = await quote(base);
      expect(missing.statusCode).toBe(400);
      expect((await quote({ ...base, serviceId: randomUUID(), answer: { option: 'SUV' } })).statusCode).toBe(404);
      expect((await quote({ ...base, businessId: randomUUID(), answer: { option: 'SUV' } })).statusCode).toBe(404);
      const noAddress = await quote({ ...base, address: '', answer: { option: 'SUV' } });
      expect(noAddress.statusCode).toBe(400);
      expect(noAddress.json().error).toBe('Address is required.');
    });

    it('ignores any price the customer sends', async () => {
      const res = await quote({
        businessId: shop.businessId,
        serviceId: shop.fullId,
        answer: { option: 'Sedan' },
        address: CUSTOMER_ADDRESS,
        totalQuote: 1,
        lines: [{ label: 'Full Detail', amount: 0 }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().totalQuote).toBeGreaterThan(120);
    });
  });
});
