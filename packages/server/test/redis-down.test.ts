/**
 * Redis going away costs nothing but its counters (issue 20, item 2): with REDIS_URL set
 * and Redis stopped, rate limits still hold (counted in the database), requests answer
 * in normal time, health says degraded (200, so a balancer keeps the instance), and it
 * all returns to Redis when Redis does. Uses a Redis of its own on a free port.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50; i++) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.runIf(hasRedisServer())('rate limits while Redis is down', () => {
  let t: TestApp;
  let redis: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp('sqlite', { env: { RATE_LIMITS: 'on', REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    if (redis.exitCode === null) await stopRedis(redis);
  });

  const feedback = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      remoteAddress: ip,
      payload: { type: 'Bug Report', where: 'Home Page', description: 'Something broke.' },
    });
  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();

  it('counts in Redis while it is up, and says so', async () => {
    expect(await health()).toEqual({ status: 'ok', database: 'sqlite', redis: 'up' });
    expect((await feedback('198.51.100.1')).statusCode).toBe(201);
    expect(await t.ctx.db.selectFrom('rate_limits').selectAll().execute()).toHaveLength(0);
  });

  it('keeps limiting, in normal time, once Redis is gone, and reports degraded', async () => {
    await stopRedis(redis);
    await new Promise((r) => setTimeout(r, 200));
    expect(await health()).toEqual({ status: 'degraded', database: 'sqlite', redis: 'down' });
    // Still ready (issue 39): rate limits go on in the database, so the instance keeps its traffic.
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'degraded', database: 'sqlite', redis: 'down' });
    const codes: number[] = [];
    const started = Date.now();
    // The feedback limit is 10 a minute per address.
    for (let i = 0; i < 11; i++) codes.push((await feedback('198.51.100.2')).statusCode);
    const elapsed = Date.now() - started;
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    // Eleven calls that each waited on a dead connection took seconds; now they take no longer than usual.
    expect(elapsed).toBeLessThan(2_000);
    expect((await t.ctx.db.selectFrom('rate_limits').selectAll().execute()).length).toBeGreaterThan(0);
  });

  it('goes back to Redis when it returns', async () => {
    redis = await startRedis(port);
    for (let i = 0; i < 50 && (await health()).status !== 'ok'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await health()).toEqual({ status: 'ok', database: 'sqlite', redis: 'up' });
    const before = (await t.ctx.db.selectFrom('rate_limits').selectAll().execute()).length;
    expect((await feedback('198.51.100.3')).statusCode).toBe(201);
    expect(await t.ctx.db.selectFrom('rate_limits').selectAll().execute()).toHaveLength(before);
  });
});
