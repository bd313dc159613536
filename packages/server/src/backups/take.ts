/**
 * Takes one backup of DATABASE_URL into a folder, for `npm run backup` and the scheduled job
 * (jobs/backups.ts). SQLite: the online backup API in a worker (sqlite-copy.ts), the copy checked
 * with integrity_check. PostgreSQL: pg_dump in its custom format (restore with pg_restore), as a
 * child process with a time limit, its password in its environment (pg-connection.ts).
 * Either writes a `.partial` file first and renames it when complete, so a backup that failed or
 * was cut short (a crash, the server stopping) is never taken for one; it is deleted instead.
 */
import { execFile } from 'node:child_process';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pgTarget, reasonFrom } from './pg-connection.ts';
import { type BackupKind, backupFileName, partialName } from './retention.ts';
import { copySqlite } from './sqlite-copy.ts';

/** How long pg_dump may run before it is stopped and the backup counted as failed. */
export const PG_DUMP_TIMEOUT_MS = 60 * 60 * 1000;

export interface TakenBackup {
  file: string;
  bytes: number;
}

function backupKind(databaseUrl: string): BackupKind {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export async function takeBackup(
  databaseUrl: string,
  dir: string,
  at: number,
  options: { signal?: AbortSignal; pgDump?: string; timeoutMs?: number } = {},
): Promise<TakenBackup> {
  await mkdir(dir, { recursive: true });
  const kind = backupKind(databaseUrl);
  const name = backupFileName(at, kind);
  const partial = join(dir, partialName(name));
  const file = join(dir, name);
  try {
    // A partial file left by a crash under the same name would make SQLite's backup write into it.
    await unlink(partial).catch(() => undefined);
    if (kind === 'sqlite') {
      const { integrity } = await copySqlite(databaseUrl.slice('sqlite:'.length), partial, options.signal);
      if (integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${integrity}`);
    } else {
      await dumpPostgres(databaseUrl, partial, options);
    }
    await syncFile(partial);
    await rename(partial, file);
    await syncFile(dir);
  } catch (err) {
    await unlink(partial).catch(() => undefined);
    throw err;
  }
  return { file, bytes: (await stat(file)).size };
}

async function dumpPostgres(
  databaseUrl: string,
  dest: string,
  options: { signal?: AbortSignal; pgDump?: string; timeoutMs?: number },
): Promise<void> {
  const { dbname, env } = pgTarget(databaseUrl);
  try {
    await promisify(execFile)(
      options.pgDump ?? 'pg_dump',
      ['--format=custom', `--file=${dest}`, `--dbname=${dbname}`],
      {
        env,
        timeout: options.timeoutMs ?? PG_DUMP_TIMEOUT_MS,
        killSignal: 'SIGTERM',
        ...(options.signal ? { signal: options.signal } : {}),
        maxBuffer: 1024 * 1024,
      },
    );
  } catch (err) {
    throw new Error(`pg_dump failed: ${reasonFrom(err)}`);
  }
}

/** Flushes a file (or a folder's entries) to disk, so a rename is not seen before the data it names. */
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
