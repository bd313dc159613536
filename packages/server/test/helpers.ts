/**
 * Test harness: a real app on a real database. SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set, in a database created for this run and dropped after
 * (docs/architecture.md#pitfalls, pitfall 11). Logs are captured so tests can assert what never appears.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';

export type StorageKind = 'sqlite' | 'postgres';

const pgUrl = process.env.TEST_DATABASE_URL;
let announced = false;
/** The storages to run a suite against; prints one line when PostgreSQL is skipped. */
export function storages(): StorageKind[] {
  if (!pgUrl && !announced) {
    announced = true;
    console.info(
      'PostgreSQL suites skipped: set TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres to run them.',
    );
  }
  return pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** Every log line the app wrote, as JSON text. */
  logs: string[];
  /** A database URL for a second instance on the same data. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Creates a PostgreSQL database for one test file; returns its URL and a drop function. Empty, or
 * `migrated`: a copy of this run's template, migrated once to the latest release (global-setup.ts).
 */
export async function createPgDatabase({ migrated = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('databaseTemplates').postgres : null;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  kind: StorageKind,
  options: BuildOptions & { env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'slotwise-test-'));
  let databaseUrl = options.databaseUrl ?? `sqlite:${join(dataDir, 'app.db')}`;
  let drop = async () => {};
  // A new database starts as a copy of this run's migrated template (global-setup.ts); the app's
  // own migration on start then finds nothing to do.
  if (kind === 'sqlite' && !options.databaseUrl)
    copyFileSync(inject('databaseTemplates').sqlite, join(dataDir, 'app.db'));
  if (kind === 'postgres' && !options.databaseUrl) {
    const created = await createPgDatabase({ migrated: true });
    databaseUrl = created.url;
    drop = created.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'info',
    RATE_LIMITS: 'off',
    // Scheduled backups (on by default on SQLite) only where a test asks for them.
    BACKUP_EVERY: '0',
    // Every answer against its declared schema, as in development and e2e: this config is built from
    // these values alone (no NODE_ENV), so it was off here, and a card refund's answer that broke its
    // schema passed the server's tests and failed only in a browser.
    CHECK_ANSWERS: 'on',
    ...options.env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const { app, ctx } = await buildApp(config, {
    ...options,
    logger: options.logger ?? { level: 'info', stream, ...loggerRest() },
  });
  await app.ready();
  return {
    app,
    ctx,
    config,
    logs,
    databaseUrl,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Same redaction and serializers as production, so log tests test the real thing.
import { loggerOptions } from '../src/logging.ts';

function loggerRest() {
  const { level: _level, ...rest } = loggerOptions('info') as Record<string, unknown>;
  return rest;
}

let counter = 0;
/** Signs up a fresh owner and returns the token (and the e-mail used). */
export async function signup(app: FastifyInstance, email = `owner${++counter}-${Date.now()}@example.com`) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: 'correct horse battery', phoneNumber: '+1 5551234567' },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().token as string, email };
}

/** Signs up and completes the three onboarding steps (Beverly Hills, America/Los_Angeles). */
export async function onboardedOwner(app: FastifyInstance, email?: string) {
  const owner = await signup(app, email);
  const auth = { authorization: `Bearer ${owner.token}` };
  for (const [url, payload] of [
    ['/api/onboarding/step1', { name: 'Shiny Cars' }],
    ['/api/onboarding/step2', { niche: 'car-detailing' }],
    ['/api/onboarding/step3', { address: '12, Beverly Hills, CA 90210, USA' }],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, payload, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  }
  const profile = await app.inject({ method: 'GET', url: '/api/onboarding/profile', headers: auth });
  return { ...owner, auth, businessId: profile.json().businessId as string };
}
