/**
 * The health check tells the truth about SQLite's file, and a write the storage cannot
 * keep answers 503, never 500 and never a 201 that vanishes on restart (issue 20, item 7).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER_ADDRESS, DAY, START_CLOCK } from './booking-fixtures.ts';
import { createTestApp, onboardedOwner, type TestApp } from './helpers.ts';

describe('storage failures on SQLite', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const feedback = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { type: 'Bug Report', where: 'Home Page', description: 'Saved?' },
    });
  const dbFile = () => t.config.databaseUrl.slice('sqlite:'.length);

  it('says ok while the file is the one it opened', async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect((await feedback()).statusCode).toBe(201);
  });

  it('answers 503 in health and to writes once the file is deleted, and acknowledges nothing', async () => {
    // On the fixtures' clock, so the booking's day is still ahead whatever the date (its checks come first).
    t = await createTestApp('sqlite', { now: () => START_CLOCK });
    const owner = await onboardedOwner(t.app);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile()}${suffix}`, { force: true });
    // The file system's notice of the deletion arrives on the event loop.
    await new Promise((r) => setTimeout(r, 50));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    expect(health.json().error).toMatch(/deleted or moved/);
    const res = await feedback();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    const service = await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/service/add',
      headers: owner.auth,
      payload: { serviceName: 'Wax', duration: 30, price: 20 },
    });
    expect(service.statusCode).toBe(503);
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/customer/book',
      headers: { 'idempotency-key': 'storage-test-1' },
      payload: {
        businessId: owner.businessId,
        serviceId: (await t.app.inject({ method: 'GET', url: `/api/customer/business/${owner.businessId}` })).json()
          .services[0]._id,
        answer: { option: 'Sedan / Coupe' },
        address: CUSTOMER_ADDRESS,
        date: DAY,
        time: '10:00',
        firstName: 'Ann',
        lastName: 'Lee',
        customerEmail: 'ann@example.com',
        phoneNumber: '+1 5551234567',
      },
    });
    expect(booking.statusCode, booking.body).toBe(503);
  });

  it('answers 503 in health once the file is replaced', async () => {
    t = await createTestApp('sqlite');
    const other = join(t.config.dataDir, 'other.db');
    writeFileSync(other, '');
    renameSync(other, dbFile());
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error).toMatch(/replaced/);
  });

  it.each(['SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_IOERR_WRITE'])(
    'answers a write that fails with %s with 503, not 500',
    async (code) => {
      t = await createTestApp('sqlite');
      t.ctx.repos.feedback.insert = async () => {
        throw Object.assign(new Error('disk trouble'), { code });
      };
      const res = await feedback();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    },
  );
});
