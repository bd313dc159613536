/**
 * `npm run backup`: a consistent copy of the database while the server runs.
 * SQLite: the online backup API (pages are copied under a read transaction, so
 * the copy is a snapshot even with writers active), then an integrity check of
 * the copy. PostgreSQL: pg_dump in its custom format (restore with pg_restore).
 */
import './node-version.ts';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from './config.ts';

export async function backupSqlite(file: string, dest: string): Promise<{ pages: number; integrity: string }> {
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // The backup API restarts whenever another connection writes between two steps, so a
    // busy server could keep it going forever. After the first step, take every remaining
    // page in one step: one read snapshot (WAL mode does not block writers meanwhile).
    const { totalPages } = await source.backup(dest, { progress: ({ remainingPages }) => Math.max(remainingPages, 1) });
    const copy = new SQLite(dest, { readonly: true });
    try {
      const integrity = String(copy.pragma('integrity_check', { simple: true }));
      return { pages: totalPages, integrity };
    } finally {
      copy.close();
    }
  } finally {
    source.close();
  }
}

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

async function main() {
  const config = loadConfig();
  const dir = process.argv[2] ?? join(config.dataDir, 'backups');
  mkdirSync(dir, { recursive: true });
  if (config.databaseUrl.startsWith('sqlite:')) {
    const dest = join(dir, `app-${stamp()}.db`);
    const { pages, integrity } = await backupSqlite(config.databaseUrl.slice('sqlite:'.length), dest);
    if (integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${integrity}`);
    console.info(`Backed up ${pages} pages to ${dest} (integrity: ok).`);
    console.info(
      `Restore: stop the server, then copy it over ${config.databaseUrl.slice('sqlite:'.length)} (and delete app.db-wal, app.db-shm).`,
    );
    return;
  }
  const dest = join(dir, `app-${stamp()}.dump`);
  try {
    execFileSync('pg_dump', ['--format=custom', `--file=${dest}`, config.databaseUrl], { stdio: 'inherit' });
  } catch {
    throw new Error('pg_dump failed or is not installed (apt-get install postgresql-client); see README "Backup".');
  }
  console.info(`Backed up to ${dest}. Restore: pg_restore --clean --if-exists --dbname=<DATABASE_URL> ${dest}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
