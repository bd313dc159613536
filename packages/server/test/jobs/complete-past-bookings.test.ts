import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completePastBookings, startCompletePastBookings } from '../../src/jobs/complete-past-bookings.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';
import { insertBooking, testClock, wallToMs } from '../routes/dashboard/fixtures.ts';

describe.each(storages())('completing past approved bookings on %s', (kind) => {
  let t: TestApp;
  let businessId: string;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
    businessId = (await onboardedOwner(t.app)).businessId;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.reset();
    await t.ctx.db.deleteFrom('bookings').execute();
  });

  const statuses = async () =>
    Object.fromEntries(
      (await t.ctx.db.selectFrom('bookings').select(['id', 'status']).execute()).map((r) => [r.id, r.status]),
    );

  it('marks approved bookings whose end has passed completed, and nothing else', async () => {
    const ended = await insertBooking(t.ctx, businessId, {
      day: '2027-01-05',
      startTime: '09:00',
      endTime: '10:00',
      status: 'approved',
    });
    const running = await insertBooking(t.ctx, businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
      status: 'approved',
    });
    const pending = await insertBooking(t.ctx, businessId, { day: '2027-01-05', startTime: '08:00', endTime: '09:00' });
    const cancelled = await insertBooking(t.ctx, businessId, {
      day: '2027-01-05',
      startTime: '07:00',
      endTime: '08:00',
      status: 'cancelled',
    });
    clock.set(wallToMs('2027-01-05', '10:30'));

    const job = completePastBookings(t.ctx, t.app.log);
    expect(await job.runOnce()).toBe(1);
    expect(await statuses()).toEqual({
      [ended]: 'completed',
      [running]: 'approved',
      [pending]: 'pending',
      [cancelled]: 'cancelled',
    });
    expect(await job.runOnce()).toBe(0);
    clock.set(wallToMs('2027-01-05', '11:00'));
    expect(await job.runOnce()).toBe(1);
    expect((await statuses())[running]).toBe('completed');
  });

  it('is safe on two instances sharing one database: each booking is completed exactly once', async () => {
    for (let h = 8; h < 18; h++)
      await insertBooking(t.ctx, businessId, {
        day: '2027-01-06',
        startTime: `${String(h).padStart(2, '0')}:00`,
        endTime: `${String(h).padStart(2, '0')}:30`,
        status: 'approved',
      });
    clock.set(wallToMs('2027-01-07', '00:00'));
    const other = await createTestApp(kind, { databaseUrl: t.databaseUrl, now: clock.now });
    try {
      const counts = await Promise.all([
        completePastBookings(t.ctx, t.app.log).runOnce(),
        completePastBookings(other.ctx, other.app.log).runOnce(),
      ]);
      expect(counts[0] + counts[1]).toBe(10);
      expect(Object.values(await statuses())).toEqual(Array(10).fill('completed'));
    } finally {
      await other.app.close();
    }
  });

  it('runs on its own timer and stops when the app closes', async () => {
    const id = await insertBooking(t.ctx, businessId, {
      day: '2027-01-05',
      startTime: '09:00',
      endTime: '10:00',
      status: 'approved',
    });
    clock.set(wallToMs('2027-01-05', '12:00'));
    const host = Fastify({ logger: false });
    startCompletePastBookings(host, t.ctx, 20);
    await host.ready();
    const deadline = Date.now() + 5000;
    while ((await statuses())[id] !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await statuses())[id]).toBe('completed');
    await host.close();

    // After close no pass runs any more.
    const later = await insertBooking(t.ctx, businessId, {
      day: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
      status: 'approved',
    });
    await new Promise((r) => setTimeout(r, 100));
    expect((await statuses())[later]).toBe('approved');
  });
});
