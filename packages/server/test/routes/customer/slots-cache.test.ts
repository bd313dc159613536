/**
 * The slots answer is kept for a second (routes/customer/slots-cache.ts): it must
 * never hide this process's own writes, and another instance's writes show within
 * that second.
 */
import { randomUUID } from 'node:crypto';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarChanges } from '../../../src/db/calendar-changes.ts';
import { SLOTS_MAX_AGE_MS, SlotsCache } from '../../../src/routes/customer/slots-cache.ts';
import {
  availableTimes,
  bookAndToken,
  bookBody,
  detailer,
  engineApp,
  LA,
  type Shop,
  START_CLOCK,
  twoPgInstances,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

describe.each(storages())('kept slots answers on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const times = (date: string) => availableTimes(t, { businessId: shop.businessId, date, serviceId: shop.fullId });

  it('shows a slot taken as soon as it is booked, though the day was just asked for', async () => {
    const day = '2026-12-08';
    expect(await times(day)).toContain('10:00');
    await bookAndToken(t, bookBody(shop, { date: day, time: '10:00' }));
    expect(await times(day)).not.toContain('10:00');
  });

  it('shows a blocked time, new hours and a cancelled booking at once', async () => {
    const day = '2026-12-09'; // a Wednesday
    expect(await times(day)).toContain('16:00');
    await t.ctx.repos.calendar.insertBlocked(t.ctx.db, {
      id: randomUUID(),
      business_id: shop.businessId,
      title: 'Dentist',
      reason: 'custom',
      start_ms: localToUtcMs(day, '16:00', LA),
      end_ms: localToUtcMs(day, '17:00', LA),
      created_at: t.ctx.now(),
    });
    expect(await times(day)).not.toContain('16:00');

    const hours = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/availability/update-single',
      headers: shop.auth,
      payload: { day: 'Wednesday', startTime: '09:00', endTime: '12:00' },
    });
    expect(hours.statusCode).toBe(200);
    expect((await times(day)).at(-1)).toBe('11:00');

    const { token } = await bookAndToken(t, bookBody(shop, { date: day, time: '09:00' }));
    expect(await times(day)).not.toContain('09:00');
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/customer/confirm-cancel?token=${token}` });
    expect(cancel.statusCode).toBe(200);
    expect(await times(day)).toContain('09:00');
  });

  it('recomputes once the clock moves, so a slot that has started is no longer offered', async () => {
    const day = '2026-12-10';
    expect(await times(day)).toContain('12:00');
    t.clock.now = localToUtcMs(day, '12:05', LA);
    try {
      expect(await times(day)).not.toContain('12:00');
    } finally {
      t.clock.now = START_CLOCK;
    }
  });
});

/** A computation the test finishes by hand, counting how often it was started. */
function heldWork() {
  let calls = 0;
  const finishers: ((answer: unknown) => void)[] = [];
  const failers: ((err: Error) => void)[] = [];
  return {
    work: () =>
      new Promise<unknown>((resolve, reject) => {
        calls++;
        finishers.push(resolve);
        failers.push(reject);
      }),
    calls: () => calls,
    finish: (i: number, answer: unknown) => finishers[i]!(answer),
    fail: (i: number, err: Error) => failers[i]!(err),
  };
}

describe('one computation of an answer at a time', () => {
  const KEY = '/api/customer/get-available-slots?businessId=b&date=2026-12-08';

  it('hands the answer being computed to the requests that arrive meanwhile', async () => {
    const cache = new SlotsCache(new CalendarChanges(), () => START_CLOCK);
    const held = heldWork();
    const answers = Array.from({ length: 50 }, () => cache.compute(KEY, held.work));
    expect(held.calls()).toBe(1);
    held.finish(0, { slots: [{ time: '10:00', available: true }] });
    expect(new Set(await Promise.all(answers))).toEqual(new Set(['{"slots":[{"time":"10:00","available":true}]}']));
    expect(cache.get(KEY)).toBe('{"slots":[{"time":"10:00","available":true}]}');
  });

  it('computes anew for a request that comes after a write, and keeps only that answer', async () => {
    const changes = new CalendarChanges();
    const cache = new SlotsCache(changes, () => START_CLOCK);
    const held = heldWork();
    const before = cache.compute(KEY, held.work);
    changes.bump(); // a booking commits while the first answer is being computed
    const after = cache.compute(KEY, held.work);
    expect(held.calls()).toBe(2);
    // The older computation ends first; requests from now on still wait for the newer one.
    held.finish(0, { slots: [{ time: '10:00', available: true }] });
    expect(await before).toBe('{"slots":[{"time":"10:00","available":true}]}');
    const later = cache.compute(KEY, held.work);
    expect(held.calls()).toBe(2);
    held.finish(1, { slots: [{ time: '10:00', available: false }] });
    expect(await after).toBe('{"slots":[{"time":"10:00","available":false}]}');
    expect(await later).toBe('{"slots":[{"time":"10:00","available":false}]}');
    expect(cache.get(KEY)).toBe('{"slots":[{"time":"10:00","available":false}]}');
  });

  it('fails every waiting request with a failed computation, keeps nothing, and tries again next time', async () => {
    const cache = new SlotsCache(new CalendarChanges(), () => START_CLOCK);
    const held = heldWork();
    const answers = [cache.compute(KEY, held.work), cache.compute(KEY, held.work)];
    held.fail(0, new Error('Business not found.'));
    for (const answer of answers) await expect(answer).rejects.toThrow('Business not found.');
    expect(cache.get(KEY)).toBeUndefined();
    const retry = cache.compute(KEY, held.work);
    expect(held.calls()).toBe(2);
    held.finish(1, { slots: [] });
    expect(await retry).toBe('{"slots":[]}');
  });
});

describe('kept slots answers and rate limits', () => {
  it('count every call against the budget, kept answer or not', async () => {
    const t = await engineApp('sqlite', { env: { RATE_LIMITS: 'on' } });
    try {
      const shop = await detailer(t);
      const url = `/api/customer/get-available-slots?businessId=${shop.businessId}&date=2026-12-08&serviceId=${shop.fullId}`;
      const statuses: number[] = [];
      for (let i = 0; i < 301; i++) statuses.push((await t.app.inject({ url })).statusCode);
      // 300 a minute from one address (plugins/rate-limits.ts): the first is computed, 299 are kept answers.
      expect(statuses.slice(0, 300).every((s) => s === 200)).toBe(true);
      expect(statuses[300]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!storages().includes('postgres'))('kept slots answers with two instances on PostgreSQL', () => {
  let first: TestApp & { clock: { now: number } };
  let second: TestApp;
  let shop: Shop;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ first, second, shop, close } = await twoPgInstances());
  });
  afterAll(() => close());

  it("shows another instance's booking within a second", async () => {
    const day = '2026-12-08';
    const times = () => availableTimes(first, { businessId: shop.businessId, date: day, serviceId: shop.fullId });
    expect(await times()).toContain('10:00');
    await bookAndToken(second, bookBody(shop, { date: day, time: '10:00' }));
    // Within the second the kept answer may still offer it (booking it would answer 409) ...
    first.clock.now = START_CLOCK + SLOTS_MAX_AGE_MS;
    try {
      // ... and once the second has passed it never does.
      expect(await times()).not.toContain('10:00');
    } finally {
      first.clock.now = START_CLOCK;
    }
  });
});
