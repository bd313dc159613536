/**
 * Concurrency (issue 9): 200 customers race for the 20 slots of one business over
 * real HTTP: ten customers per slot, all requests in flight at once. On SQLite one
 * server process; on PostgreSQL two server processes on one database, the customers
 * split between them (two better-sqlite3 processes would also work, but one
 * instance is what SQLite deployments run). Every slot is booked exactly once,
 * every loser gets 409, and the totals add up in the answers and in the rows.
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

const CUSTOMERS = 200;
const SLOTS = halfHours('08:00', 20); // 08:00 ... 17:30, all inside 08:00-18:00

describe.each(storages())('200 customers racing for 20 slots on %s', (kind) => {
  let storage: Storage;
  let servers: ServerProcess[] = [];
  let shop: Shop;
  const date = daysAhead(12);

  beforeAll(async () => {
    storage = await freshStorage(kind);
    // Two instances start at once on one fresh PostgreSQL: migrations and the demo seed must cope.
    servers = await Promise.all(Array.from({ length: kind === 'postgres' ? 2 : 1 }, () => startServer(storage)));
    shop = await openShop(servers[0]!.url, { startTime: '08:00', endTime: '18:00' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await storage?.cleanup();
  });

  it('books every slot exactly once; every loser gets 409; the totals add up', { timeout: 120_000 }, async () => {
    const attempts = Array.from({ length: CUSTOMERS }, (_, n) => ({
      n,
      time: SLOTS[n % SLOTS.length]!,
      // Customers n, n+20, n+40... want the same slot; alternate them between instances so each slot is fought over across both.
      server: servers[Math.floor(n / SLOTS.length) % servers.length]!,
      key: randomUUID(),
    }));
    // Fired in a shuffled order, so neither instance always holds the first request for a slot.
    const order = [...attempts];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const answers = await Promise.all(
      order.map(async (a) => {
        const res = await http(a.server.url, 'POST', '/api/customer/book', bookingBody(shop, date, a.time, a.n), {
          'idempotency-key': a.key,
        });
        return { ...a, status: res.status, body: res.body };
      }),
    );

    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.info(`[concurrency ${kind}, ${servers.length} instance(s)] answers by status: ${JSON.stringify(byStatus)}`);

    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(byStatus).toEqual({ 201: SLOTS.length, 409: CUSTOMERS - SLOTS.length });
    expect(won.length + lost.length).toBe(CUSTOMERS);
    // One winner per slot, and each of the 20 slots has one.
    expect(new Set(won.map((a) => a.time)).size).toBe(SLOTS.length);
    for (const l of lost) expect(l.body.error).toBe('That time was just booked. Please pick another slot.');
    if (servers.length > 1) {
      // Every slot had contenders on both instances.
      for (const time of SLOTS)
        expect(new Set(attempts.filter((a) => a.time === time).map((a) => a.server)).size).toBe(2);
      console.info(
        `[concurrency ${kind}] 201s per instance: ${servers.map((s) => won.filter((a) => a.server === s).length).join(' + ')}`,
      );
    }

    const store = inspect(storage);
    try {
      const rows = await store.db
        .selectFrom('bookings')
        .select(['id', 'start_time', 'first_name', 'status', 'start_ms', 'end_ms'])
        .where('business_id', '=', shop.businessId)
        .orderBy('start_ms')
        .execute();
      expect(rows).toHaveLength(SLOTS.length);
      expect(rows.map((r) => r.start_time)).toEqual(SLOTS);
      expect(rows.every((r) => r.status === 'pending')).toBe(true);
      // The rows are exactly the winners (id and customer), nothing else.
      const winners = new Map(won.map((a) => [a.body.bookingId as string, `Customer${a.n}`]));
      for (const r of rows) expect(winners.get(r.id)).toBe(r.first_name);
      // No two active rows overlap, checked by the database itself.
      const overlaps = await sql<{ n: number }>`
        select count(*) as n from bookings a join bookings b
          on a.business_id = b.business_id and a.id < b.id
         and a.start_ms < b.end_ms and b.start_ms < a.end_ms
         and a.status in ('pending', 'approved') and b.status in ('pending', 'approved')`.execute(store.db);
      expect(Number(overlaps.rows[0]?.n)).toBe(0);
      // Each winner's key is stored once; no loser's key is stored (refusals are not replayed).
      const keys = await store.db.selectFrom('idempotency_keys').select('key').execute();
      expect(keys.map((k) => k.key).sort()).toEqual(won.map((a) => a.key).sort());
    } finally {
      await store.close();
    }
  });

  it('a winner retrying on any instance gets its booking back, and a loser retrying still gets 409', async () => {
    const time = SLOTS[0]!;
    const key = randomUUID();
    const first = await http(servers[0]!.url, 'POST', '/api/customer/book', bookingBody(shop, date, time, 9999), {
      'idempotency-key': key,
    });
    expect(first.status).toBe(409);
    const freeDate = daysAhead(13);
    const body = bookingBody(shop, freeDate, time, 10_000);
    const made = await http(servers[0]!.url, 'POST', '/api/customer/book', body, { 'idempotency-key': key });
    expect(made.status).toBe(201);
    const again = await http(servers[servers.length - 1]!.url, 'POST', '/api/customer/book', body, {
      'idempotency-key': key,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.bookingId).toBe(made.body.bookingId);
  });
});

/**
 * Crews (issue 25): the same race with three crews. Ten customers want each of 20 slots, so
 * three win each slot, one per crew, and seven get 409; every (slot, crew) is booked once,
 * on SQLite and on two PostgreSQL instances, and the database holds no crew twice at a time.
 */
const CREWS = 3;

describe.each(storages())('200 customers racing for 20 slots x 3 crews on %s', (kind) => {
  let storage: Storage;
  let servers: ServerProcess[] = [];
  let shop: Shop;
  const date = daysAhead(12);

  beforeAll(async () => {
    storage = await freshStorage(kind);
    servers = await Promise.all(Array.from({ length: kind === 'postgres' ? 2 : 1 }, () => startServer(storage)));
    shop = await openShop(servers[0]!.url, { startTime: '08:00', endTime: '18:00' });
    for (const name of ['Truck 2', 'Truck 3']) {
      const res = await http(
        servers[0]!.url,
        'POST',
        '/api/business-dashboard/crews',
        { name, color: '#1d4ed8' },
        { authorization: `Bearer ${shop.token}` },
      );
      expect(res.status).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await storage?.cleanup();
  });

  it('books each (slot, crew) exactly once; the rest get 409', { timeout: 120_000 }, async () => {
    const attempts = Array.from({ length: CUSTOMERS }, (_, n) => ({
      n,
      time: SLOTS[n % SLOTS.length]!,
      server: servers[Math.floor(n / SLOTS.length) % servers.length]!,
      key: randomUUID(),
    }));
    const order = [...attempts];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const answers = await Promise.all(
      order.map(async (a) => {
        const res = await http(a.server.url, 'POST', '/api/customer/book', bookingBody(shop, date, a.time, a.n), {
          'idempotency-key': a.key,
        });
        return { ...a, status: res.status, body: res.body };
      }),
    );
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.info(`[crews ${kind}, ${servers.length} instance(s)] answers by status: ${JSON.stringify(byStatus)}`);
    expect(byStatus).toEqual({ 201: SLOTS.length * CREWS, 409: CUSTOMERS - SLOTS.length * CREWS });

    const store = inspect(storage);
    try {
      const rows = await store.db
        .selectFrom('bookings')
        .select(['id', 'start_time', 'crew_id', 'status'])
        .where('business_id', '=', shop.businessId)
        .execute();
      expect(rows).toHaveLength(SLOTS.length * CREWS);
      // Each slot three times, each time on a different crew: every (slot, crew) once.
      const pairs = new Set(rows.map((r) => `${r.start_time} ${r.crew_id}`));
      expect(pairs.size).toBe(SLOTS.length * CREWS);
      expect(new Set(rows.map((r) => r.crew_id)).size).toBe(CREWS);
      for (const time of SLOTS) expect(rows.filter((r) => r.start_time === time)).toHaveLength(CREWS);
      const overlaps = await sql<{ n: number }>`
        select count(*) as n from bookings a join bookings b
          on a.crew_id = b.crew_id and a.id < b.id
         and a.start_ms < b.end_ms and b.start_ms < a.end_ms
         and a.status in ('pending', 'approved') and b.status in ('pending', 'approved')`.execute(store.db);
      expect(Number(overlaps.rows[0]?.n)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
