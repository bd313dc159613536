/**
 * The slots answer is kept for a second (routes/customer/slots-cache.ts): it must
 * never hide this process's own writes, and another instance's writes show within
 * that second.
 */
import { randomUUID } from 'node:crypto';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CalendarChanges } from '../../../src/db/calendar-changes.ts';
import { availableDaysKey, SLOTS_MAX_AGE_MS, SlotsCache, slotsKey } from '../../../src/routes/customer/slots-cache.ts';
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

/** A kept answer's bytes as text. */
const text = (body: Buffer | undefined) => body?.toString('utf8');

describe('one computation of an answer at a time', () => {
  const KEY = '/api/customer/get-available-slots?businessId=b&date=2026-12-08';

  it('hands the answer being computed to the requests that arrive meanwhile', async () => {
    const cache = new SlotsCache(new CalendarChanges(), () => START_CLOCK);
    const held = heldWork();
    const answers = Array.from({ length: 50 }, () => cache.compute(KEY, held.work));
    expect(held.calls()).toBe(1);
    held.finish(0, { slots: [{ time: '10:00', available: true }] });
    expect(new Set((await Promise.all(answers)).map(text))).toEqual(
      new Set(['{"slots":[{"time":"10:00","available":true}]}']),
    );
    // Encoded once: every waiting request and every later hit gets the very same bytes.
    expect(new Set(await Promise.all(answers)).size).toBe(1);
    expect(cache.get(KEY)).toBe(await answers[0]);
    expect(text(cache.get(KEY))).toBe('{"slots":[{"time":"10:00","available":true}]}');
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
    expect(text(await before)).toBe('{"slots":[{"time":"10:00","available":true}]}');
    const later = cache.compute(KEY, held.work);
    expect(held.calls()).toBe(2);
    held.finish(1, { slots: [{ time: '10:00', available: false }] });
    expect(text(await after)).toBe('{"slots":[{"time":"10:00","available":false}]}');
    expect(text(await later)).toBe('{"slots":[{"time":"10:00","available":false}]}');
    expect(text(cache.get(KEY))).toBe('{"slots":[{"time":"10:00","available":false}]}');
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
    expect(text(await retry)).toBe('{"slots":[]}');
  });
});

describe('the key of a kept answer', () => {
  const b = randomUUID();
  const s = randomUUID();

  it('is the query that matters, in any order, whatever else is sent', () => {
    const key = slotsKey({ businessId: b, date: '2026-12-08', serviceId: s });
    expect(key).toBeDefined();
    expect(slotsKey({ date: '2026-12-08', serviceId: s, businessId: b })).toBe(key);
    expect(slotsKey({ serviceId: s, junk: '1', _: '1712345678', businessId: b, date: '2026-12-08' })).toBe(key);
    expect(slotsKey({ businessId: b, date: '2026-12-08', serviceId: s, address: '1 Main St' })).not.toBe(key);
    expect(slotsKey({ businessId: b, date: '2026-12-09', serviceId: s })).not.toBe(key);
    expect(slotsKey({ businessId: b, date: '2026-12-08' })).not.toBe(key);
  });

  it("of a month's days never meets a day's slots key, and follows the same rules", () => {
    const key = availableDaysKey({ businessId: b, month: '2026-12', serviceId: s });
    expect(key).toBeDefined();
    expect(availableDaysKey({ month: '2026-12', junk: '1', serviceId: s, businessId: b })).toBe(key);
    expect(availableDaysKey({ businessId: b, month: '2026-12', serviceId: s, address: 'x' })).not.toBe(key);
    expect(availableDaysKey({ businessId: b, month: '2027-01', serviceId: s })).not.toBe(key);
    // A slots query whose date looks like a month: a different key all the same.
    expect(slotsKey({ businessId: b, date: '2026-12', serviceId: s })).not.toBe(key);
    expect(availableDaysKey({ businessId: b, month: ['2026-12', '2027-01'] })).toBeUndefined();
    // A manage link's month (the reschedule page) is that booking's alone: never kept.
    expect(availableDaysKey({ businessId: b, month: '2026-12', token: 'abc' })).toBeUndefined();
  });

  it('tells an absent parameter from an empty one and never runs two parameters together', () => {
    const keys = [
      slotsKey({ businessId: b, date: '2026-12-08' }),
      slotsKey({ businessId: b, date: '2026-12-08', serviceId: '' }),
      slotsKey({ businessId: b, date: '2026-12-08', address: '' }),
      slotsKey({ businessId: b, date: '2026-12-08', serviceId: '', address: '' }),
      slotsKey({ businessId: `${b}2026-12-08`, date: '' }),
      slotsKey({ businessId: b, date: '2026-12-08', serviceId: 'x', address: 'y' }),
      slotsKey({ businessId: b, date: '2026-12-08', serviceId: 'xy' }),
      slotsKey({ businessId: b, date: '2026-12-08', address: 'xy' }),
    ];
    expect(keys.every((k) => k !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is none for a manage link or a repeated parameter: those are never kept nor looked up', () => {
    expect(slotsKey({ businessId: b, date: '2026-12-08', token: 'abc' })).toBeUndefined();
    expect(slotsKey({ businessId: b, date: '2026-12-08', token: '' })).toBeUndefined();
    expect(slotsKey({ businessId: [b, b], date: '2026-12-08' })).toBeUndefined();
    expect(slotsKey({ businessId: b, date: '2026-12-08', address: ['a', 'b'] })).toBeUndefined();
  });
});

describe('the size of the kept answers', () => {
  const answer = (n: number) => ({ slots: 'x'.repeat(n) });

  it('stays under its bytes, dropping the oldest answers first', async () => {
    const cache = new SlotsCache(new CalendarChanges(), () => START_CLOCK, { entries: 100, bytes: 1000 });
    for (const key of ['a', 'b', 'c']) await cache.compute(key, async () => answer(300));
    expect(['a', 'b', 'c'].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true]);
    await cache.compute('d', async () => answer(300));
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k) !== undefined)).toEqual([false, true, true, true]);
    // An answer larger than the whole bound is sent but not kept, and drops nothing.
    expect(await cache.compute('e', async () => answer(2000))).toHaveLength(2012);
    expect(['b', 'c', 'd', 'e'].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true, false]);
  });

  it('stays under its entries, dropping the oldest answers first', async () => {
    const cache = new SlotsCache(new CalendarChanges(), () => START_CLOCK, { entries: 3, bytes: 1_000_000 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.compute(key, async () => answer(1));
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k) !== undefined)).toEqual([false, true, true, true]);
  });
});

describe('kept slots answers through the route', () => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp('sqlite');
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  it('are found whatever the order of the parameters and whatever junk comes with them', async () => {
    const computed = vi.spyOn(t.ctx.repos.calendar, 'busy');
    try {
      const base = '/api/customer/get-available-slots';
      const first = await t.app.inject({
        url: `${base}?businessId=${shop.businessId}&date=2026-12-11&serviceId=${shop.fullId}`,
      });
      expect(first.statusCode).toBe(200);
      expect(computed).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 50; i++) {
        const res = await t.app.inject({
          url: `${base}?serviceId=${shop.fullId}&junk=${i}&date=2026-12-11&_=${Date.now() + i}&businessId=${shop.businessId}`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(first.body);
      }
      expect(computed).toHaveBeenCalledTimes(1);
      // A query the kept answer's key does not cover is still validated and refused.
      const repeated = await t.app.inject({
        url: `${base}?businessId=${shop.businessId}&businessId=${shop.businessId}&date=2026-12-11&serviceId=${shop.fullId}`,
      });
      expect(repeated.statusCode).toBe(400);
      const empty = await t.app.inject({ url: `${base}?businessId=${shop.businessId}&date=2026-12-11&serviceId=` });
      expect(empty.statusCode).toBe(400);
    } finally {
      computed.mockRestore();
    }
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
