/**
 * Spans really leave over OTLP/HTTP when an endpoint is configured: a stand-in collector on loopback
 * takes POST /v1/traces as the OTLP/HTTP specification describes it (JSON encoding, an
 * ExportTraceServiceResponse back), and holds the app's request span, named for the service.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers.ts';

interface Posted {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

interface OtlpJson {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: {
      scope: { name: string };
      spans: { name: string; traceId: string; attributes: { key: string }[] }[];
    }[];
  }[];
}

describe('the OTLP exporter', () => {
  const posted: Posted[] = [];
  let collector: Server;
  let endpoint: string;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        posted.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
        const known = req.method === 'POST' && req.url === '/v1/traces';
        res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
        res.end(known ? '{}' : '');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => collector.close(resolve));
  });

  it('posts the spans to <endpoint>/v1/traces, sent at the latest when the app closes', async () => {
    const t = await createTestApp('sqlite', {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${endpoint}/`, OTEL_SERVICE_NAME: 'slotwise-collector-test' },
    });
    const res = await t.app.inject({ url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    // Batched: the close flushes what is left.
    await t.close();

    expect(posted.length).toBeGreaterThanOrEqual(1);
    for (const p of posted) {
      expect(p.method).toBe('POST');
      expect(p.url).toBe('/v1/traces');
      expect(p.headers['content-type']).toMatch(/^application\/json/);
    }
    const exports = posted.map((p) => JSON.parse(p.body) as OtlpJson);
    const resources = exports.flatMap((e) => e.resourceSpans);
    const services = resources.map(
      (r) => r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue,
    );
    expect(new Set(services)).toEqual(new Set(['slotwise-collector-test']));
    const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const request = spans.find((s) => s.name === 'request');
    expect(request?.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
