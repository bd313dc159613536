/**
 * Traces (src/tracing/, docs/decisions/044) through the real app: a booking's trace holds its request,
 * its wait for the business's lock and, on PostgreSQL, its statements; the request's log lines carry
 * its trace id; a sampled-out slots read makes no span; with traces off nothing is traced at all.
 */
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, DAY, detailer, engineApp, type Shop, slots } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

/** Traces on: an endpoint is configured (nothing listens there: the test's exporter takes the spans). */
const TRACES_ON = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' };

interface LogLine {
  reqId?: string;
  msg?: string;
  trace_id?: string;
  span_id?: string;
  req?: { url?: string };
}

/** Every log line of the one request to `url` made since `from` (by its request id). */
function requestLines(t: TestApp, url: string, from: number): LogLine[] {
  const lines = t.logs.slice(from).map((l) => JSON.parse(l) as LogLine);
  const incoming = lines.filter((l) => l.msg === 'incoming request' && l.req?.url?.startsWith(url));
  expect(incoming).toHaveLength(1);
  return lines.filter((l) => l.reqId === incoming[0]!.reqId);
}

const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

/** The request span of the one request to `route` among `spans`. */
function requestSpan(spans: ReadableSpan[], route: string): ReadableSpan {
  const found = spans.filter((s) => s.name === 'request' && s.attributes['http.route'] === route);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe.each(storages())('traces on %s', (kind) => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await engineApp(kind, { env: { ...TRACES_ON, TRACES_SLOTS_SAMPLER_ARG: '0' }, spanExporter: exporter });
    shop = await detailer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows a booking's request, its lock wait and its statements under one trace id", async () => {
    exporter.reset();
    const from = t.logs.length;
    const res = await book(t, bookBody(shop));
    expect(res.statusCode).toBe(201);

    const spans = exporter.getFinishedSpans();
    const request = requestSpan(spans, '/api/customer/book');
    const trace = spans.filter((s) => traceOf(s) === traceOf(request));
    expect(request.attributes['http.response.status_code']).toBe(201);

    const waits = trace.filter((s) => s.name === 'lock wait');
    const writes = trace.filter((s) => s.name === 'locked write');
    expect(waits).toHaveLength(1);
    expect(writes.length).toBeGreaterThanOrEqual(1);
    const [wait, write] = [waits[0]!, writes[0]!];
    expect(wait.attributes['slotwise.business_id']).toBe(shop.businessId);
    // Both within the request: their parent is a span of this trace (the handler's, @fastify/otel).
    const ids = new Set(trace.map(idOf));
    expect(ids.has(parentOf(wait)!)).toBe(true);
    expect(parentOf(write)).toBe(parentOf(wait));

    if (kind === 'postgres') {
      const statements = trace.filter(
        (s) => s.attributes['db.system.name'] === 'postgresql' && s.name.startsWith('pg.query'),
      );
      const text = (s: ReadableSpan) => String(s.attributes['db.query.text'] ?? '');
      // The transaction this booking opened: its advisory lock is taken under its lock wait...
      const lock = statements.filter((s) => text(s).includes('pg_advisory_xact_lock'));
      expect(lock).toHaveLength(1);
      expect(parentOf(lock[0]!)).toBe(idOf(wait));
      // ...and its writes are statements of its locked write.
      const insert = statements.filter((s) => /insert into "bookings"/i.test(text(s)));
      expect(insert).toHaveLength(1);
      expect(parentOf(insert[0]!)).toBe(idOf(write));
      expect(statements.some((s) => text(s).toLowerCase() === 'commit')).toBe(true);
    } else {
      // SQLite has no statement spans: the locked write stands for its transaction.
      expect(trace.some((s) => s.attributes['db.system.name'] === 'postgresql')).toBe(false);
      expect(write.attributes['db.system.name']).toBe('sqlite');
    }

    // Every log line of the request carries its trace id, "incoming request" and "request completed" included.
    const lines = requestLines(t, '/api/customer/book', from);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of lines) {
      expect(line.trace_id).toBe(traceOf(request));
      expect(line.span_id).toBe(idOf(request));
    }
  });

  it('makes no span for a slots read sampled out, and logs it without a trace id', async () => {
    // Work the earlier requests started may still end spans of their traces (the booking's mail going out).
    const earlier = new Set(exporter.getFinishedSpans().map(traceOf));
    exporter.reset();
    const from = t.logs.length;
    const res = await slots(t, { businessId: shop.businessId, serviceId: shop.fullId, date: DAY });
    expect(res.statusCode).toBe(200);
    expect(exporter.getFinishedSpans().filter((s) => !earlier.has(traceOf(s)))).toEqual([]);
    const lines = requestLines(t, '/api/customer/get-available-slots', from);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.trace_id).toBeUndefined();
  });

  it("follows a caller's traceparent", async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await t.app.inject({
      url: `/api/customer/get-available-slots?${new URLSearchParams({ businessId: shop.businessId, serviceId: shop.fullId, date: DAY })}`,
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.statusCode).toBe(200);
    // Sampled upstream: traced although the slots reads' own ratio is 0.
    const request = requestSpan(exporter.getFinishedSpans(), '/api/customer/get-available-slots');
    expect(traceOf(request)).toBe(traceId);
  });
});

describe.each(storages())('traces off on %s (the default)', (kind) => {
  it('makes no span and logs no trace id', async () => {
    const exporter = new InMemorySpanExporter();
    // The exporter is handed over, but no endpoint is configured: traces stay off.
    const t = await engineApp(kind, { spanExporter: exporter });
    try {
      expect(t.config.tracing).toBeUndefined();
      expect(t.ctx.store.writeTracing).toBeUndefined();
      const shop = await detailer(t);
      const from = t.logs.length;
      expect((await book(t, bookBody(shop))).statusCode).toBe(201);
      expect(exporter.getFinishedSpans()).toEqual([]);
      const lines = requestLines(t, '/api/customer/book', from);
      expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      for (const line of t.logs) expect(line).not.toMatch(/trace_id|span_id/);
    } finally {
      await t.close();
    }
  });
});
