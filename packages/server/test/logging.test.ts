/** Request loggers are made on first use (logging.ts), and log exactly what pino's children did. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger, loggerOptions, maskUrl } from '../src/logging.ts';
import { createTestApp } from './helpers.ts';

async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  const app = Fastify({
    logger: { ...(loggerOptions(level) as object), stream },
    childLoggerFactory: lazyRequestLogger,
  });
  app.get('/quiet', async (req) => {
    req.log.info('only at info');
    return { ok: true };
  });
  app.get('/loud', async (req) => {
    req.log.warn(
      {
        token: 'secret-token',
        body: { secretUrl: 'https://calendar.google.com/calendar/ical/x/private-abc/basic.ics' },
      },
      'something odd',
    );
    return { ok: true };
  });
  await app.ready();
  // Count the pino children made per request from here on.
  let children = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    children++;
    return child(...args);
  };
  return { app, lines, children: () => children };
}

describe('request loggers', () => {
  it('write nothing and make no pino child for a request that logs below the level', async () => {
    const { app, lines, children } = await appLogging('warn');
    const res = await app.inject({ url: '/quiet' });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect(children()).toBe(0);
    await app.close();
  });

  it('log with the request id, redacted, once something is worth a line', async () => {
    const { app, lines, children } = await appLogging('warn');
    await app.inject({ url: '/loud' });
    expect(children()).toBe(1);
    const line = lines.find((l) => l.msg === 'something odd');
    expect(line?.reqId).toMatch(/^req-/);
    expect(line?.token).toBe('[REDACTED]');
    // A connected calendar's secret address (docs/decisions/025).
    expect(line?.body).toEqual({ secretUrl: '[REDACTED]' });
    await app.close();
  });

  it('log every request at info level, each line carrying its request id', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/quiet' });
    const mine = lines.filter((l) => l.msg === 'only at info' || l.msg === 'incoming request');
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((l) => l.reqId)).size).toBe(1);
    await app.close();
  });
});

describe('maskUrl', () => {
  it('masks token and key values by their decoded, case-insensitive name, keeping the rest as it was', () => {
    expect(maskUrl('/x?token=abc&b=1')).toBe('/x?token=[REDACTED]&b=1');
    expect(maskUrl('/x?a=%20b&key=abc')).toBe('/x?a=%20b&key=[REDACTED]');
    expect(maskUrl('/x?tok%65n=secret&b=1')).toBe('/x?tok%65n=[REDACTED]&b=1');
    expect(maskUrl('/x?b=1&TOKEN=secret')).toBe('/x?b=1&TOKEN=[REDACTED]');
    expect(maskUrl('/x?%6Bey=secret')).toBe('/x?%6Bey=[REDACTED]');
    expect(maskUrl('/x?token%3Dsecret&b=1')).not.toContain('secret');
    expect(maskUrl('/x?a=1#&token=secret')).not.toContain('secret');
    expect(maskUrl('/x?a=%E0%A4%A&token=secret')).toBe('/x?a=%E0%A4%A&token=[REDACTED]');
    expect(maskUrl('https://example.com/customer/manage?token=abc')).toBe(
      'https://example.com/customer/manage?token=[REDACTED]',
    );
    for (const url of ['/x', '/x?', '/x?a=1&b', '/x?tokens=1&monkey=2&a=b=c', '/x?a=1&&b=2'])
      expect(maskUrl(url)).toBe(url);
  });

  it("masks an undo's token in the path, with or without a query", () => {
    const path = '/api/business-dashboard/booking/undo';
    expect(maskUrl(`${path}/s3cr3t_-x`)).toBe(`${path}/[REDACTED]`);
    expect(maskUrl(`${path}/s3cr3t?a=1&token=x`)).toBe(`${path}/[REDACTED]?a=1&token=[REDACTED]`);
    expect(maskUrl(`${path}/s3cr3t?a=1`)).toBe(`${path}/[REDACTED]?a=1`);
    expect(maskUrl('/api/business-dashboard/booking/approve/abc?a=1')).toBe(
      '/api/business-dashboard/booking/approve/abc?a=1',
    );
  });

  it('keeps a percent-encoded token out of the request log of the real app', async () => {
    const t = await createTestApp('sqlite');
    try {
      for (const query of ['tok%65n=s3cr3t-one', 'TOKEN=s3cr3t-two', 'token%3Ds3cr3t-three', '%6b%65%79=s3cr3t-four'])
        await t.app.inject({ url: `/api/customer/slots?date=2030-01-01&${query}` });
      const text = t.logs.join('');
      expect(text).toContain('/api/customer/slots?date=2030-01-01&');
      expect(text).not.toMatch(/s3cr3t/);
    } finally {
      await t.close();
    }
  });
});
