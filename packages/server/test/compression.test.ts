/** JSON answers over a kilobyte are compressed by Accept-Encoding (plugins/compression.ts); small ones are not. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { routes } from '@slotwise/shared/routes';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, useJsonCompression } from '../src/plugins/compression.ts';
import { createTestApp, onboardedOwner, type TestApp } from './helpers.ts';

describe('JSON compression', () => {
  let t: TestApp;
  let plain: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    plain = (await t.app.inject({ url: '/api/openapi.json' })).body;
  });
  afterAll(() => t.close());

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
  ])('a large answer asked with %s comes %s and decodes to the same JSON', async (accept, encoding) => {
    expect(plain.length).toBeGreaterThan(1024);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.length / 2);
      const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload).toString();
      expect(JSON.parse(text)).toEqual(JSON.parse(plain));
    }
  });

  it('compresses a large answer the development answer check also reads (it passes the compressed bytes unread)', async () => {
    const checked = await createTestApp('sqlite', { env: { CHECK_ANSWERS: 'on' } });
    try {
      await largeAnswerCompressed(checked);
    } finally {
      await checked.close();
    }
  });

  async function largeAnswerCompressed(t: TestApp) {
    expect(t.config.checkAnswers).toBe(true);
    const owner = await onboardedOwner(t.app);
    for (let i = 0; i < 12; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/business-dashboard/service/add',
        headers: owner.auth,
        payload: { serviceName: `Ceramic coating, package number ${i}`, duration: 60, price: 100 + i },
      });
    const res = await t.app.inject({
      url: '/api/business-dashboard/services',
      headers: { ...owner.auth, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(answer.services.length).toBeGreaterThanOrEqual(12);
  }

  it.each([[undefined], ['identity'], ['br;q=0, gzip;q=0'], ['deflate']])(
    'a large answer asked with %s goes as it is, with Vary',
    async (accept) => {
      const res = await t.app.inject({
        url: '/api/openapi.json',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(plain);
    },
  );

  it('a small answer is not compressed', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('status');
  });

  it('the slots answer goes as it is, over a kilobyte or not (measured: compressing it cost the busiest route)', async () => {
    // The real slots answer of a test business is under a kilobyte: the rule is checked on a stand-in route.
    const app = Fastify();
    useJsonCompression(app);
    const big = JSON.stringify({ slots: Array.from({ length: 100 }, (_, i) => ({ start: `2026-12-02T${i}:00` })) });
    for (const path of [routes.customer.slots.path, '/api/other'])
      app.get(path, (_req, reply) => reply.type('application/json; charset=utf-8').send(big));
    try {
      const slots = await app.inject({
        url: `${routes.customer.slots.path}?businessId=x`,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(slots.headers['content-encoding']).toBeUndefined();
      expect(slots.body).toBe(big);
      const other = await app.inject({ url: '/api/other', headers: { 'accept-encoding': 'br, gzip' } });
      expect(other.headers['content-encoding']).toBe('br');
    } finally {
      await app.close();
    }
  });

  it('chooses br before gzip and never one given q=0', () => {
    expect(chooseEncoding('gzip;q=1.0, br;q=0.1')).toBe('br');
    expect(chooseEncoding('br;q=0')).toBeUndefined();
    expect(chooseEncoding('*;q=0')).toBeUndefined();
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
  });
});
