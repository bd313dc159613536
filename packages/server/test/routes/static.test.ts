/** The built front ends from dist/ (routes/static.ts), each with the cache header its comment promises. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

describe('static files', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'slotwise-dist-'));
    const files: Record<string, string> = {
      'widget/widget.js': 'console.log("loader");',
      'widget/assets/popup-abc123.js': 'export const popup = 1;',
      'dashboard/index.html': '<!doctype html><title>Dashboard</title>',
      'dashboard/assets/index-def456.js': 'export const app = 1;',
      'dashboard/sw.js': 'self.addEventListener("fetch", () => {});',
      'dashboard/manifest.webmanifest': '{"name":"Slotwise","start_url":"/dashboard"}',
      'dashboard/apple-touch-icon.png': 'PNG apple',
      'dashboard/icons/slotwise-192.png': 'PNG 192',
      'landing/index.html': '<!doctype html><title>Landing</title>',
      'landing/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'landing/robots.txt': 'User-agent: *',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dist, name)), { recursive: true });
      writeFileSync(join(dist, name), text);
      // What scripts/compress.mjs writes beside each file at build time.
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
    }
    t = await createTestApp('sqlite', { env: { STATIC_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/widget.js', 'public, max-age=300', 'loader'],
    ['/assets/popup-abc123.js', 'public, max-age=31536000, immutable', 'popup'],
    ['/assets/index-def456.js', 'public, max-age=31536000, immutable', 'app'],
    ['/', 'no-cache', 'Landing'],
    ['/favicon.svg', 'public, max-age=86400', '<svg'],
    ['/robots.txt', 'public, max-age=86400', 'User-agent'],
    ['/dashboard', 'no-cache', 'Dashboard'],
    ['/dashboard/calendar', 'no-cache', 'Dashboard'],
    ['/login', 'no-cache', 'Dashboard'],
    ['/dashboard/sw.js', 'no-cache', 'addEventListener'],
    ['/manifest.webmanifest', 'no-cache', 'Slotwise'],
    ['/apple-touch-icon.png', 'public, max-age=86400', 'PNG apple'],
    ['/icons/slotwise-192.png', 'public, max-age=86400', 'PNG 192'],
  ])('%s answers cache-control %s', async (url, cacheControl, body) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(body);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  it.each(['/pricing', '/Signup', '/dashboardx', '/landing/old-page?utm=1'])(
    "%s, asked for by a browser, answers 404 with the app's own page (its router shows Page not found)",
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: BROWSER } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>Dashboard</title>');
      // A page: the strict page headers, not the API's.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it.each([
    ['an API path, even from a browser', '/api/nothing-here', BROWSER],
    ['a script that asks for JSON', '/pricing', 'application/json'],
    ['a client that says nothing', '/pricing', undefined],
  ])('%s still answers JSON ROUTE_NOT_FOUND', async (_what, url, accept) => {
    const res = await t.app.inject({ url, headers: accept ? { accept } : {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('answers a browser with JSON when nothing is built yet', async () => {
    const bare = await createTestApp('sqlite', { env: { STATIC_DIR: join(dist, 'nothing-here') } });
    try {
      const res = await bare.app.inject({ url: '/pricing', headers: { accept: BROWSER } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });

  // The built copies beside each file are served by Accept-Encoding (scripts/compress.mjs).
  const decode = (encoding: string | undefined, raw: Buffer) =>
    encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  it.each([
    ['/widget.js', 'public, max-age=300', 'loader', 'application/javascript'],
    ['/assets/popup-abc123.js', 'public, max-age=31536000, immutable', 'popup', 'application/javascript'],
    ['/', 'no-cache', 'Landing', 'text/html'],
    ['/favicon.svg', 'public, max-age=86400', '<svg', 'image/svg+xml'],
    ['/dashboard/calendar', 'no-cache', 'Dashboard', 'text/html'],
  ])(
    '%s is sent brotli, gzip or as it is by Accept-Encoding, with Vary and its cache-control',
    async (url, cacheControl, body, type) => {
      for (const [accept, encoding] of [
        ['br, gzip, deflate', 'br'],
        ['gzip, deflate, br;q=0', 'gzip'],
        ['gzip;q=0.5, br;q=1', 'br'],
        [undefined, undefined],
        ['identity', undefined],
        ['br;q=0, gzip;q=0', undefined],
      ] as const) {
        const res = await t.app.inject({ url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.statusCode, `${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${accept}`).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe(cacheControl);
        expect(res.headers['content-type']).toContain(type);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(decode(encoding, res.rawPayload).toString()).toContain(body);
      }
    },
  );

  it('serves the service worker as JavaScript allowed to control /dashboard, and the manifest as a manifest', async () => {
    const sw = await t.app.inject({ url: '/dashboard/sw.js' });
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['service-worker-allowed']).toBe('/dashboard');
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(JSON.parse(manifest.body)).toMatchObject({ start_url: '/dashboard' });
    const icon = await t.app.inject({ url: '/icons/slotwise-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a home-screen file or worker that was not built, never the dashboard page', async () => {
    for (const url of ['/icons/slotwise-512.png', '/icons/other.png']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
    const bare = await createTestApp('sqlite', { env: { STATIC_DIR: join(dist, 'landing') } });
    try {
      for (const url of ['/dashboard/sw.js', '/manifest.webmanifest', '/apple-touch-icon.png']) {
        const res = await bare.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('Dashboard');
      }
    } finally {
      await bare.close();
    }
  });

  it('gives each encoding its own ETag and answers 304 only for the one it was given', async () => {
    const br = await t.app.inject({ url: '/assets/popup-abc123.js', headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ url: '/assets/popup-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.etag).toBeTruthy();
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const again = await t.app.inject({
      url: '/assets/popup-abc123.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const other = await t.app.inject({
      url: '/assets/popup-abc123.js',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
    expect(gunzipSync(other.rawPayload).toString()).toContain('popup');
  });

  it('answers HEAD and Range requests', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/widget.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
    const range = await t.app.inject({ url: '/widget.js', headers: { range: 'bytes=0-6' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('console');
  });
});
