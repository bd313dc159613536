/**
 * The calls that read their own kind of body (Stripe's raw JSON, Twilio's form, the beacon's
 * text/plain, a photo's bytes) read it one way (plugins/body-limit.ts, issue 39): a Content-Length over the
 * limit is refused before any body is read, and a chunked body is read no further than the
 * limit. Against a listening server over a raw socket, as an attacker would send it: 300 MB
 * once went into memory (363 -> 915 MB) before the 413. No credentials are needed, so any
 * business id does; storage plays no part, so SQLite only.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const MB = 1024 * 1024;
/** What a client may push into the two sockets' kernel buffers on loopback before the server reads a byte. */
const KERNEL_SLACK = 16 * MB;

const calls = [
  { name: "Stripe's webhook", path: `/api/webhooks/stripe/${randomUUID()}`, type: 'application/json' },
  { name: "Twilio's webhook", path: '/api/webhooks/twilio', type: 'application/x-www-form-urlencoded' },
  { name: 'the beacon', path: '/api/customer/beacon', type: 'text/plain;charset=UTF-8' },
  // A customer's photo (docs/decisions/053): any business id, as the limit comes before the handler.
  { name: "a customer's photo", path: `/api/customer/photos/${randomUUID()}`, type: 'image/jpeg' },
];

interface Outcome {
  /** The status line's code, or null when the connection was cut with no answer. */
  status: number | null;
  /** Body bytes written before the server answered or cut the connection. */
  sent: number;
  ms: number;
  /** How far the process's memory rose above where it started, sampled while the body went. */
  rssGrowth: number;
  buffersGrowth: number;
}

describe('bodies of their own kind are limited as they arrive', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /**
   * Sends a request head, then (when `stream`) a chunked body of up to `max` bytes, as fast as
   * the server takes it, until the server answers or cuts the connection.
   */
  function send(head: string, stream: { max: number } | null): Promise<Outcome> {
    global.gc?.();
    const start = process.memoryUsage();
    let peak = { rss: start.rss, arrayBuffers: start.arrayBuffers };
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, m.rss), arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers) };
    }, 5);
    const began = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let over = false;
    let sent = 0;
    return new Promise<Outcome>((resolve) => {
      const finish = () => {
        if (over) return;
        over = true;
        clearInterval(sample);
        socket.destroy();
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
        resolve({
          status: status ? Number(status) : null,
          sent,
          ms: Date.now() - began,
          rssGrowth: peak.rss - start.rss,
          buffersGrowth: peak.arrayBuffers - start.arrayBuffers,
        });
      };
      const deadline = setTimeout(finish, 10_000);
      socket.on('data', (d) => {
        answer += d.toString('latin1');
        if (answer.includes('\r\n\r\n')) {
          clearTimeout(deadline);
          // Let the rest of the answer arrive, then stop writing.
          setTimeout(finish, 20);
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(deadline);
        finish();
      });
      socket.write(head);
      if (!stream) return;
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      const pump = () => {
        while (!over && !socket.destroyed && sent < stream.max) {
          sent += chunk.length;
          if (!socket.write(frame)) return void socket.once('drain', pump);
        }
      };
      socket.once('connect', pump);
    });
  }

  const headOf = (path: string, type: string, length: string) =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\n${length}\r\n\r\n`;

  describe.each(calls)('$name', ({ path, type }) => {
    it('refuses a Content-Length over the limit at once, before any body comes', async () => {
      const outcome = await send(headOf(path, type, `Content-Length: ${300 * MB}`), null);
      expect(outcome.status, 'no answer came without the body').toBe(413);
      expect(outcome.ms).toBeLessThan(2_000);
    });

    it('stops reading a chunked body once it passes the limit, and memory does not grow with it', async () => {
      const max = 160 * MB;
      const outcome = await send(headOf(path, type, 'Transfer-Encoding: chunked'), { max });
      // An answer (413) or a cut connection, long before the body's end.
      expect(outcome.status === 413 || outcome.status === null, `answered ${outcome.status}`).toBe(true);
      expect(outcome.sent, `the server read on: ${outcome.sent / MB} MB went`).toBeLessThan(KERNEL_SLACK);
      expect(outcome.buffersGrowth / MB, 'buffers grew (MB)').toBeLessThan(16);
      expect(outcome.rssGrowth / MB, 'the process grew (MB)').toBeLessThan(48);
    });
  });

  it.each([
    [calls[0]!.path, calls[0]!.type, '{"id":"evt_1","type":"checkout.session.expired"}', 'WEBHOOK_SIGNATURE_INVALID'],
    [calls[1]!.path, calls[1]!.type, 'AccountSid=AC0&From=%2B15551234567&Body=STOP', 'WEBHOOK_SIGNATURE_INVALID'],
    [
      calls[2]!.path,
      calls[2]!.type,
      JSON.stringify({ businessId: randomUUID(), source: 'site', events: [{ type: 'opened' }] }),
      'BUSINESS_NOT_FOUND',
    ],
  ])('still reads a body under the limit through to its handler: %s', async (path, type, body, code) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect((await res.json()).code).toBe(code);
  });
});
