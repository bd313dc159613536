/**
 * Insights (issue 29; docs/decisions/029) through the API: the beacon's counters, the demand the
 * quote and booking calls record, and the owner's three calls on a scripted mix. The business is
 * the booking fixtures' detailer in Beverly Hills (90210, America/Los_Angeles); the clock stands at
 * Tuesday 2026-12-01 04:00 there, so its today is 2026-12-01 and this week starts Sunday 2026-11-29.
 */
import { randomUUID } from 'node:crypto';
import type { InsightsFunnel, InsightsMissed, InsightsWork, OperationsSettings } from '@slotwise/shared/api';
import { milesBetween } from '@slotwise/shared/geo';
import { BEACON_EVENTS_MAX, INSIGHTS_RANGE_MAX_DAYS, sundayIndex } from '@slotwise/shared/insights';
import { addDays } from '@slotwise/shared/slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipPlace } from '../../src/geocoder/offline.ts';
import { book, bookBody, CUSTOMER_ADDRESS, DAY, detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';
import { insertBooking } from './dashboard/fixtures.ts';

const TODAY = '2026-12-01';
const OFF: OperationsSettings = {
  travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
  maxDistanceMiles: null,
  changeCutoffHours: 0,
};
const d = '/api/business-dashboard';

describe.each(storages())('insights on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  beforeAll(async () => {
    t = await engineApp(kind);
  });
  afterAll(() => t.close());

  function beacon(body: unknown, headers: Record<string, string> = {}, contentType = 'text/plain;charset=UTF-8') {
    return t.app.inject({
      method: 'POST',
      url: '/api/customer/beacon',
      headers: { 'content-type': contentType, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }
  async function owner<T>(shop: Shop, path: string, from: string, to: string): Promise<T> {
    const res = await t.app.inject({ url: `${d}/insights/${path}?from=${from}&to=${to}`, headers: shop.auth });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }
  async function settings(shop: Shop, over: Partial<OperationsSettings>) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${d}/settings/operations`,
      headers: shop.auth,
      payload: { ...OFF, ...over },
    });
    if (res.statusCode !== 200) throw new Error(`settings failed: ${res.statusCode} ${res.body}`);
  }
  const demandRows = (shop: Shop) =>
    t.ctx.db
      .selectFrom('quote_demand')
      .select(['day', 'zip', 'outcome', 'miles', 'count', 'value_cents'])
      .where('business_id', '=', shop.businessId)
      .orderBy('outcome')
      .execute();

  describe('the beacon', () => {
    let shop: Shop;
    beforeAll(async () => {
      t.clock.now = Date.parse('2026-12-01T12:00:00Z');
      shop = await detailer(t);
    });

    it('counts text/plain JSON from another origin per source and day, a repeated step once', async () => {
      const site = { businessId: shop.businessId, source: 'site' };
      const first = await beacon(
        { ...site, events: [{ type: 'opened' }, { type: 'quoted' }, { type: 'opened' }, { type: 'slot' }] },
        { origin: 'https://www.Example.com' },
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ counted: 3 });
      expect(first.headers['access-control-allow-origin']).toBe('*');
      await beacon({ ...site, events: [{ type: 'opened' }] }, { origin: 'https://example.com' });
      await beacon(
        { ...site, events: [{ type: 'opened' }, { type: 'booked' }] },
        { origin: 'https://shop.example.org' },
      );
      // The booking page and its QR code keep no site, whatever the Origin (our own) says.
      await beacon(
        { businessId: shop.businessId, source: 'page', events: [{ type: 'opened' }] },
        { origin: 'http://localhost:3000' },
      );
      // application/json is read too; no Origin: a website with no host.
      const json = await beacon(
        { businessId: shop.businessId, source: 'qr', events: [{ type: 'opened' }] },
        {},
        'application/json',
      );
      expect(json.json()).toEqual({ counted: 1 });
      // The next day in Los Angeles.
      t.clock.now = Date.parse('2026-12-02T12:00:00Z');
      await beacon({ ...site, events: [{ type: 'opened' }, { type: 'quoted' }] }, { origin: 'https://example.com' });
      await beacon({ ...site, events: [{ type: 'opened' }] });

      const funnel = await owner<InsightsFunnel>(shop, 'funnel', '2026-11-30', '2026-12-03');
      expect(funnel.totals).toEqual({ opened: 7, quoted: 2, slot: 1, booked: 1 });
      expect(funnel.sources).toEqual([
        { kind: 'site', site: 'example.com', label: 'example.com', opened: 3, quoted: 2, slot: 1, booked: 0 },
        { kind: 'site', site: 'shop.example.org', label: 'shop.example.org', opened: 1, quoted: 0, slot: 0, booked: 1 },
        { kind: 'page', site: '', label: 'Booking page', opened: 1, quoted: 0, slot: 0, booked: 0 },
        { kind: 'qr', site: '', label: 'QR code', opened: 1, quoted: 0, slot: 0, booked: 0 },
        { kind: 'site', site: '', label: 'A website', opened: 1, quoted: 0, slot: 0, booked: 0 },
      ]);
      expect(funnel.days).toEqual([
        { day: '2026-11-30', opened: 0, quoted: 0, slot: 0, booked: 0 },
        { day: '2026-12-01', opened: 5, quoted: 1, slot: 1, booked: 1 },
        { day: '2026-12-02', opened: 2, quoted: 1, slot: 0, booked: 0 },
        { day: '2026-12-03', opened: 0, quoted: 0, slot: 0, booked: 0 },
      ]);
      // Counters, not events: one row per day, source, site and step.
      const rows = await t.ctx.db
        .selectFrom('funnel_days')
        .select(['day', 'source_kind', 'site', 'step', 'count'])
        .where('business_id', '=', shop.businessId)
        .where('day', '=', TODAY)
        .where('site', '=', 'example.com')
        .orderBy('step')
        .execute();
      expect(rows).toEqual([
        { day: TODAY, source_kind: 'site', site: 'example.com', step: 'opened', count: 2 },
        { day: TODAY, source_kind: 'site', site: 'example.com', step: 'quoted', count: 1 },
        { day: TODAY, source_kind: 'site', site: 'example.com', step: 'slot', count: 1 },
      ]);
      t.clock.now = Date.parse('2026-12-01T12:00:00Z');
    });

    it('counts full days and taken times by the day wanted and its part of the day', async () => {
      const full = (date: string, time?: string) => ({ type: 'full', date, ...(time ? { time } : {}) });
      const res = await beacon({
        businessId: shop.businessId,
        source: 'site',
        events: [
          full('2026-12-09', '10:00'),
          // The same morning again: the same wish, counted once.
          full('2026-12-09', '11:30'),
          full('2026-12-09', '18:00'),
          full('2026-12-05'),
          { type: 'opened' },
        ],
      });
      expect(res.json()).toEqual({ counted: 4 });
      await beacon({ businessId: shop.businessId, source: 'page', events: [full('2026-12-12')] });
      const rows = await t.ctx.db
        .selectFrom('full_taps')
        .select(['day', 'wanted_day', 'part', 'count'])
        .where('business_id', '=', shop.businessId)
        .orderBy('wanted_day')
        .orderBy('part')
        .execute();
      expect(rows).toEqual([
        { day: TODAY, wanted_day: '2026-12-05', part: '', count: 1 },
        { day: TODAY, wanted_day: '2026-12-09', part: 'evening', count: 1 },
        { day: TODAY, wanted_day: '2026-12-09', part: 'morning', count: 1 },
        { day: TODAY, wanted_day: '2026-12-12', part: '', count: 1 },
      ]);
      const missed = await owner<InsightsMissed>(shop, 'missed', TODAY, TODAY);
      // Saturdays (6) wanted whole twice; Wednesday (3) morning and evening once each.
      expect(missed.full).toEqual([
        { weekday: 6, part: null, count: 2 },
        { weekday: 3, part: 'morning', count: 1 },
        { weekday: 3, part: 'evening', count: 1 },
      ]);
      // Received on another day: outside this period.
      expect((await owner<InsightsMissed>(shop, 'missed', '2026-12-02', '2026-12-09')).full).toEqual([]);
    });

    it('refuses bad JSON (400 INVALID_BODY), too many events (400 VALIDATION_FAILED) and an unknown business (404)', async () => {
      const broken = await beacon('{"businessId": ');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({
        code: 'INVALID_BODY',
        error:
          'The beacon body is not valid JSON: send {"businessId", "source", "events"} as JSON, with Content-Type text/plain or application/json.',
      });
      expect((await beacon('')).json().code).toBe('INVALID_BODY');
      expect((await beacon('[1,2]')).json().code).toBe('INVALID_BODY');
      const many = await beacon({
        businessId: shop.businessId,
        source: 'site',
        events: Array.from({ length: BEACON_EVENTS_MAX + 1 }, () => ({ type: 'opened' })),
      });
      expect([many.statusCode, many.json()]).toEqual([
        400,
        { code: 'VALIDATION_FAILED', error: `Send at most ${BEACON_EVENTS_MAX} events at once.` },
      ]);
      const none = await beacon({ businessId: shop.businessId, source: 'site', events: [] });
      expect(none.json()).toEqual({ code: 'VALIDATION_FAILED', error: 'Send at least one event.' });
      const kind = await beacon({ businessId: shop.businessId, source: 'email', events: [{ type: 'opened' }] });
      expect(kind.json()).toEqual({ code: 'VALIDATION_FAILED', error: 'source must be one of site, page, qr.' });
      const stranger = randomUUID();
      const unknown = await beacon({ businessId: stranger, source: 'site', events: [{ type: 'opened' }] });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('BUSINESS_NOT_FOUND');
      expect(unknown.json().error).toContain(stranger);
    });

    it('reads text/plain as JSON for the beacon only', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer/quote',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ businessId: shop.businessId, serviceId: shop.fullId, address: CUSTOMER_ADDRESS }),
      });
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_BODY']);
    });
  });

  describe('demand from quotes and bookings', () => {
    let shop: Shop;
    const request = () => ({
      businessId: shop.businessId,
      serviceId: shop.fullId,
      answer: { option: 'SUV' },
      address: CUSTOMER_ADDRESS,
    });
    const quote = (body: unknown = request()) =>
      t.app.inject({ method: 'POST', url: '/api/customer/quote', payload: body as object });
    const home = zipPlace('90210')!;
    const santaMonica = zipPlace('90401')!;
    const miles = Math.ceil(milesBetween(home, santaMonica));

    beforeAll(async () => {
      t.clock.now = Date.parse('2026-12-01T12:00:00Z');
      shop = await detailer(t);
    });

    it('counts a served quote as quoted with its total, by ZIP code and whole miles', async () => {
      const res = await quote();
      expect(res.statusCode, res.body).toBe(200);
      const total = Math.round(res.json().totalQuote * 100);
      expect(await demandRows(shop)).toEqual([
        { day: TODAY, zip: '90401', outcome: 'quoted', miles, count: 1, value_cents: total },
      ]);
      await quote();
      expect((await demandRows(shop))[0]).toMatchObject({ count: 2, value_cents: 2 * total });
    });

    it('refuses a quote outside the service area as before, and counts it at the price it would have had', async () => {
      const served = Math.round((await quote()).json().totalQuote * 100);
      await t.ctx.db.deleteFrom('quote_demand').where('business_id', '=', shop.businessId).execute();
      await settings(shop, { maxDistanceMiles: 5 });
      const res = await quote();
      expect(res.statusCode).toBe(400);
      const distance = Math.round(milesBetween(home, santaMonica) * 100) / 100;
      expect(res.json()).toEqual({
        code: 'OUTSIDE_SERVICE_AREA',
        error: `We only serve addresses within 5 miles; this one is ${distance} miles away.`,
      });
      expect(await demandRows(shop)).toEqual([
        { day: TODAY, zip: '90401', outcome: 'outside_area', miles, count: 1, value_cents: served },
      ]);
      // A refused request whose answers cannot be priced is refused for the area first, and counts nothing.
      const unpriceable = await quote({ ...request(), answer: { option: 'Tractor' } });
      expect(unpriceable.json().code).toBe('OUTSIDE_SERVICE_AREA');
      expect(await demandRows(shop)).toHaveLength(1);
      await settings(shop, {});
    });

    it('counts a booking once, after it commits; its idempotent replay counts nothing', async () => {
      await t.ctx.db.deleteFrom('quote_demand').where('business_id', '=', shop.businessId).execute();
      const key = randomUUID();
      const body = bookBody(shop, { date: DAY, time: '12:00' });
      const first = await book(t, body, key);
      expect(first.statusCode, first.body).toBe(201);
      const total = Math.round(first.json().totalQuote * 100);
      const replay = await book(t, body, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await demandRows(shop)).toEqual([
        { day: TODAY, zip: '90401', outcome: 'booked', miles, count: 1, value_cents: total },
      ]);
      // A refused booking (the time is taken now) counts nothing.
      expect((await book(t, body)).statusCode).toBe(409);
      expect(await demandRows(shop)).toHaveLength(1);
    });

    it('answers the customer when the count fails, and logs it at warn', async () => {
      const repo = t.ctx.repos.insights;
      const countDemand = repo.countDemand;
      repo.countDemand = async () => {
        throw new Error('the counters are down');
      };
      try {
        const res = await quote();
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        repo.countDemand = countDemand;
      }
      const line = t.logs.find((l) => l.includes('insights: demand not counted'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!).level).toBe(40);
    });
  });

  describe('the owner calls on a scripted mix', () => {
    let shop: Shop;
    let other: Shop;
    beforeAll(async () => {
      t.clock.now = Date.parse('2026-12-01T12:00:00Z');
      shop = await detailer(t);
      other = await detailer(t);
      const seed = (over: Parameters<typeof insertBooking>[2]) => insertBooking(t.ctx, shop.businessId, over);
      const full = { serviceId: shop.fullId, serviceName: 'Full Detail' };
      const quick = { serviceId: shop.quickId, serviceName: 'Quick Wash' };
      // Last week (Sunday 2026-11-22): one completed, one approved whose end has passed (reads completed).
      await seed({
        ...quick,
        day: '2026-11-24',
        startTime: '14:00',
        endTime: '14:30',
        status: 'completed',
        totalCents: 5000,
      });
      await seed({
        ...full,
        day: '2026-11-25',
        startTime: '10:00',
        endTime: '11:00',
        status: 'approved',
        totalCents: 10000,
      });
      // This week: ahead, a service deleted since, and the ones that are not revenue going ahead.
      await seed({
        ...full,
        day: '2026-12-02',
        startTime: '10:00',
        endTime: '11:00',
        status: 'pending',
        totalCents: 12000,
      });
      await seed({
        ...quick,
        day: '2026-12-03',
        startTime: '10:30',
        endTime: '11:00',
        status: 'approved',
        totalCents: 8000,
      });
      await seed({
        serviceId: null,
        serviceName: 'Old Polish',
        day: '2026-11-30',
        startTime: '09:00',
        endTime: '10:00',
        status: 'pending',
        totalCents: 3000,
      });
      await seed({
        ...full,
        day: '2026-12-02',
        startTime: '12:00',
        endTime: '13:00',
        status: 'cancelled',
        totalCents: 7000,
      });
      const notAhead = ['declined', 'awaiting_payment', 'expired', 'needs_time', 'skipped'] as const;
      for (const [i, status] of notAhead.entries())
        await seed({
          ...full,
          day: '2026-12-04',
          startTime: `1${i}:00`,
          endTime: `1${i}:30`,
          status,
          totalCents: 99900,
        });
      // Before the chart's first week (2026-09-06) and the period.
      await seed({
        ...full,
        day: '2026-08-05',
        startTime: '10:00',
        endTime: '11:00',
        status: 'completed',
        totalCents: 50000,
      });
      const demand = (
        day: string,
        zip: string,
        outcome: 'quoted' | 'outside_area' | 'booked',
        miles: number,
        count: number,
        cents: number,
      ) =>
        t.ctx.repos.insights.countDemand({
          business_id: shop.businessId,
          day,
          zip,
          outcome,
          miles,
          count,
          value_cents: cents,
        });
      await demand('2026-11-20', '90401', 'quoted', 8, 3, 45000);
      await demand('2026-11-21', '90401', 'quoted', 7, 1, 15000);
      await demand('2026-11-21', '90401', 'booked', 8, 1, 15000);
      await demand('2026-11-22', '93030', 'outside_area', 45, 2, 30000);
      await demand('2026-11-23', '91761', 'outside_area', 46, 1, 20000);
      await demand('2026-11-23', '', 'quoted', 3, 1, 10000);
      // Outside the period.
      await demand('2026-10-01', '90401', 'quoted', 8, 100, 1_000_000);
      await settings(shop, { maxDistanceMiles: 40 });
    });

    it('answers money and work: the weeks, by service, the average quote and the heat grid', async () => {
      const work = await owner<InsightsWork>(shop, 'work', '2026-11-01', '2026-12-31');
      expect(work.weeks).toHaveLength(17);
      expect(work.weeks[0]!.weekStart).toBe('2026-09-06');
      expect(work.weeks.at(-1)!.weekStart).toBe('2026-12-27');
      const week = (start: string) => work.weeks.find((w) => w.weekStart === start);
      expect(week('2026-11-22')).toEqual({
        weekStart: '2026-11-22',
        bookedCount: 2,
        booked: 150,
        completedCount: 2,
        completed: 150,
        cancelledCount: 0,
        cancelled: 0,
        // No money was taken in this mix (the ledger's own test has some: dashboard/ledger.test.ts).
        collected: 0,
      });
      expect(week('2026-11-29')).toEqual({
        weekStart: '2026-11-29',
        bookedCount: 3,
        booked: 230,
        completedCount: 0,
        completed: 0,
        cancelledCount: 1,
        cancelled: 70,
        collected: 0,
      });
      expect(work.weeks.filter((w) => w.bookedCount + w.cancelledCount > 0)).toHaveLength(2);
      // Booked ahead counts this week's later days (Wednesday and Thursday), not only the weeks after;
      // Monday's is past and the cancelled one is not ahead.
      expect(work.ahead).toEqual({ from: '2026-12-01', to: '2027-01-02', bookedCount: 2, booked: 200 });
      expect(work.services).toEqual([
        { serviceId: shop.fullId, name: 'Full Detail', bookings: 2, revenue: 220 },
        { serviceId: shop.quickId, name: 'Quick Wash', bookings: 2, revenue: 130 },
        { serviceId: null, name: 'Old Polish', bookings: 1, revenue: 30 },
      ]);
      expect([work.quotes, work.averageQuote]).toEqual([5, 140]);
      expect(work.heat).toEqual([
        { weekday: 1, hour: 9, bookings: 1 },
        { weekday: 2, hour: 14, bookings: 1 },
        { weekday: 3, hour: 10, bookings: 2 },
        { weekday: 4, hour: 10, bookings: 1 },
      ]);
      // The period moves the services, quotes and heat, never the weeks.
      const narrow = await owner<InsightsWork>(shop, 'work', '2026-12-02', '2026-12-02');
      expect(narrow.weeks).toEqual(work.weeks);
      expect(narrow.ahead).toEqual(work.ahead);
      expect([narrow.services, narrow.quotes, narrow.averageQuote, narrow.heat]).toEqual([
        [{ serviceId: shop.fullId, name: 'Full Detail', bookings: 1, revenue: 120 }],
        0,
        null,
        [{ weekday: 3, hour: 10, bookings: 1 }],
      ]);
    });

    it('answers the missed work by ZIP code, the wider area and the map', async () => {
      const missed = await owner<InsightsMissed>(shop, 'missed', '2026-11-01', '2026-11-30');
      const home = zipPlace('90210')!;
      expect(missed.home).toEqual({ lat: home.lat, lng: home.lng });
      expect(missed.serviceAreaMiles).toBe(40);
      const at = (zip: string) => {
        const p = zipPlace(zip)!;
        return { place: p.place, lat: p.lat, lng: p.lng };
      };
      expect(missed.zips).toEqual([
        {
          zip: '90401',
          ...at('90401'),
          miles: 8,
          outsideArea: 0,
          outsideAreaValue: 0,
          quoted: 4,
          booked: 1,
          notBooked: 3,
          notBookedValue: 450,
        },
        {
          zip: '93030',
          ...at('93030'),
          miles: 45,
          outsideArea: 2,
          outsideAreaValue: 300,
          quoted: 0,
          booked: 0,
          notBooked: 0,
          notBookedValue: 0,
        },
        {
          zip: '91761',
          ...at('91761'),
          miles: 46,
          outsideArea: 1,
          outsideAreaValue: 200,
          quoted: 0,
          booked: 0,
          notBooked: 0,
          notBookedValue: 0,
        },
        {
          zip: '',
          place: '',
          lat: null,
          lng: null,
          miles: 3,
          outsideArea: 0,
          outsideAreaValue: 0,
          quoted: 1,
          booked: 0,
          notBooked: 1,
          notBookedValue: 100,
        },
      ]);
      expect(at('90401').place).toBe('Santa Monica, CA');
      // 40 + 5 miles reaches the 45-mile requests (Oxnard), not the 46-mile one (Ontario).
      expect(missed.wider).toEqual({ miles: 5, requests: 2, value: 300 });
      await settings(shop, { maxDistanceMiles: 41 });
      expect((await owner<InsightsMissed>(shop, 'missed', '2026-11-01', '2026-11-30')).wider).toEqual({
        miles: 5,
        requests: 3,
        value: 500,
      });
      await settings(shop, { maxDistanceMiles: null });
      const open = await owner<InsightsMissed>(shop, 'missed', '2026-11-01', '2026-11-30');
      expect([open.serviceAreaMiles, open.wider]).toEqual([null, null]);
      // Without a place of its own the business has no map centre and no distances.
      await t.ctx.db
        .updateTable('businesses')
        .set({ lat: null, lng: null })
        .where('id', '=', shop.businessId)
        .execute();
      const homeless = await owner<InsightsMissed>(shop, 'missed', '2026-11-01', '2026-11-30');
      expect(homeless.home).toBeNull();
      expect(homeless.zips.map((z) => z.miles)).toEqual([null, null, null, null]);
      await t.ctx.db
        .updateTable('businesses')
        .set({ lat: home.lat, lng: home.lng })
        .where('id', '=', shop.businessId)
        .execute();
      await settings(shop, { maxDistanceMiles: 40 });
    });

    it("reads the heat grid's weekdays in the database as sundayIndex does, across a leap day and a year end", async () => {
      const shop3 = await detailer(t);
      // A period of 397 days: 14 months whose first weekdays the database is told (repositories/insights.ts weekdayIn).
      const [from, to] = ['2027-12-01', '2028-12-31'];
      const days = ['2027-12-01', '2027-12-31', '2028-01-01', '2028-02-28', '2028-02-29', '2028-03-01', '2028-12-31'];
      for (let i = 0; i < 40; i++) days.push(addDays('2027-12-02', i * 10));
      const expected = new Map<number, number>();
      for (const day of new Set(days)) {
        expected.set(sundayIndex(day), (expected.get(sundayIndex(day)) ?? 0) + 1);
        await insertBooking(t.ctx, shop3.businessId, { day, startTime: '10:00', endTime: '10:30', status: 'pending' });
      }
      const work = await owner<InsightsWork>(shop3, 'work', from, to);
      expect(new Map(work.heat.map((h) => [h.weekday, h.bookings]))).toEqual(expected);
      expect(work.heat.every((h) => h.hour === 10)).toBe(true);
    });

    it('shows another owner none of it', async () => {
      const funnel = await owner<InsightsFunnel>(other, 'funnel', '2026-11-01', '2026-12-31');
      expect(funnel.totals).toEqual({ opened: 0, quoted: 0, slot: 0, booked: 0 });
      expect(funnel.sources).toEqual([]);
      const work = await owner<InsightsWork>(other, 'work', '2026-11-01', '2026-12-31');
      expect(work.weeks.every((w) => w.bookedCount === 0 && w.cancelledCount === 0)).toBe(true);
      expect([work.services, work.quotes, work.heat]).toEqual([[], 0, []]);
      const missed = await owner<InsightsMissed>(other, 'missed', '2026-11-01', '2026-12-31');
      expect([missed.zips, missed.full, missed.wider]).toEqual([[], [], null]);
    });

    it('refuses a period that ends before it starts, or is longer than 400 days, in the schema’s words', async () => {
      for (const path of ['funnel', 'work', 'missed']) {
        const ask = (query: string) => t.app.inject({ url: `${d}/insights/${path}?${query}`, headers: shop.auth });
        const backwards = await ask('from=2026-12-02&to=2026-12-01');
        expect([backwards.statusCode, backwards.json()]).toEqual([
          400,
          { code: 'VALIDATION_FAILED', error: 'The period must start on or before its last day (from <= to).' },
        ]);
        const long = await ask('from=2026-01-01&to=2027-02-05');
        expect([long.statusCode, long.json()]).toEqual([
          400,
          { code: 'VALIDATION_FAILED', error: `Choose a period of at most ${INSIGHTS_RANGE_MAX_DAYS} days.` },
        ]);
        expect((await ask('from=2026-01-01&to=2027-02-04')).statusCode).toBe(200);
        expect((await ask('to=2026-12-01')).json().code).toBe('VALIDATION_FAILED');
        expect((await ask('from=2026-02-30&to=2026-12-01')).json().code).toBe('VALIDATION_FAILED');
        const anonymous = await t.app.inject({ url: `${d}/insights/${path}?from=2026-12-01&to=2026-12-01` });
        expect(anonymous.statusCode).toBe(401);
      }
    });
  });
});
