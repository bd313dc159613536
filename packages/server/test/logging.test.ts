/** Request loggers are made on first use (logging.ts), and log exactly what pino's children did. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger, loggerOptions } from '../src/logging.ts';

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
    req.log.warn({ token: 'secret-token' }, 'something odd');
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
