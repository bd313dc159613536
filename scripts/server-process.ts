/**
 * Starts a server as a child process (so a load generator or browser does not share its
 * event loop) and waits for it: the benchmarks, the landing page's Lighthouse run and the
 * screenshot script all start the product this one way.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/** Whether processes can be kept to a core here (Linux with taskset, and more than one core). */
function canPin(): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const pinning = canPin();

/**
 * Keeps this process (every thread: autocannon runs in it) on one core, or on all of
 * them again with `null`. Load generator and server on cores of their own measure the
 * server, not where the scheduler happened to put the two; left to it, a bare route
 * moved by a third from one run to the next on 2 cores.
 */
export function pinSelf(cpu: number | null): void {
  if (!pinning) return;
  const cpus = cpu === null ? `0-${availableParallelism() - 1}` : String(cpu);
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}

export async function startProcess(
  script: string,
  env: Record<string, string> | ((url: string) => Record<string, string>),
  readyPath: string,
  options: { cpu?: number } = {},
): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, args] =
    pinning && options.cpu !== undefined ? ['taskset', ['-c', String(options.cpu), tsx, script]] : [tsx, [script]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      ...(typeof env === 'function' ? env(url) : env),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: tsx runs the server as a child, and a stop must reach both.
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  // A detached group outlives its parent: a benchmark that dies of an error (no Chromium, say) left
  // its server running, and every later figure on the machine was measured beside it. 'exit' runs on
  // any ending of this process, an uncaught error's too, and process.kill is synchronous.
  const killOnExit = () => signal('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(url + readyPath)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signal('SIGKILL');
      throw new Error(`${script} did not start in 60 s: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          // The server itself may outlive tsx by a moment; nothing of the group may linger into the next figure.
          signal('SIGKILL');
          resolve();
        });
        signal('SIGTERM');
        setTimeout(() => signal('SIGKILL'), 5000).unref();
      }),
  };
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A SQLite database migrated to the latest release, once per process (removed at its exit), which
 * every SQLite server here starts from as a copy: its own migration on start then finds nothing to
 * do. The 26 migrations took 0.7-1.2 s of each start (docs/decisions/033, where the server's tests
 * do the same), and `npm run bench` starts a dozen servers. Migrations from empty are tested by
 * the server's own tests.
 */
function migratedSqlite(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const { openDatabase } = await import('../packages/server/src/db/database.ts');
    const { migrateToLatest } = await import('../packages/server/src/db/migrate.ts');
    const dir = mkdtempSync(join(tmpdir(), 'slotwise-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'app.db');
    const store = openDatabase(`sqlite:${file}`, 2);
    try {
      await migrateToLatest(store);
    } finally {
      await store.close();
    }
    return file;
  })();
  return sqliteTemplate;
}

/**
 * The product's server on a DATA_DIR of its own (SQLite in it, a copy of a migrated one, unless
 * `env` names another DATABASE_URL), removed when it stops, with rate limits off. PUBLIC_URL is
 * where it listens unless `publicUrl` says otherwise. `dataDir` lets a benchmark seed the database.
 */
export async function startServer(
  options: { publicUrl?: string; env?: Record<string, string>; cpu?: number } = {},
): Promise<Running & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'slotwise-server-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    if (!options.env?.DATABASE_URL) copyFileSync(await migratedSqlite(), join(dataDir, 'app.db'));
    const server = await startProcess(
      `${root}packages/server/src/server.ts`,
      (url) => ({
        PUBLIC_URL: options.publicUrl ?? url,
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
        RATE_LIMITS: 'off',
        // No scheduled backup (on by default on SQLite) copying the database in the middle of a measurement.
        BACKUP_EVERY: '0',
        ...options.env,
      }),
      '/api/health',
      { cpu: options.cpu },
    );
    return {
      url: server.url,
      dataDir,
      stop: async () => {
        await server.stop();
        remove();
      },
    };
  } catch (err) {
    remove();
    throw err;
  }
}
