/**
 * Scheduled backups (docs/decisions/041): every BACKUP_EVERY hours, one backup of the database
 * into BACKUP_DIR (backups/take.ts), then the older ones beyond the retention policy are pruned
 * (backups/retention.ts) — only after a backup succeeded, so a failing backup never costs an old one.
 *
 * Once per period however many instances share PostgreSQL: the run is claimed through its job_runs
 * row (repositories/job-runs.ts), as the retention pass is, so exactly one instance dumps at a
 * time; a lease longer than pg_dump's time limit lets another take over if that one dies. A failed
 * run is logged (no password: the URL's goes to pg_dump in its environment), counted in
 * slotwise_job_failures_total{job="backup"}, and retried after RETRY_MS, not on every tick.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { newestBackup, pruneBackups } from '../backups/retention.ts';
import { PG_DUMP_TIMEOUT_MS, takeBackup } from '../backups/take.ts';
import type { AppContext } from '../context.ts';

const BACKUP_JOB = 'backup';
/** Longer than pg_dump may take (it is stopped then); a run still holding it later has died. */
const LEASE_MS = PG_DUMP_TIMEOUT_MS + 30 * 60 * 1000;
/** After a failure, the next try (from any instance). */
const RETRY_MS = 15 * 60 * 1000;

export type BackupRun = { ran: false } | { ran: true; file: string; bytes: number; pruned: string[] };

export interface BackupOptions {
  /** Stops a backup in flight (the app closing); its partial file is deleted. */
  signal?: AbortSignal;
  /** The pg_dump to run (tests: one that fails); `pg_dump` from PATH by default. */
  pgDump?: string;
}

/** Takes the backup if one is due and this instance wins the claim. */
export async function runBackup(ctx: AppContext, options: BackupOptions = {}): Promise<BackupRun> {
  const { everyMs, dir, keep, keepDays } = ctx.config.backups;
  if (everyMs === null) return { ran: false };
  const { jobRuns } = ctx.repos;
  const now = ctx.now();
  if (!(await jobRuns.claim(BACKUP_JOB, now, everyMs, LEASE_MS))) return { ran: false };
  try {
    const { file, bytes } = await takeBackup(ctx.config.databaseUrl, dir, now, options);
    ctx.metrics.backupTaken(now, bytes);
    const pruned = await pruneBackups(dir, now, { keep, keepDays });
    await jobRuns.finish(BACKUP_JOB, now);
    return { ran: true, file, bytes, pruned };
  } catch (err) {
    // Stopped by the app closing: the next start may try at once.
    await jobRuns.release(BACKUP_JOB, options.signal?.aborted ? 0 : now + RETRY_MS).catch(() => undefined);
    throw err;
  }
}

/**
 * Asks whether a backup is due every `tickMs` (config.jobTickMs, a minute: a claim is one
 * UPDATE) on an unref'd timer, so a backup starts within a minute of falling due; a backup in
 * flight when the app closes is stopped, not awaited (a large one would outlast the shutdown).
 */
export function startBackups(
  app: FastifyInstance,
  ctx: AppContext,
  tickMs: number,
  options: BackupOptions = {},
): { settled: () => Promise<void> } {
  if (ctx.config.backups.everyMs === null) return { settled: async () => {} };
  const runs = ctx.metrics.job(BACKUP_JOB);
  const stopping = new AbortController();
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= runBackup(ctx, { ...options, signal: stopping.signal })
      .then((r) => {
        runs.succeeded();
        if (r.ran) app.log.info({ file: r.file, bytes: r.bytes, pruned: r.pruned }, 'backup taken');
      })
      .catch((err) => {
        runs.failed();
        if (!stopping.signal.aborted) app.log.error({ err }, 'backup failed; will retry');
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  // The newest backup already on disk, so the metric is not absent after a restart.
  app.addHook('onReady', async () => {
    const newest = await newestBackup(ctx.config.backups.dir);
    if (newest) ctx.metrics.backupTaken(newest.at, (await stat(join(ctx.config.backups.dir, newest.name))).size);
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  });
  // The pass in flight, if any, to wait for (tests tick the timer, then wait for what the tick began).
  return { settled: async () => void (await running) };
}
