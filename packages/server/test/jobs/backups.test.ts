/**
 * Scheduled backups (jobs/backups.ts): a backup on the tick it falls due and none before, one
 * for any number of instances sharing the database, its time in /metrics; a failing pg_dump is
 * logged without the password, counted, retried later rather than every tick, and costs no old
 * backup. The schedule's timer is faked (vi.advanceTimersByTime), the clock is the app's `now`.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupFileName } from '../../src/backups/retention.ts';
import type { AppContext } from '../../src/context.ts';
import { runBackup, startBackups } from '../../src/jobs/backups.ts';
import { createTestApp, storages, type TestApp } from '../helpers.ts';
import { testClock } from '../routes/dashboard/fixtures.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const HOUR = 3600_000;
const TICK = 60_000;

describe.each(storages())('scheduled backups on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  const clock = testClock();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotwise-backups-'));
    t = await createTestApp(kind, {
      now: clock.now,
      env: { BACKUP_EVERY: '24', BACKUP_DIR: dir, BACKUP_KEEP: '1', BACKUP_KEEP_DAYS: '0', METRICS_TOKEN: TOKEN },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const backups = () => readdirSync(dir).filter((f) => f.startsWith('app-'));
  const metric = async (line: RegExp) =>
    line.exec((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body)?.[1];

  it('takes a backup on the tick it falls due, then none until BACKUP_EVERY has passed, pruning beyond the policy', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const host = Fastify({ logger: false });
    const job = startBackups(host, t.ctx, TICK);
    await host.ready();
    const start = clock.now();
    const tick = async () => {
      vi.advanceTimersByTime(TICK);
      await job.settled();
    };
    try {
      expect(backups()).toEqual([]);
      for (let day = 0; day < 2; day++) {
        clock.set(start + day * 24 * HOUR);
        await tick();
        expect(backups()).toContain(backupFileName(clock.now(), kind));
        // Due again only a day later: an hour, then 23 h 59 min on, the tick finds nothing to do.
        for (const wait of [HOUR, 24 * HOUR - TICK]) {
          clock.set(start + day * 24 * HOUR + wait);
          const taken = backups();
          await tick();
          expect(backups()).toEqual(taken);
        }
      }
      // Two taken, BACKUP_KEEP=1 (and no days) kept: the first pruned once the second was written.
      expect(backups()).toEqual([backupFileName(start + 24 * HOUR, kind)]);
      expect(Number(await metric(/^slotwise_backup_last_success_timestamp_seconds (\S+)$/m))).toBe(
        (start + 24 * HOUR) / 1000,
      );
      expect(await metric(/^slotwise_job_failures_total\{job="backup"\} (\S+)$/m)).toBe('0');
    } finally {
      await host.close();
    }
  });

  it('is taken by one instance when several share the database', async () => {
    clock.set(clock.now() + 30 * 24 * HOUR);
    const other = await createTestApp(kind, {
      databaseUrl: t.databaseUrl,
      now: clock.now,
      env: { BACKUP_EVERY: '24', BACKUP_DIR: dir },
    });
    try {
      const runs = await Promise.all([runBackup(t.ctx), runBackup(other.ctx), runBackup(t.ctx)]);
      expect(runs.filter((r) => r.ran)).toHaveLength(1);
    } finally {
      await other.app.close();
    }
  });
});

describe('a failing pg_dump', () => {
  let t: TestApp;
  let dir: string;
  const clock = testClock();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotwise-backups-'));
    t = await createTestApp('sqlite', { now: clock.now, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is logged without the password, counted, retried later, and deletes no backup', async () => {
    const calls = join(dir, 'calls.log');
    const fake = join(dir, 'fake-pg-dump');
    // Writes part of a dump, then fails as pg_dump does when the server is not reachable.
    writeFileSync(
      fake,
      `#!/bin/sh
echo "args: $*" >> '${calls}'
echo "PGPASSWORD: $PGPASSWORD" >> '${calls}'
for a in "$@"; do case "$a" in --file=*) echo half > "\${a#--file=}";; esac; done
echo 'pg_dump: error: connection to server at "db.internal" failed: Connection refused' >&2
exit 1
`,
    );
    chmodSync(fake, 0o755);
    const backupsDir = join(dir, 'backups');
    const ctx: AppContext = {
      ...t.ctx,
      config: {
        ...t.ctx.config,
        databaseUrl: 'postgres://app:s3cret-pw@db.internal:5432/slotwise',
        backups: { everyMs: 24 * HOUR, dir: backupsDir, keep: 1, keepDays: 0 },
      },
    };
    // Old backups, more than the policy keeps: a failed run must prune none of them.
    const old = [1, 2, 3].map((d) => backupFileName(clock.now() - d * 24 * HOUR, 'postgres'));
    mkdirSync(backupsDir, { recursive: true });
    for (const f of old) writeFileSync(join(backupsDir, f), 'an old dump');

    const logs: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const host = Fastify({ logger: { level: 'info', stream } });
    const job = startBackups(host, ctx, TICK, { pgDump: fake });
    await host.ready();
    const tick = async () => {
      vi.advanceTimersByTime(TICK);
      await job.settled();
    };
    const failures = async () =>
      /^slotwise_job_failures_total\{job="backup"\} (\S+)$/m.exec(
        (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body,
      )?.[1];
    try {
      await tick();
      expect(await failures()).toBe('1');
      const failed = logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'backup failed; will retry');
      expect(failed?.level).toBe(50);
      expect(JSON.stringify(failed)).toMatch(/pg_dump failed: pg_dump: error: connection to server/);
      expect(logs.join('')).not.toContain('s3cret-pw');
      // The password reached pg_dump only through its environment.
      const recorded = readFileSync(calls, 'utf8');
      expect(recorded).toContain('--dbname=postgres://app@db.internal:5432/slotwise');
      expect(
        recorded
          .split('\n')
          .filter((l) => l.startsWith('args:'))
          .join('\n'),
      ).not.toContain('s3cret-pw');
      expect(recorded).toContain('PGPASSWORD: s3cret-pw');
      // No half-written file is left, and every old backup is still there.
      expect(readdirSync(backupsDir).sort()).toEqual([...old].sort());

      // Not retried on every tick; 15 minutes on, it is.
      await tick();
      expect(readFileSync(calls, 'utf8').match(/^args:/gm)).toHaveLength(1);
      clock.set(clock.now() + 16 * 60_000);
      await tick();
      expect(await failures()).toBe('2');
      expect(readFileSync(calls, 'utf8').match(/^args:/gm)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      await host.close();
    }
  });
});
