/**
 * The restore drill (issue 46), on each database: make data through the app, take a backup as the
 * scheduled job does, write more, stop the server, restore, start again, compare: what was there
 * when the backup began is back, row for row, and the later writes are gone. Also what a restore
 * refuses: a database still in use, and a file that is no Slotwise backup.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RestoreError, restorePostgres, restoreSqlite } from '../../src/backups/restore.ts';
import { runBackup } from '../../src/jobs/backups.ts';
import {
  createPgDatabase,
  createTestApp,
  onboardedOwner,
  type StorageKind,
  storages,
  type TestApp,
} from '../helpers.ts';
import { insertBooking } from '../routes/dashboard/fixtures.ts';

/** Everything a restore must bring back, in a stable order. */
async function snapshot(t: TestApp) {
  const businesses = await t.ctx.db.selectFrom('businesses').selectAll().orderBy('id').execute();
  const bookings = await t.ctx.db.selectFrom('bookings').selectAll().orderBy('id').execute();
  const users = await t.ctx.db.selectFrom('users').select(['id', 'email']).orderBy('id').execute();
  return { businesses, bookings, users };
}

async function restore(kind: StorageKind, databaseUrl: string, file: string) {
  if (kind === 'sqlite') await restoreSqlite(file, databaseUrl.slice('sqlite:'.length));
  else await restorePostgres(databaseUrl, file);
}

describe.each(storages())('restore drill on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-drill-'));
  let databaseUrl: string;
  let drop = async () => {};
  beforeAll(async () => {
    if (kind === 'sqlite') {
      copyFileSync(inject('databaseTemplates').sqlite, join(dir, 'app.db'));
      databaseUrl = `sqlite:${join(dir, 'app.db')}`;
    } else {
      ({ url: databaseUrl, drop } = await createPgDatabase({ migrated: true }));
    }
  });
  afterAll(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const start = () =>
    createTestApp(kind, { databaseUrl, env: { BACKUP_EVERY: '24', BACKUP_DIR: join(dir, 'backups') } });

  it('backs up, writes more, restores, and finds the data as it was at the backup', async () => {
    let t = await start();
    const first = await onboardedOwner(t.app);
    for (const [startTime, endTime] of [
      ['09:00', '10:00'],
      ['11:00', '12:00'],
    ] as const)
      await insertBooking(t.ctx, first.businessId, { day: '2027-02-01', startTime, endTime, status: 'approved' });
    const atBackup = await snapshot(t);

    const run = await runBackup(t.ctx);
    if (!run.ran) throw new Error('no backup was taken');
    expect(run.file).toMatch(kind === 'sqlite' ? /app-\d{8}-\d{6}\.db$/ : /app-\d{8}-\d{6}\.dump$/);

    // More after the backup: a second business, another booking, a change to the first.
    const second = await onboardedOwner(t.app);
    const later = await insertBooking(t.ctx, first.businessId, {
      day: '2027-02-02',
      startTime: '09:00',
      endTime: '10:00',
    });
    await t.ctx.db
      .updateTable('businesses')
      .set({ name: 'Renamed later' })
      .where('id', '=', first.businessId)
      .execute();

    // Refused while the server still has the database.
    await expect(restore(kind, databaseUrl, run.file)).rejects.toThrow(
      kind === 'sqlite' ? /is in use \(is the server running\?\)/ : /other session\(s\) are connected/,
    );
    expect((await snapshot(t)).businesses.map((b) => b.id)).toContain(second.businessId);

    await t.app.close();
    await restore(kind, databaseUrl, run.file);
    t = await start();
    try {
      const restored = await snapshot(t);
      expect(restored).toEqual(atBackup);
      expect(restored.bookings.map((b) => b.id)).not.toContain(later);
      expect(restored.businesses.map((b) => b.id)).not.toContain(second.businessId);
      // The restored server takes bookings again.
      await insertBooking(t.ctx, first.businessId, { day: '2027-02-03', startTime: '09:00', endTime: '10:00' });
    } finally {
      await t.app.close();
    }
  });

  it('refuses a file that is not a backup of this kind, and leaves the database as it was', async () => {
    const junk = join(dir, kind === 'sqlite' ? 'junk.db' : 'junk.dump');
    writeFileSync(junk, 'not a backup at all');
    await expect(restore(kind, databaseUrl, junk)).rejects.toThrow(
      kind === 'sqlite' ? /not a SQLite database/ : /not a backup pg_restore can read/,
    );
    await expect(restore(kind, databaseUrl, join(dir, 'missing.db'))).rejects.toThrow(RestoreError);
    const t = await start();
    try {
      expect((await snapshot(t)).businesses.length).toBeGreaterThan(0);
    } finally {
      await t.app.close();
    }
  });
});

describe('npm run restore', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(
      join(process.cwd(), 'node_modules', '.bin', 'tsx'),
      [join(process.cwd(), 'packages/server/src/restore.ts'), ...args],
      { env: { ...process.env, ...env } },
    ).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (err: { code: number; stderr: string }) => ({ code: err.code, out: err.stderr }),
    );

  it('says how to use it, refuses while the server runs, and restores once it is stopped, exiting 0 only then', async () => {
    const t = await createTestApp('sqlite', { env: { BACKUP_EVERY: '24' } });
    const env = { DATA_DIR: t.config.dataDir, DATABASE_URL: t.databaseUrl };
    try {
      expect(await cli([], env)).toEqual({ code: 1, out: 'Usage: npm run restore -- <backup file> [--force]\n' });
      const run = await runBackup(t.ctx);
      if (!run.ran) throw new Error('no backup was taken');
      const refused = await cli([run.file], env);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/is in use \(is the server running\?\)\. Stop the server, then restore\./);
      await t.app.close();
      const restored = await cli([run.file], env);
      expect(restored).toEqual({
        code: 0,
        out: expect.stringMatching(/^Restored .*app-\d{8}-\d{6}\.db to .*app\.db\./),
      });
    } finally {
      rmSync(t.config.dataDir, { recursive: true, force: true });
    }
    // Three processes started through tsx (a second or so each on a quiet machine).
  }, 90_000);
});
