import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storages, type TestApp } from './helpers.ts';

// A new e-mail per attempt, so only the per-address limits count here (the per-account backoff: routes/auth.test.ts).
let attempt = 0;
const nobody = () => `nobody-${++attempt}@example.com`;

const login = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: nobody(), password: 'whatever1' },
    remoteAddress: ip,
  });

describe.each(storages())('rate limits on %s', (kind) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(kind, { env: { RATE_LIMITS: 'on' } });
    // A second instance on the same database: the budget is shared, not per process.
    b = await createTestApp(kind, { env: { RATE_LIMITS: 'on' }, databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('answers 429 with Retry-After and {error} once the login budget is spent across instances', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 5; i++) expect((await login(a, ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(b, ip)).statusCode).toBe(401);
    const limited = await login(a, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/Too many requests/);
    // Another address still has its own budget.
    expect((await login(b, '203.0.113.8')).statusCode).toBe(401);
  });
});

describe('rate limits with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(Boolean(redisUrl))('keeps the counters in Redis', async () => {
    const t = await createTestApp('sqlite', { env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl! } });
    try {
      const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await login(t, ip)).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
      // Only the per-account login backoff (auth/login-backoff.ts) stays in the database.
      const rows = await t.ctx.db.selectFrom('rate_limits').selectAll().execute();
      expect(rows.filter((r) => !r.key.startsWith('login-failures|'))).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('client address behind proxies', () => {
  const spoofed = (t: TestApp, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: nobody(), password: 'whatever1' },
      remoteAddress: '203.0.113.50',
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
    });

  it('ignores X-Forwarded-For by default, so a client cannot pick a fresh address per attempt', async () => {
    const t = await createTestApp('sqlite', { env: { RATE_LIMITS: 'on' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await spoofed(t, i)).statusCode);
      expect(codes[10]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from a trusted proxy (TRUST_PROXY)', async () => {
    const t = await createTestApp('sqlite', { env: { RATE_LIMITS: 'on', TRUST_PROXY: '203.0.113.50' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await spoofed(t, i)).statusCode);
      expect(codes.every((c) => c === 401)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
