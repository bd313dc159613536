/**
 * Health asks two questions (routes/public.ts, issue 39): liveness, whether the process answers
 * (an orchestrator restarts it when not), and readiness, whether it should get requests (a load
 * balancer takes it out when not). A database blip or a stop must fail readiness only: failing
 * liveness turned a database blip into a restart loop. /api/health stays readiness's alias.
 */
import { renameSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storages, type TestApp } from '../helpers.ts';

describe.each(storages())('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const all = async () => ({
    live: await get('/api/health/live'),
    ready: await get('/api/health/ready'),
    health: await get('/api/health'),
  });

  it('answers live and ready while serving; /api/health answers as ready', async () => {
    const serving = { status: 200, body: { status: 'ok', database: kind } };
    expect(await all()).toEqual({ live: { status: 200, body: { status: 'ok' } }, ready: serving, health: serving });
  });

  it('is not ready, but live, while its database does not answer, and ready again once it does', async () => {
    const restore = await breakDatabase(t, kind);
    try {
      const down = await all();
      expect(down.live).toEqual({ status: 200, body: { status: 'ok' } });
      const code = kind === 'sqlite' ? 'STORAGE_UNAVAILABLE' : 'DATABASE_UNAVAILABLE';
      expect(down.ready).toMatchObject({ status: 503, body: { code } });
      expect(down.health).toEqual(down.ready);
    } finally {
      await restore();
    }
    for (let i = 0; i < 50 && (await get('/api/health/ready')).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await all()).ready).toEqual({ status: 200, body: { status: 'ok', database: kind } });
  });

  it('is not ready, but live, once it begins to stop', async () => {
    t.ctx.lifecycle.draining = true;
    try {
      const stopping = await all();
      expect(stopping.live).toEqual({ status: 200, body: { status: 'ok' } });
      expect(stopping.ready).toEqual({
        status: 503,
        body: {
          code: 'SHUTTING_DOWN',
          error:
            'This instance is stopping: it finishes the requests it started and takes no new ones. Send requests to another instance.',
        },
      });
      expect(stopping.health).toEqual(stopping.ready);
    } finally {
      t.ctx.lifecycle.draining = false;
    }
  });

  it('marks itself stopping as soon as the app closes, whoever closes it', async () => {
    const other = await createTestApp(kind);
    expect(other.ctx.lifecycle.draining).toBe(false);
    await other.close();
    expect(other.ctx.lifecycle.draining).toBe(true);
  });
});

/**
 * Makes the database stop answering: SQLite's file moved away (the storage check finds it gone);
 * PostgreSQL refusing connections to the test's database, its connections ended. Answers the undo.
 */
async function breakDatabase(t: TestApp, kind: 'sqlite' | 'postgres'): Promise<() => Promise<void>> {
  if (kind === 'sqlite') {
    const file = t.config.databaseUrl.slice('sqlite:'.length);
    renameSync(file, `${file}.away`);
    return async () => renameSync(`${file}.away`, file);
  }
  const name = new URL(t.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`alter database ${name} allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  return async () => {
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.end();
  };
}
