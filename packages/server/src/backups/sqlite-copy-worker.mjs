/**
 * The worker backups/sqlite-copy.ts copies a SQLite database in, so a scheduled backup inside the
 * server never holds its event loop: SQLite's online backup API copies pages in steps, but each step
 * and the integrity check of the copy afterwards run synchronously, the check over the whole file.
 * Plain .mjs with no TypeScript to load (see calendars/expand-worker.mjs for why a .ts entry will not do).
 *
 * The copy is a snapshot: a read transaction is opened on the source first and held across every
 * step, so writers (WAL mode does not block them) never make the backup start over, as they do when
 * each step takes a read lock of its own; the copy holds what was committed when it began.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** Pages per step (4 KiB each): a stop asked for between steps (the server closing) is heard within one. */
const PAGES_PER_STEP = 1024;

const { source: sourceFile, dest } = workerData;
const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
try {
  source.pragma('busy_timeout = 5000');
  source.exec('BEGIN');
  source.prepare('SELECT count(*) FROM sqlite_schema').get();
  const { totalPages } = await source.backup(dest, { progress: () => PAGES_PER_STEP });
  source.exec('COMMIT');
  const copy = new SQLite(dest, { readonly: true });
  try {
    const integrity = String(copy.pragma('integrity_check', { simple: true }));
    parentPort.postMessage({ ok: true, pages: totalPages, integrity });
  } finally {
    copy.close();
  }
} catch (err) {
  parentPort.postMessage({ ok: false, message: String(err?.message ?? err) });
} finally {
  source.close();
}
