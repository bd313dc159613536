/**
 * Crash safety (issue 9): a booking load against a real server process that is
 * killed with SIGKILL in the middle (no shutdown hook runs), then restarted on the
 * same data. Every booking that was answered 201 is in the database exactly once,
 * with its mails queued; every acknowledged request retried with its Idempotency-Key
 * replays the first answer instead of booking again; the requests that were in
 * flight at the kill book at most once when retried; and the restarted server
 * answers health 200 with every migration applied and (SQLite) an intact file.
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
  migrationCount,
  openShop,
  type ServerProcess,
  type Shop,
  type Storage,
  startServer,
} from './server-process.ts';

/** Kill once this many bookings have been acknowledged; by then the load is in full swing. */
const KILL_AFTER = 40;
const WORKERS = 8;

interface Attempt {
  n: number;
  key: string;
  body: ReturnType<typeof bookingBody>;
  /** 201, 409..., or 'no answer' when the connection died with the server. */
  outcome: number | 'no answer';
  bookingId?: string;
}

describe.each(storages())('SIGKILL mid-load and restart on %s', (kind) => {
  let storage: Storage;
  let server: ServerProcess | undefined;
  let shop: Shop;

  beforeAll(async () => {
    storage = await freshStorage(kind);
    server = await startServer(storage);
    shop = await openShop(server.url, { startTime: '00:00', endTime: '23:30' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await storage?.cleanup();
  });

  it('keeps every acknowledged booking, once, and replays it after the restart', { timeout: 120_000 }, async () => {
    // Distinct slots (47 a day from 00:00 to 23:00), so every request should win its slot.
    const slots = Array.from({ length: 6 }, (_, d) => daysAhead(3 + d)).flatMap((date) =>
      halfHours('00:00', 47).map((time) => ({ date, time })),
    );
    const attempts: Attempt[] = [];
    let next = 0;
    let acknowledged = 0;
    let killed: Promise<void> | undefined;
    const first = server!;

    async function worker() {
      while (next < slots.length) {
        const n = next++;
        const slot = slots[n]!;
        const a: Attempt = {
          n,
          key: randomUUID(),
          body: bookingBody(shop, slot.date, slot.time, n),
          outcome: 'no answer',
        };
        attempts.push(a);
        try {
          const res = await http(first.url, 'POST', '/api/customer/book', a.body, { 'idempotency-key': a.key });
          a.outcome = res.status;
          if (res.status === 201) {
            a.bookingId = res.body.bookingId as string;
            if (++acknowledged === KILL_AFTER) killed = first.kill();
          }
        } catch {
          // The server died under this request: we do not know whether it committed.
          return;
        }
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect(killed, 'the load ended before the kill; raise the slot count').toBeDefined();
    await killed;

    const acked = attempts.filter((a) => a.outcome === 201);
    const inFlight = attempts.filter((a) => a.outcome === 'no answer');
    const other = attempts.filter((a) => a.outcome !== 201 && a.outcome !== 'no answer');
    expect(other.map((a) => a.outcome)).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // Restart on the same data: it must come up cleanly.
    server = await startServer(storage);
    const health = await http(server.url, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');

    const store = inspect(storage);
    try {
      const migrations = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(store.db);
      expect(Number(migrations.rows[0]?.n)).toBe(migrationCount());
      if (kind === 'sqlite') {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(store.db);
        expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
      }

      // Every acknowledged booking is there, once, as it was answered.
      const rowsBefore = await store.db
        .selectFrom('bookings')
        .select(['id', 'day', 'start_time', 'first_name'])
        .where('business_id', '=', shop.businessId)
        .execute();
      const byId = new Map(rowsBefore.map((r) => [r.id, r]));
      for (const a of acked) {
        const row = byId.get(a.bookingId!);
        expect(row, `booking ${a.bookingId} was answered 201 but is not in the database`).toBeDefined();
        expect(row).toMatchObject({ day: a.body.date, start_time: a.body.time, first_name: a.body.firstName });
      }
      // Rows beyond the acknowledged ones can only be requests that were in flight at the kill.
      expect(rowsBefore.length).toBeGreaterThanOrEqual(acked.length);
      expect(rowsBefore.length).toBeLessThanOrEqual(acked.length + inFlight.length);
      const committedUnanswered = rowsBefore.length - acked.length;

      // Retrying every acknowledged request replays it: same id, no new row.
      for (const a of acked) {
        const res = await http(server.url, 'POST', '/api/customer/book', a.body, { 'idempotency-key': a.key });
        expect(res.status).toBe(201);
        expect(res.headers.get('idempotent-replayed')).toBe('true');
        expect(res.body.bookingId).toBe(a.bookingId);
      }
      // Retrying the unanswered ones books each at most once: a replay if it had committed, else a new booking.
      let replayedInFlight = 0;
      for (const a of inFlight) {
        const res = await http(server.url, 'POST', '/api/customer/book', a.body, { 'idempotency-key': a.key });
        expect(res.status).toBe(201);
        if (res.headers.get('idempotent-replayed') === 'true') replayedInFlight++;
      }
      expect(replayedInFlight).toBe(committedUnanswered);

      const rowsAfter = await store.db
        .selectFrom('bookings')
        .select(['id', 'start_ms'])
        .where('business_id', '=', shop.businessId)
        .execute();
      expect(rowsAfter).toHaveLength(acked.length + inFlight.length);
      expect(new Set(rowsAfter.map((r) => r.start_ms)).size).toBe(rowsAfter.length);
      // Each booking's two mails (customer, owner) were committed with it: none lost to the kill.
      const mail = await store.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('to_address', 'like', 'customer%@example.com')
        .executeTakeFirstOrThrow();
      expect(Number(mail.n)).toBe(rowsAfter.length);

      console.info(
        `[crash ${kind}] sent ${attempts.length}, acknowledged ${acked.length} before SIGKILL, ` +
          `${inFlight.length} in flight (${committedUnanswered} had committed), all ${acked.length} replayed after restart, ` +
          `${rowsAfter.length} bookings in the end, none twice`,
      );
    } finally {
      await store.close();
    }
  });
});
