/**
 * Issue 10: a backup taken while bookings are being made restores to a database that
 * passes PRAGMA integrity_check and holds every booking acknowledged before it began.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, type TestApp } from './helpers.ts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('online backup during a booking load (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('restores with integrity and every booking acknowledged before the backup began', async () => {
    const owner = await onboardedOwner(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/availability/update',
      headers: owner.auth,
      payload: { businessHours: DAYS.map((day) => ({ day, startTime: '00:00', endTime: '23:59' })) },
    });
    const service = (await t.app.inject({ url: '/api/business-dashboard/services', headers: owner.auth })).json()
      .services[0] as { _id: string };
    // From the day after tomorrow: past the 2-hour notice, inside the 90-day horizon, whatever the hour.
    const firstDay = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 2 * 86_400_000;
    let n = 0;
    const acknowledged: { id: string; at: number }[] = [];
    const book = async () => {
      const i = n++;
      // The detailing template's first service lasts an hour: 23 one-hour slots a day.
      const date = new Date(firstDay + Math.floor(i / 23) * 86_400_000).toISOString().slice(0, 10);
      const minutes = (i % 23) * 60;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer/book',
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          businessId: owner.businessId,
          serviceId: service._id,
          answer: { option: 'Sedan / Coupe' },
          address: '5, Beverly Hills, CA 90210, USA',
          date,
          time,
          firstName: 'Load',
          lastName: `Customer ${i}`,
          customerEmail: `load${i}@example.com`,
          phoneNumber: '+1 5551234567',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      acknowledged.push({ id: res.json().bookingId as string, at: performance.now() });
    };
    // Four customers booking one after another, all the time, until told to stop.
    let stop = false;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stop) await book();
      }),
    );
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));

    const began = performance.now();
    const before = acknowledged.filter((a) => a.at <= began).map((a) => a.id);
    // `npm run backup` as a separate process, as an operator runs it beside the server.
    const backupDir = join(t.config.dataDir, 'backups');
    const { stdout } = await promisify(execFile)(
      join(process.cwd(), 'node_modules', '.bin', 'tsx'),
      [join(process.cwd(), 'packages/server/src/backup.ts'), backupDir],
      { env: { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.databaseUrl } },
    );
    stop = true;
    await load;

    expect(stdout).toMatch(/\(integrity: ok\)/);
    const dest = /to (\S+\.db)/.exec(stdout)?.[1];
    expect(dest, stdout).toBeDefined();
    expect(acknowledged.length).toBeGreaterThan(before.length);
    const copy = new SQLite(dest!, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(
        (copy.prepare('select id from bookings where business_id = ?').all(owner.businessId) as { id: string }[]).map(
          (r) => r.id,
        ),
      );
      expect(before.filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      copy.close();
    }
  });
});
