/**
 * Slow and stalled clients cannot hold sockets (app.ts CONNECTION_LIMITS): a body
 * trickled a byte at a time, headers that never finish, and more open sockets than the
 * cap are all cut off, while ordinary requests keep working. The limits are shortened
 * here so the test runs in seconds; production's are minutes and seconds apart the same way.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const LIMITS = { headersMs: 400, requestMs: 800, checkEveryMs: 100, maxConnections: 6 };

describe('slow clients', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { connectionLimits: LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Opens a socket and resolves when the server ends it, with what it answered (or null after `waitMs`). */
  function open(): { socket: Socket; closed: Promise<{ afterMs: number; answer: string } | null> } {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString();
    });
    socket.on('error', () => {});
    const closed = new Promise<{ afterMs: number; answer: string } | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5_000);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ afterMs: Date.now() - started, answer });
      });
    });
    return { socket, closed };
  }

  it('cuts off a body trickled a byte at a time, with 408', async () => {
    const { socket, closed } = open();
    socket.write(
      'POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    const result = await closed;
    clearInterval(trickle);
    expect(result, 'the socket was still open after 5 s').not.toBeNull();
    expect(result!.afterMs).toBeLessThan(3_000);
    expect(result!.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off headers that never finish', async () => {
    const { socket, closed } = open();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const trickle = setInterval(() => socket.writable && socket.write('a'), 100);
    const result = await closed;
    clearInterval(trickle);
    expect(result, 'the socket was still open after 5 s').not.toBeNull();
    expect(result!.afterMs).toBeLessThan(3_000);
  });

  it('refuses sockets beyond the cap, and serves again once they close', async () => {
    const idle = Array.from({ length: LIMITS.maxConnections }, () => open());
    await Promise.all(idle.map(({ socket }) => new Promise((r) => socket.once('connect', r))));
    const extra = open();
    const refused = await extra.closed;
    expect(refused, 'the socket over the cap was kept open').not.toBeNull();
    expect(refused!.answer).toBe('');
    for (const { socket } of idle) socket.destroy();
    await Promise.all(idle.map(({ closed }) => closed));
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it('still answers an ordinary request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'Bug Report', where: 'Home Page', description: 'It works.' }),
    });
    expect(res.status).toBe(201);
  });
});
