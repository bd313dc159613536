/**
 * A consistent copy of a SQLite database taken while the server writes to it, checked with
 * PRAGMA integrity_check, off the event loop (sqlite-copy-worker.mjs says how and why).
 */
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./sqlite-copy-worker.mjs', import.meta.url);

/** Copies `source` to `dest` (which must not exist yet); `signal` stops the copy (the server closing). */
export function copySqlite(
  source: string,
  dest: string,
  signal?: AbortSignal,
): Promise<{ pages: number; integrity: string }> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = new Worker(ENTRY, { workerData: { source, dest } });
    let answered = false;
    const stop = () => void worker.terminate();
    signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (m: { ok: true; pages: number; integrity: string } | { ok: false; message: string }) => {
      answered = true;
      if (m.ok) resolve({ pages: m.pages, integrity: m.integrity });
      else reject(new Error(`The SQLite backup failed: ${m.message}`));
    });
    worker.on('error', (err) => {
      answered = true;
      reject(err);
    });
    worker.on('exit', () => {
      signal?.removeEventListener('abort', stop);
      if (!answered)
        reject(
          signal?.aborted
            ? new Error('The SQLite backup was stopped.')
            : new Error('The SQLite backup worker ended without an answer.'),
        );
    });
  });
}
