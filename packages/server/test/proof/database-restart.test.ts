/**
 * A dropped PostgreSQL connection (a restart, a failover, a network reset) costs the
 * requests in flight a clear 503 and nothing else (issue 20, item 1): two server
 * processes take a burst of bookings while every one of their database connections is
 * terminated; both stay up, every answer is 201, 409 or 503 with {error, code}, every
 * acknowledged booking is stored, and both serve again at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storages } from '../helpers.ts';
import {
  bookingBody,
  daysAhead,
  freshStorage,
  halfHours,
  http,
  inspect,
  openShop,
  type ServerProcess,
  type Shop,
  type Storage,
  startServer,
} from './server-process.ts';

const BOOKINGS = 240;
const SLOTS = halfHours('08:00', 20);

describe.runIf(storages().includes('postgres'))('PostgreSQL connections dropped during a burst', () => {
  let storage: Storage;
  let servers: ServerProcess[] = [];
  let shop: Shop;

  beforeAll(async () => {
    storage = await freshStorage('postgres');
    servers = await Promise.all([startServer(storage), startServer(storage)]);
    shop = await openShop(servers[0]!.url, { startTime: '08:00', endTime: '18:00' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await storage?.cleanup();
  });

  it('answers 503 to the requests in flight, stays up, loses nothing and recovers', { timeout: 120_000 }, async () => {
    const store = inspect(storage);
    try {
      const database = new URL(storage.databaseUrl).pathname.slice(1);
      const attempts = Array.from({ length: BOOKINGS }, (_, n) => ({
        n,
        date: daysAhead(10 + Math.floor(n / SLOTS.length)),
        time: SLOTS[n % SLOTS.length]!,
        server: servers[n % 2]!,
      }));
      let terminated = 0;
      const burst = Promise.all(
        attempts.map(async (a, i) => {
          // Spread over a moment so some are in flight while the connections drop.
          await new Promise((r) => setTimeout(r, i * 2));
          try {
            const res = await http(a.server.url, 'POST', '/api/customer/book', bookingBody(shop, a.date, a.time, a.n), {
              'idempotency-key': randomUUID(),
            });
            return { ...a, status: res.status, body: res.body };
          } catch (err) {
            return { ...a, status: 0, body: { error: String(err) } };
          }
        }),
      );
      for (let round = 0; round < 3; round++) {
        await new Promise((r) => setTimeout(r, 120));
        const killed = await sql<{ n: number }>`
          select count(pg_terminate_backend(pid)) as n from pg_stat_activity
           where datname = ${database} and pid <> pg_backend_pid()`.execute(store.db);
        terminated += Number(killed.rows[0]?.n ?? 0);
      }
      const answers = await burst;
      const byStatus: Record<number, number> = {};
      for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      console.info(
        `[database restart] ${terminated} connections terminated; answers by status: ${JSON.stringify(byStatus)}`,
      );
      expect(terminated).toBeGreaterThan(0);

      // Both processes are still up (an unhandled 'error' event would have ended them).
      for (const s of servers) expect(s.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
      const health = await Promise.all(servers.map((s) => http(s.url, 'GET', '/api/health')));
      expect(health.map((h) => h.status)).toEqual([200, 200]);

      // Only the answers a customer can act on; every refusal is {error, code}.
      for (const a of answers) {
        expect([201, 409, 503], JSON.stringify(a.body)).toContain(a.status);
        if (a.status === 503) expect(a.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      }
      // Every acknowledged booking is stored.
      const won = answers.filter((a) => a.status === 201).map((a) => a.body.bookingId as string);
      const rows = await store.db
        .selectFrom('bookings')
        .select('id')
        .where('business_id', '=', shop.businessId)
        .execute();
      const stored = new Set(rows.map((r) => r.id));
      for (const id of won) expect(stored.has(id)).toBe(true);

      // The pools recovered: both instances book again at once.
      for (const [i, s] of servers.entries()) {
        const res = await http(
          s.url,
          'POST',
          '/api/customer/book',
          bookingBody(shop, daysAhead(30 + i), '09:00', 5000 + i),
          {
            'idempotency-key': randomUUID(),
          },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
    } finally {
      await store.close();
    }
  });
});
