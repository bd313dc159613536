/**
 * Real server processes for the proofs that need them (concurrency across instances,
 * SIGKILL mid-load): `tsx packages/server/src/server.ts`, as `npm start` runs it,
 * on a free loopback port, each in its own process group so a kill reaches tsx and
 * its Node child together. Plus a small HTTP client and the owner set-up they share.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/database.ts';
import { createPgDatabase, type StorageKind } from '../helpers.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
const serverEntry = join(repoRoot, 'packages', 'server', 'src', 'server.ts');
const migrationsDir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));

/** Variables of src/config.ts that must not leak in from the caller's shell. */
const SERVER_VARS = ['PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'REDIS_URL'];

/** A free loopback port, for a server process or anything else a proof starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** SIGKILL to the whole process group: no shutdown hook runs, as in a power cut of the process. */
  kill(): Promise<void>;
  /** SIGTERM, as a supervisor stops it; SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** Sends a signal to the server (tsx passes it on to its Node child). */
  signal(signal: NodeJS.Signals): void;
  /** The exit code once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
}

export interface Storage {
  kind: StorageKind;
  dataDir: string;
  databaseUrl: string;
  cleanup(): Promise<void>;
}

/** A fresh DATA_DIR, and a fresh database in it (SQLite) or beside it (a new PostgreSQL database). */
export async function freshStorage(kind: StorageKind): Promise<Storage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'slotwise-proof-'));
  if (kind === 'sqlite') {
    return {
      kind,
      dataDir,
      databaseUrl: `sqlite:${join(dataDir, 'app.db')}`,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const pgDb = await createPgDatabase();
  return {
    kind,
    dataDir,
    databaseUrl: pgDb.url,
    cleanup: async () => {
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a server process on `storage` and waits until /api/health answers 200; on `port`
 * when given (an instance restarted where a load balancer expects it), else a free one.
 */
export async function startServer(
  storage: Storage,
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARS) delete childEnv[name];
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    ...env,
  });
  const child: ChildProcess = spawn(tsx, [serverEntry], {
    cwd: repoRoot,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${tsx}`);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before answering:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signalGroup('SIGKILL');
      throw new Error(`the server did not answer ${url}/api/health within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    pid,
    output: () => output,
    exited,
    signal: (signal) => {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    },
    async kill() {
      signalGroup('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      signalGroup('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** One JSON call; network failures (a killed server) throw. */
export async function http(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { text };
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

async function ok(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await http(base, method, path, body, token ? { authorization: `Bearer ${token}` } : {});
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface Shop {
  token: string;
  businessId: string;
  serviceId: string;
}

/**
 * An onboarded owner (Beverly Hills, America/Los_Angeles) with one 30-minute, $40
 * service and the given opening hours on every day of the week.
 */
export async function openShop(base: string, hours: { startTime: string; endTime: string }): Promise<Shop> {
  const email = `proof-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { token } = (await ok(base, 'POST', '/api/auth/signup', {
    email,
    password: 'correct horse battery',
    phoneNumber: '+1 5551234567',
  })) as { token: string };
  await ok(base, 'POST', '/api/onboarding/step1', { name: 'Proof Detailing' }, token);
  await ok(base, 'POST', '/api/onboarding/step2', { niche: 'other' }, token);
  await ok(base, 'POST', '/api/onboarding/step3', { address: '12, Beverly Hills, CA 90210, USA' }, token);
  const { businessId } = (await ok(base, 'GET', '/api/onboarding/profile', undefined, token)) as { businessId: string };
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  await ok(
    base,
    'PUT',
    '/api/business-dashboard/availability/update',
    { businessHours: days.map((day) => ({ day, ...hours })) },
    token,
  );
  const service = (await ok(
    base,
    'POST',
    '/api/business-dashboard/service/add',
    { serviceName: 'Quick Wash', duration: 30, price: 40 },
    token,
  )) as { _id: string };
  return { token, businessId, serviceId: service._id };
}

/** A booking request body for `shop` at `date` `time`, from customer number `n`. */
export function bookingBody(shop: Shop, date: string, time: string, n: number) {
  return {
    businessId: shop.businessId,
    serviceId: shop.serviceId,
    answer: null,
    address: '5, Santa Monica, CA 90401, USA',
    date,
    time,
    firstName: `Customer${n}`,
    lastName: 'Racer',
    customerEmail: `customer${n}@example.com`,
    phoneNumber: '+1 5551234567',
  };
}

/** The 30-minute grid from `start` (inclusive) for `count` slots: "08:00", "08:30", ... */
export function halfHours(start: string, count: number): string[] {
  const [h, m] = start.split(':').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const minutes = h * 60 + m + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}

/** The date `days` after today (UTC), as YYYY-MM-DD: far enough ahead to be in the future in Los Angeles. */
export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Opens the database a server process uses, to check what it holds. */
export function inspect(storage: Storage) {
  return openDatabase(storage.databaseUrl);
}

/** How many migrations ship with the server: after a start, the database must have run them all. */
export function migrationCount(): number {
  return readdirSync(migrationsDir).filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts')).length;
}
