/**
 * Puts a backup (backups/take.ts) back in place of DATABASE_URL's data, for `npm run restore`
 * (restore.ts). Every check comes before anything is touched, so a refused restore leaves the
 * database as it was.
 *
 * SQLite: refused while any process has the database open (the server holds a lock on it as long
 * as it runs: an exclusive lock cannot be had then), refused for a copy that fails
 * integrity_check or is not a Slotwise database; the copy is written beside the database and
 * renamed over it, so the file is always either the old database or the whole backup. The old
 * -wal and -shm go first: SQLite would otherwise replay the old database's log onto the restored one.
 *
 * PostgreSQL: pg_restore --clean --if-exists --single-transaction, so the restore happens whole
 * or not at all; refused while other sessions are connected to the database (instances still
 * running) unless forced, and for a file pg_restore cannot read.
 */
import { execFile } from 'node:child_process';
import { copyFile, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { pgTarget, reasonFrom } from './pg-connection.ts';

/** A restore that was refused or failed, with the reason to show the operator. */
export class RestoreError extends Error {}

export async function restoreSqlite(backupFile: string, dbFile: string): Promise<void> {
  checkSqliteBackup(backupFile);
  refuseWhileOpen(dbFile);
  const incoming = join(dirname(dbFile), `.${basename(dbFile)}.restoring`);
  try {
    await copyFile(backupFile, incoming);
    await sync(incoming);
    for (const suffix of ['-wal', '-shm', '-journal'])
      await unlink(dbFile + suffix).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    await rename(incoming, dbFile);
    await sync(dirname(dbFile));
  } catch (err) {
    await unlink(incoming).catch(() => undefined);
    throw new RestoreError(`Could not put the backup in place: ${(err as Error).message}`);
  }
}

function checkSqliteBackup(file: string): void {
  let copy: SQLite.Database;
  try {
    copy = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new RestoreError(`Cannot open the backup ${file}: ${(err as Error).message}`);
  }
  try {
    let integrity: string;
    let migrations: number;
    try {
      integrity = String(copy.pragma('integrity_check', { simple: true }));
      migrations = copy
        .prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = 'kysely_migration'")
        .pluck()
        .get() as number;
    } catch (err) {
      throw new RestoreError(`${file} is not a SQLite database: ${(err as Error).message}`);
    }
    if (integrity !== 'ok') throw new RestoreError(`The backup ${file} failed its integrity check: ${integrity}`);
    if (migrations === 0) throw new RestoreError(`${file} is a SQLite database, but not a Slotwise one.`);
  } finally {
    copy.close();
  }
}

/** Throws when a process (the server) has `dbFile` open: it keeps a shared lock on it while it runs. */
function refuseWhileOpen(dbFile: string): void {
  let probe: SQLite.Database;
  try {
    probe = new SQLite(dbFile, { fileMustExist: true });
  } catch {
    return; // No database yet: nothing holds it.
  }
  try {
    probe.pragma('busy_timeout = 0');
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new RestoreError(`${dbFile} is in use (is the server running?). Stop the server, then restore.`);
    throw new RestoreError(`Cannot open ${dbFile}: ${(err as Error).message}`);
  } finally {
    probe.close();
  }
}

export async function restorePostgres(
  databaseUrl: string,
  backupFile: string,
  options: { force?: boolean; pgRestore?: string } = {},
): Promise<void> {
  const run = promisify(execFile);
  const pgRestore = options.pgRestore ?? 'pg_restore';
  const { dbname, env } = pgTarget(databaseUrl);
  try {
    await run(pgRestore, ['--list', backupFile], { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    throw new RestoreError(`${backupFile} is not a backup pg_restore can read: ${reasonFrom(err)}`);
  }
  if (!options.force) {
    const others = await otherSessions(databaseUrl);
    if (others > 0)
      throw new RestoreError(
        `${others} other session(s) are connected to the database (are instances still running?). Stop them, then restore; --force restores regardless.`,
      );
  }
  try {
    await run(pgRestore, ['--clean', '--if-exists', '--single-transaction', `--dbname=${dbname}`, backupFile], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    throw new RestoreError(`pg_restore failed, nothing was changed: ${reasonFrom(err)}`);
  }
}

async function otherSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const r = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return r.rows[0]?.n ?? 0;
  } catch (err) {
    throw new RestoreError(`Cannot connect to the database: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function sync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
