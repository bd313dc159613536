/** The built front ends from dist/ (routes/static.ts), each with the cache header its comment promises. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
      'landing/index.html': '<!doctype html><title>Landing</title>',
      'landing/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'landing/robots.txt': 'User-agent: *',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dist, name)), { recursive: true });
      writeFileSync(join(dist, name), text);
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
  ])('%s answers cache-control %s', async (url, cacheControl, body) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(body);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });
});
