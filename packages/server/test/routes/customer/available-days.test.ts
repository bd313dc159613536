/**
 * GET /api/customer/available-days (issue 22, item 2): each day of a month as the widget's
 * grid shows it, from one read of the month's calendar and the same rule as the slots call
 * (domain/available-days.ts).
 */
import { randomUUID } from 'node:crypto';
import type { OperationsSettings } from '@slotwise/shared/api';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableTimes,
  bookAndToken,
  bookBody,
  CUSTOMER_ADDRESS,
  detailer,
  engineApp,
  LA,
  type Shop,
  START_CLOCK,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const ONTARIO = '1, Ontario, CA 91761, USA';
const OXNARD = '1, Oxnard, CA 93030, USA';
const OFF: OperationsSettings = {
  travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
  maxDistanceMiles: null,
  changeCutoffHours: 0,
};

type Day = { date: string; status: string };

describe.each(storages())('available days on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string>) =>
    t.app.inject({ url: `/api/customer/available-days?${new URLSearchParams(query)}` });
  async function month(m: string, over: Record<string, string> = {}, who: Shop = shop) {
    const res = await get({ businessId: who.businessId, month: m, serviceId: who.fullId, ...over });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { month: string; today: string; lastDay: string; days: Day[] };
  }
  const statusOf = (days: Day[], date: string) => days.find((d) => d.date === date)?.status;
  async function settings(who: Shop, over: Partial<OperationsSettings>) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/operations',
      headers: who.auth,
      payload: { ...OFF, ...over },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const blockDay = (who: Shop, day: string) =>
    t.ctx.repos.calendar.insertBlocked(t.ctx.db, {
      id: randomUUID(),
      business_id: who.businessId,
      title: 'Away',
      reason: 'other',
      start_ms: localToUtcMs(day, '00:00', LA),
      end_ms: localToUtcMs(day, '23:59', LA),
      created_at: t.ctx.now(),
    });

  it("gives a manage link's month with the booking's own time free, as its day's slots do", async () => {
    const day = '2026-12-17';
    const { token } = await bookAndToken(
      t,
      bookBody(shop, { date: day, time: '10:00', customerEmail: 'month@example.com' }),
    );
    const block = (from: string, to: string) =>
      t.ctx.repos.calendar.insertBlocked(t.ctx.db, {
        id: randomUUID(),
        business_id: shop.businessId,
        title: 'Away',
        reason: 'other',
        start_ms: localToUtcMs(day, from, LA),
        end_ms: localToUtcMs(day, to, LA),
        created_at: t.ctx.now(),
      });
    await block('00:00', '10:00');
    await block('11:00', '23:59');
    expect(statusOf((await month('2026-12')).days, day)).toBe('full');
    const moving = await get({ businessId: shop.businessId, month: '2026-12', token });
    expect(moving.statusCode, moving.body).toBe(200);
    expect(statusOf(moving.json().days, day)).toBe('free');
    expect(await availableTimes(t, { businessId: shop.businessId, date: day, token })).toEqual(['10:00']);
    // Another business's id with the link: refused as the slots call refuses it.
    const other = await detailer(t);
    const wrong = await get({ businessId: other.businessId, month: '2026-12', token });
    expect(wrong.json().code).toBe('LINK_INVALID');
  });

  it('answers every day of the month: free, closed at weekends, with today and the last bookable day', async () => {
    const body = await month('2026-12');
    expect(body.month).toBe('2026-12');
    // START_CLOCK: Tuesday 2026-12-01 04:00 in Los Angeles; 90 days ahead is 2027-03-01.
    expect(body.today).toBe('2026-12-01');
    expect(body.lastDay).toBe('2027-03-01');
    expect(body.days).toHaveLength(31);
    expect(body.days[0]).toEqual({ date: '2026-12-01', status: 'free' });
    expect(statusOf(body.days, '2026-12-05')).toBe('closed');
    expect(statusOf(body.days, '2026-12-06')).toBe('closed');
    expect(statusOf(body.days, '2026-12-31')).toBe('free');
    expect((await month('2027-02')).days).toHaveLength(28);
  });

  it('marks a day full when nothing is free, and says so at once after the write (same cache as slots)', async () => {
    expect(statusOf((await month('2026-12')).days, '2026-12-10')).toBe('free');
    await blockDay(shop, '2026-12-10');
    expect(statusOf((await month('2026-12')).days, '2026-12-10')).toBe('full');
  });

  it('agrees with the slots call on every day (one rule)', async () => {
    await bookAndToken(t, bookBody(shop, { date: '2026-12-14', time: '17:00' }));
    const { days } = await month('2026-12');
    for (const { date, status } of days) {
      const free = (await availableTimes(t, { businessId: shop.businessId, date, serviceId: shop.fullId })).length;
      expect([date, free > 0]).toEqual([date, status === 'free']);
    }
  });

  it('reads days gone by, and a day whose times have all passed, as past', async () => {
    expect((await month('2026-11')).days.every((d) => d.status === 'past')).toBe(true);
    // Wednesday 2026-12-02 at 18:00: its last 60-minute slot (18:00) is inside the 2-hour notice.
    t.clock.now = localToUtcMs('2026-12-02', '18:00', LA);
    try {
      const { days, today } = await month('2026-12');
      expect(today).toBe('2026-12-02');
      expect(statusOf(days, '2026-12-01')).toBe('past');
      expect(statusOf(days, '2026-12-02')).toBe('past');
      expect(statusOf(days, '2026-12-03')).toBe('free');
    } finally {
      t.clock.now = START_CLOCK;
    }
  });

  it('reads days past the booking horizon as beyond', async () => {
    const { days } = await month('2027-03');
    expect(statusOf(days, '2027-03-01')).toBe('free');
    expect(days.slice(1).every((d) => d.status === 'beyond')).toBe(true);
    expect((await month('2030-01')).days.every((d) => d.status === 'beyond')).toBe(true);
  });

  it.each([
    ['2026-13', /month must be a month written YYYY-MM/],
    ['2026-1', /month must be a month written YYYY-MM/],
    ['2026-12-01', /month must be a month written YYYY-MM/],
    [undefined, /month is required/],
  ])('refuses month %j with a 400 VALIDATION_FAILED', async (m, message) => {
    const res = await get({ businessId: shop.businessId, ...(m === undefined ? {} : { month: m }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().error).toMatch(message);
  });

  it('answers 404 for an unknown business or service', async () => {
    const business = await get({ businessId: randomUUID(), month: '2026-12' });
    expect([business.statusCode, business.json().code]).toEqual([404, 'BUSINESS_NOT_FOUND']);
    const service = await get({ businessId: shop.businessId, month: '2026-12', serviceId: randomUUID() });
    expect(service.statusCode).toBe(404);
  });

  describe('with a place', () => {
    let far: Shop;
    beforeAll(async () => {
      far = await detailer(t, `far-${kind}@example.com`);
      // Two jobs far apart on Wednesday 2026-12-16: Santa Monica 10-11, Oxnard 16-17.
      await bookAndToken(t, bookBody(far, { date: '2026-12-16', time: '10:00', address: CUSTOMER_ADDRESS }));
      await bookAndToken(t, bookBody(far, { date: '2026-12-16', time: '16:00', address: OXNARD }));
    });

    it('refuses an address outside the service area, and answers one inside it', async () => {
      await settings(far, { maxDistanceMiles: 25 });
      const res = await get({ businessId: far.businessId, month: '2026-12', address: ONTARIO });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'OUTSIDE_SERVICE_AREA',
        error: 'We only serve addresses within 25 miles; this one is 45.3 miles away.',
      });
      expect(statusOf((await month('2026-12', { address: CUSTOMER_ADDRESS }, far)).days, '2026-12-16')).toBe('free');
    });

    it('refuses an address that cannot be located when the place matters', async () => {
      await settings(far, { maxDistanceMiles: 25 });
      const res = await get({ businessId: far.businessId, month: '2026-12', address: 'Nowhere at all 00000' });
      expect([res.statusCode, res.json().code]).toEqual([400, 'ADDRESS_NOT_FOUND']);
    });

    it('leaves room for travel: a day the owner cannot drive to reads full, as its slots do', async () => {
      // 5 mph: from Ontario nothing between, before or after the two jobs can be reached.
      await settings(far, { travel: { enabled: true, speedMph: 5, bufferMinutes: 0 } });
      const query = { businessId: far.businessId, date: '2026-12-16', serviceId: far.fullId };
      expect(await availableTimes(t, { ...query, address: ONTARIO })).toEqual([]);
      expect(statusOf((await month('2026-12', { address: ONTARIO }, far)).days, '2026-12-16')).toBe('full');
      // Without a place travel is not applied, as in the slots call.
      expect(statusOf((await month('2026-12', {}, far)).days, '2026-12-16')).toBe('free');
      await settings(far, OFF);
    });
  });

  describe('on clock-change days (America/New_York)', () => {
    let ny: Shop;
    beforeAll(async () => {
      ny = await detailer(t, `ny-${kind}@example.com`);
      const owner = (url: string, payload: object) =>
        t.app.inject({ method: 'PUT', url: `/api/business-dashboard/${url}`, headers: ny.auth, payload });
      expect((await owner('settings/time-zone', { timeZone: 'America/New_York' })).statusCode).toBe(200);
      // Sundays 02:00-03:30: on the spring change (2027-03-14) 02:00-02:59 does not exist.
      const open = await owner('availability/update-single', { day: 'Sunday', startTime: '02:00', endTime: '03:30' });
      expect(open.statusCode).toBe(200);
    });

    it('offers the spring-forward Sunday only what exists, and the autumn one its repeated hour', async () => {
      t.clock.now = Date.parse('2027-03-01T12:00:00Z');
      try {
        // 60 minutes: on 2027-03-14 the day opens at 03:00 EDT, and 03:00-04:00 runs past 03:30.
        const spring = (await month('2027-03', {}, ny)).days;
        expect(statusOf(spring, '2027-03-07')).toBe('free');
        expect(statusOf(spring, '2027-03-14')).toBe('full');
        expect(statusOf(spring, '2027-03-13')).toBe('closed');
        expect(statusOf(spring, '2027-03-21')).toBe('free');
        // 30 minutes fit: 03:00 EDT is offered.
        const short = (await month('2027-03', { serviceId: ny.quickId }, ny)).days;
        expect(statusOf(short, '2027-03-14')).toBe('free');
        const slots = await availableTimes(t, { businessId: ny.businessId, date: '2027-03-14', serviceId: ny.quickId });
        expect(slots).toEqual(['03:00']);
      } finally {
        t.clock.now = START_CLOCK;
      }
      t.clock.now = Date.parse('2026-10-25T12:00:00Z');
      try {
        const autumn = (await month('2026-11', {}, ny)).days;
        expect(statusOf(autumn, '2026-11-01')).toBe('free');
        expect(autumn.map((d) => d.date).slice(0, 2)).toEqual(['2026-11-01', '2026-11-02']);
      } finally {
        t.clock.now = START_CLOCK;
      }
    });
  });
});
