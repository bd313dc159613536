/**
 * Two more promises of docs/architecture.md#security (issue 9):
 * - Login does not reveal whether an e-mail has an account: an unknown e-mail and a
 *   wrong password get the same answer, in the same time (the server verifies
 *   against a dummy hash); the forgotten-password answer is the same too.
 * - Every public API call except health is rate-limited: the call past its budget
 *   answers 429 with Retry-After and {error}. The limited routes are read from the
 *   route table, so a new public route without a limit fails here.
 */
import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, storages, type TestApp } from '../helpers.ts';
import { CREW_GUARDED, GUARDED } from './world.ts';

const ATTEMPTS = 15;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

describe('login does not reveal whether an e-mail exists', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    email = (await signup(t.app)).email;
  });
  afterAll(() => t.close());

  const login = (address: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: address, password } });

  it('answers an unknown e-mail and a wrong password alike, in body and in time', async () => {
    const unknown: number[] = [];
    const wrong: number[] = [];
    const bodies = new Set<string>();
    // Warm both paths (hash parameters, prepared statements) before timing.
    await login(`nobody-${randomUUID()}@example.com`, 'wrong password 1');
    await login(email, 'wrong password 1');
    for (let i = 0; i < ATTEMPTS; i++) {
      // Interleaved, so a burst of load on the machine hits both series alike.
      for (const [series, address] of [
        [unknown, `nobody-${randomUUID()}@example.com`],
        [wrong, email],
      ] as const) {
        const started = process.hrtime.bigint();
        const res = await login(address, `wrong password ${i}`);
        series.push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(res.statusCode).toBe(401);
        bodies.add(res.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ error: 'Incorrect email or password.', code: 'BAD_CREDENTIALS' })]);
    const ratio = median(unknown) / median(wrong);
    console.info(
      `[login timing] median unknown e-mail ${median(unknown).toFixed(1)} ms, wrong password ${median(wrong).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    // Without the dummy hash an unknown e-mail answers over ten times faster (measured here: ratio 0.07).
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('answers a forgotten-password request the same for a known and an unknown e-mail', async () => {
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: `nobody-${randomUUID()}@example.com` },
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });
});

describe.each(storages())('rate limits on every public call on %s', (kind) => {
  let t: TestApp;
  const limited: { method: string; url: string; max: number }[] = [];
  const publicApi: string[] = [];
  const limitedOwner: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { RATE_LIMITS: 'on' },
      onRoute: (r: RouteOptions) => {
        for (const method of [r.method].flat()) {
          if (method === 'HEAD' || !r.url.startsWith('/api/')) continue;
          if (GUARDED.test(r.url) || CREW_GUARDED.test(r.url)) {
            if ((r.config as { rateLimit?: { max?: number } } | undefined)?.rateLimit)
              limitedOwner.push(`${method} ${r.url}`);
            continue;
          }
          publicApi.push(`${method} ${r.url}`);
          const limit = (r.config as { rateLimit?: { max?: number } } | undefined)?.rateLimit;
          if (limit?.max) limited.push({ method, url: r.url, max: limit.max });
        }
      },
    });
  });
  afterAll(() => t.close());

  it('limits every public API route but health, the API description and the CORS preflights (constant answers that touch nothing)', () => {
    const unlimited = publicApi.filter((k) => !limited.some((l) => `${l.method} ${l.url}` === k));
    expect(unlimited.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/health/live',
        'GET /api/health/ready',
        'GET /api/openapi.json',
        'GET /api/docs',
        'OPTIONS /api/business/places',
        'OPTIONS /api/customer/*',
        'OPTIONS /api/feedback',
      ].sort(),
    );
    // The ones docs/product.md#rate-limits lists, by name.
    for (const k of [
      'POST /api/auth/login',
      'POST /api/auth/signup',
      'GET /api/business/places',
      'POST /api/customer/quote',
      'POST /api/customer/book',
      'POST /api/feedback',
    ])
      expect(limited.map((l) => `${l.method} ${l.url}`)).toContain(k);
  });

  it('limits the owner calls that check a password', () => {
    expect(limitedOwner).toContain('PUT /api/business-dashboard/account/password');
  });

  it('answers the call past each budget with 429, Retry-After and {error}', { timeout: 120_000 }, async () => {
    const report: string[] = [];
    let n = 0;
    for (const route of limited) {
      // One address per route, so budgets never mix; the body is empty: limits count before validation.
      const ip = `198.18.${Math.floor(++n / 250)}.${n % 250}`;
      const url = route.url.replace(':businessId', randomUUID());
      const send = () =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          remoteAddress: ip,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      for (let i = 0; i < route.max; i++) {
        const res = await send();
        if (res.statusCode === 429) {
          report.push(`${route.method} ${route.url}: 429 after ${i} calls, budget is ${route.max}`);
          break;
        }
      }
      const over = await send();
      const retryAfter = Number(over.headers['retry-after']);
      if (over.statusCode !== 429)
        report.push(`${route.method} ${route.url}: ${over.statusCode} past the budget of ${route.max}`);
      else if (!(retryAfter > 0)) report.push(`${route.method} ${route.url}: 429 without a Retry-After`);
      else if (!/^Too many requests\. Please wait .+ and try again\.$/.test(over.json().error))
        report.push(`${route.method} ${route.url}: 429 body ${over.body}`);
    }
    expect(report).toEqual([]);
  });
});
