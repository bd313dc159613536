/**
 * Shutdown (issue 20, item 12): on SIGTERM a real server process stops taking
 * connections, answers the request in flight, leaves idle keep-alive sockets behind
 * and exits 0 promptly; a request that never finishes cannot hold it past the
 * 10-second deadline, after which it exits 1 with a log line.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freshStorage, type ServerProcess, type Storage, startServer } from './server-process.ts';

function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes the connection. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (d) => {
    text += String(d);
  });
  return new Promise((resolve) => {
    socket.once('close', () => resolve(text));
    socket.once('error', () => resolve(text));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('shutdown on SIGTERM', () => {
  let storage: Storage | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.kill();
    await storage?.cleanup();
  });

  it('answers the request in flight, ignores an idle keep-alive socket and exits 0 promptly', {
    timeout: 90_000,
  }, async () => {
    storage = await freshStorage('sqlite');
    server = await startServer(storage, { LOG_LEVEL: 'info' });

    // An idle keep-alive connection: one answered request, then nothing.
    const idle = await open(server.url);
    const idleText = received(idle);
    idle.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await sleep(300);

    // A request in flight: headers and half the body sent before the signal.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password at all' });
    const busy = await open(server.url);
    const busyText = received(busy);
    busy.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    busy.write(body.slice(0, 10));
    await sleep(200);

    const signalledAt = Date.now();
    server.signal('SIGTERM');
    await sleep(500);
    // No new connections once shutting down.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    busy.write(body.slice(10));

    expect(await busyText).toMatch(/^HTTP\/1\.1 401 /);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(await idleText).toMatch(/^HTTP\/1\.1 200 /);
    expect(server.output()).toContain('shutting down');
  });

  it('finishes its shutdown when SIGTERM comes twice (to the whole process group, then again)', {
    timeout: 90_000,
  }, async () => {
    storage = await freshStorage('sqlite');
    server = await startServer(storage, { LOG_LEVEL: 'info' });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password at all' });
    const busy = await open(server.url);
    const busyText = received(busy);
    busy.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    busy.write(body.slice(0, 10));
    await sleep(200);

    // As systemd stops a service, SIGTERM to every process of the group: tsx and the server. tsx
    // passes its own on when the server does not acknowledge it within 30 ms (a busy event loop),
    // and a supervisor may repeat itself: a second SIGTERM while shutting down.
    process.kill(-server.pid, 'SIGTERM');
    await sleep(300);
    process.kill(-server.pid, 'SIGTERM');
    await sleep(300);
    busy.write(body.slice(10));

    expect(await busyText).toMatch(/^HTTP\/1\.1 401 /);
    expect(await server.exited).toBe(0);
    expect(server.output().match(/shutting down/g)).toHaveLength(1);
  });

  it('exits 1 with a log line at the 10-second deadline when a request never finishes', {
    timeout: 90_000,
  }, async () => {
    storage = await freshStorage('sqlite');
    server = await startServer(storage, { LOG_LEVEL: 'info' });
    // A request whose body never comes: the server would wait for it up to its 30-second request timeout.
    const stuck = await open(server.url);
    void received(stuck);
    stuck.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await sleep(200);

    const signalledAt = Date.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(1);
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(9_500);
    expect(took).toBeLessThan(13_000);
    expect(server.output()).toContain('shutdown deadline');
    stuck.destroy();
  });
});
