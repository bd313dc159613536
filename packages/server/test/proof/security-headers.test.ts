/**
 * Security headers and CSP (docs/architecture.md#security, issue 9): helmet's whole set on our
 * own pages, OWASP's short REST set on API answers, and CORS: closed for the dashboard API, open without credentials for
 * the public API. The pages are served from dist/; without a build they answer 503,
 * which must carry the same headers (the HTML checks then wait for a build).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

const PAGES = ['/', '/login', '/dashboard', '/dashboard/bookings', '/demo', '/customer/cancel?token=x'];
const API = ['/api/health', '/api/business-dashboard/services', '/api/customer/get-available-slots?businessId=x'];
const EVIL = 'https://evil.example';

/** The CSP as a map of directive -> sources. */
function csp(header: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describe('security headers and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it.each(PAGES)('%s carries the security headers and a strict CSP', async (url) => {
    const res = await t.app.inject({ url });
    const h = res.headers;
    const policy = csp(h['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // No inline or eval'd script anywhere: stored HTML can never run as script on our pages.
    const scripts = policy.get('script-src') ?? policy.get('default-src');
    expect(scripts).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(h['x-powered-by']).toBeUndefined();
    expect(h.server).toBeUndefined();
  });

  it.each(PAGES)('%s holds no inline script the CSP would block (or is not built yet)', async (url) => {
    const res = await t.app.inject({ url });
    if (res.statusCode === 503) {
      expect(res.body).toMatch(/has not been built/);
      return;
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      ([, attrs, code]) =>
        !/\bsrc=/.test(attrs ?? '') && !/type=["']?application\/(ld\+)?json/.test(attrs ?? '') && code!.trim() !== '',
    );
    expect(inline.map(([tag]) => tag!.slice(0, 120))).toEqual([]);
    // No inline event handler attributes either (script-src-attr 'none' would block them).
    expect(res.body).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  });

  it.each(API)('%s carries the API security headers: nothing may load, frame or sniff it', async (url) => {
    const h = (await t.app.inject({ url })).headers;
    const policy = csp(h['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(h['x-powered-by']).toBeUndefined();
    expect(h.server).toBeUndefined();
  });

  it('answers API calls as JSON that a browser will not sniff into HTML', async () => {
    for (const url of API) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps the dashboard API closed to other origins, preflight and simple requests alike', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/business-dashboard/services',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    for (const url of ['/api/business-dashboard/services', '/api/onboarding/profile', '/api/auth/login']) {
      const res = await t.app.inject({ url, headers: { origin: EVIL } });
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('opens the public API to any origin, without credentials, for the calls the widget makes', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/customer/book',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(pre.headers['access-control-allow-origin']).toMatch(/^(\*|https:\/\/evil\.example)$/);
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const allowed = String(pre.headers['access-control-allow-headers'] ?? '').toLowerCase();
    expect(allowed).toContain('idempotency-key');
    expect(allowed).toContain('content-type');
    for (const url of ['/api/customer/get-available-slots?businessId=x', '/api/business/places?input=90210']) {
      const res = await t.app.inject({ url, headers: { origin: EVIL } });
      expect(res.headers['access-control-allow-origin'], url).toMatch(/^(\*|https:\/\/evil\.example)$/);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });
});
