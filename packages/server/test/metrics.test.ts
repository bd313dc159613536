/**
 * GET /metrics (issue 20, item 12): closed (404) unless METRICS_TOKEN is set, 401 with a wrong
 * token, and with the right one Prometheus text: requests by route pattern, bookings created,
 * the outbox backlog, the age of its oldest unsent message and the messages given up (issue 39),
 * event-loop lag, and the PostgreSQL pool where there is one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../src/mail/delivery.ts';
import { book, bookBody, detailer, engineApp } from './booking-fixtures.ts';
import { createTestApp, storages, type TestApp } from './helpers.ts';
import { startSmtp } from './smtp.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe.each(storages())('GET /metrics on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 404 when no METRICS_TOKEN is configured, even with a bearer token', async () => {
    t = await createTestApp(kind);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    t = await createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } });
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('slotwise_');
  });

  it('counts requests by route pattern, bookings created and the outbox backlog, with event-loop lag', async () => {
    const e = await engineApp(kind, { env: { METRICS_TOKEN: TOKEN } });
    t = e;
    const shop = await detailer(e);
    const res = await book(e, bookBody(shop, { time: '10:00' }));
    expect(res.statusCode).toBe(201);
    // A URL no route matches, with junk: one bounded label, never the raw path.
    await e.app.inject({ url: '/api/nothing-here/12345?x=1' });

    const scrape = await e.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.body;
    expect(text).toMatch(
      /slotwise_http_requests_total\{method="POST",route="\/api\/customer\/book",status="201"\} 1\b/,
    );
    expect(text).toMatch(
      /slotwise_http_request_duration_seconds_count\{method="POST",route="\/api\/customer\/book",status="201"\} 1\b/,
    );
    expect(text).toMatch(/slotwise_http_requests_total\{method="GET",route="unmatched",status="404"\} 1\b/);
    expect(text).toMatch(
      /slotwise_http_request_duration_seconds_bucket\{method="POST",route="\/api\/customer\/book",status="201",le="\+Inf"\} 1\b/,
    );
    expect(text).not.toContain('nothing-here');
    expect(text).toMatch(/^slotwise_bookings_created_total 1$/m);
    // The booking queued its mails and no dispatcher run has sent them in this instant... or has:
    // either way the gauge is the count of unsent rows.
    const unsent = Number(/^slotwise_mail_outbox_unsent (\d+)$/m.exec(text)?.[1]);
    const rows = await e.ctx.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(unsent).toBe(Number(rows.n));
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
    if (kind === 'postgres') expect(text).toMatch(/^slotwise_db_pool_connections\{state="total"\} \d+$/m);
    else expect(text).not.toContain('slotwise_db_pool_connections');
  });

  it('counts a replayed booking once', async () => {
    const e = await engineApp(kind, { env: { METRICS_TOKEN: TOKEN } });
    t = e;
    const shop = await detailer(e);
    const body = bookBody(shop, { time: '11:00' });
    expect((await book(e, body, 'same-key-1')).statusCode).toBe(201);
    expect((await book(e, body, 'same-key-1')).headers['idempotent-replayed']).toBe('true');
    const scrape = await e.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.body).toMatch(/^slotwise_bookings_created_total 1$/m);
  });

  it("tells a dead relay: the oldest unsent message's age by channel, then the messages given up", async () => {
    // A loopback port nothing listens on: every mail fails (docs/decisions/032).
    const relay = await startSmtp();
    await relay.close();
    const e = await engineApp(kind, { env: { METRICS_TOKEN: TOKEN, SMTP_URL: relay.url } });
    t = e;
    const shop = await detailer(e);
    const scrape = async () =>
      (await e.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const before = await scrape();
    expect(before).toMatch(/^slotwise_mail_outbox_oldest_unsent_age_seconds\{channel="mail"\} 0$/m);
    expect(before).toMatch(/^slotwise_mail_outbox_failures_total\{channel="mail"\} 0$/m);
    expect(before).toMatch(/^slotwise_mail_outbox_failures_total\{channel="text"\} 0$/m);

    expect((await book(e, bookBody(shop, { time: '12:00' }))).statusCode).toBe(201);
    await e.ctx.mail.flush();
    e.clock.now += 90_000;
    const waiting = await scrape();
    expect(waiting).toMatch(/^slotwise_mail_outbox_oldest_unsent_age_seconds\{channel="mail"\} 90$/m);
    expect(waiting).toMatch(/^slotwise_mail_outbox_oldest_unsent_age_seconds\{channel="text"\} 0$/m);

    // An hour between tries until both mails (the customer's and the owner's) are given up.
    for (let i = 0; i < MAX_ATTEMPTS.mail; i++) {
      e.clock.now += 3_600_000;
      await e.ctx.mail.flush();
    }
    const failed = await scrape();
    expect(failed).toMatch(/^slotwise_mail_outbox_failures_total\{channel="mail"\} 2$/m);
    expect(failed).toMatch(/^slotwise_mail_outbox_oldest_unsent_age_seconds\{channel="mail"\} 0$/m);
  });
});
