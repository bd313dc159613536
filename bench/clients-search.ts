/**
 * Issue 42's budget: client search answers at p99 under 50 ms with 20,000 clients in one
 * business, on SQLite and on PostgreSQL (docs/decisions/037).
 *
 * One business with 20,000 clients (each a place) and 40,000 bookings that name them (one done
 * in the past 14 months, one booked ahead), written straight into the database after onboarding
 * through the API. Search as you type is one owner's requests one after another, so each query
 * is asked in turn on one connection and timed end to end: a name prefix, a phone fragment, a
 * street word, and the empty query under each sort (the list's first page). The server is on
 * core 0, this process on core 1. On PostgreSQL the seeded tables are vacuumed and analysed before
 * timing, as autovacuum does after a bulk load: timed while it ran, single answers took 50-100 ms.
 */
import { randomUUID } from 'node:crypto';
import { addressKey, clientSearchText, emailKey } from '@slotwise/shared/client-match';
import pg from 'pg';
import { insertRows } from '../scripts/insert-bookings.ts';
import { pinSelf, startServer } from '../scripts/server-process.ts';
import { collectGarbage } from './collect-garbage.ts';
import type { Benchmark, Figure } from './figures.ts';
import { insertPgRows, withScratchDatabase } from './pg-scratch.ts';
import { seedOwner, utcFields, washBooking } from './seed.ts';

const CLIENTS = 20_000;
/**
 * Each query is asked this many times (after a few unmeasured): with 200 the p99 is the 198th
 * answer, two slower ones aside (with 60 it was the slowest, which one pause of the machine
 * decided).
 */
const TIMES = 200;
const P99_MAX_MS = 50;

const FIRST = ['Ada', 'Grace', 'Alan', 'Maria', 'Mark', 'José', 'Linus', 'Barbara', 'Ken', 'Margaret'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Garcia', 'Smith', 'Núñez', 'Torvalds', 'Liskov', 'Thompson', 'Hamilton'];
const STREETS = ['Ocean Ave', 'Main St', 'Elm St', 'Sunset Blvd', 'Lake Rd', 'Hill Dr', 'Park Way', 'River Ln'];

const QUERIES: { label: string; q: string; sort: string }[] = [
  { label: 'a name prefix ("mar")', q: 'mar', sort: 'recent' },
  { label: 'a phone fragment ("555 01")', q: '555 01', sort: 'recent' },
  { label: 'a street word ("sunset")', q: 'sunset', sort: 'recent' },
  { label: 'an e-mail ("seed1234@")', q: 'seed1234@', sort: 'recent' },
  { label: 'everyone, by last visit', q: '', sort: 'recent' },
  { label: 'everyone, by next visit', q: '', sort: 'next' },
  { label: 'everyone, by money spent', q: '', sort: 'spent' },
  { label: 'everyone, by name', q: '', sort: 'name' },
];

interface Rows {
  clients: Record<string, unknown>[];
  places: Record<string, unknown>[];
  bookings: Record<string, unknown>[];
}

function rowsFor(owner: Awaited<ReturnType<typeof seedOwner>>, crewId: string): Rows {
  const now = Date.now();
  const out: Rows = { clients: [], places: [], bookings: [] };
  for (let i = 0; i < CLIENTS; i++) {
    const id = randomUUID();
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const email = `seed${i}@example.com`;
    const phone = `+1512${String(5550000 + i).padStart(7, '0')}`;
    const street = `${(i % 900) + 1} ${STREETS[i % STREETS.length]}, Austin, TX`;
    out.clients.push({
      id,
      business_id: owner.businessId,
      first_name: first,
      last_name: last,
      email,
      email_key: emailKey(email),
      phone,
      notes: '',
      tags: '[]',
      texts_consent: 0,
      marketing_consent: 0,
      source: 'earlier',
      search_text: clientSearchText({ firstName: first, lastName: last, email, phone, addresses: [street] }),
      created_at: now,
      updated_at: now,
    });
    out.places.push({
      id: randomUUID(),
      client_id: id,
      business_id: owner.businessId,
      address: street,
      address_key: addressKey(street),
      notes: '',
      created_at: now,
      last_used_at: now,
    });
    // One job done in the past 14 months (completed, as the minute's sweep leaves a past job),
    // one booked ahead (spread so every sort has work to do).
    const past = washBooking(owner, crewId, i, utcFields(now - (i + 1) * 31 * 60_000), now);
    const ahead = washBooking(owner, crewId, CLIENTS + i, utcFields(now + (i + 1) * 31 * 60_000), now);
    out.bookings.push(
      { ...past, client_id: id, status: 'completed', total_cents: 4000 + (i % 50) * 100 },
      { ...ahead, client_id: id },
    );
  }
  return out;
}

/** What autovacuum does after a bulk load (the bookings' triggers also rewrote every client row). */
async function vacuumAnalyze(url: string, tables: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const table of tables) await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
}

async function timeQueries(base: string, token: string): Promise<Figure[][]> {
  const ask = async (q: string, sort: string) => {
    const started = performance.now();
    const res = await fetch(
      `${base}/api/business-dashboard/clients?${new URLSearchParams(q ? { q, sort } : { sort })}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`client search answered ${res.status}`);
    return performance.now() - started;
  };
  // Seeding takes long enough for the server to close this process's idle keep-alive sockets;
  // the first request on one may fail (EPIPE, reset). Throwaway requests until one answers.
  for (let attempt = 1; ; attempt++) {
    try {
      await ask('', 'name');
      break;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
  const figures: Figure[][] = [];
  for (const query of QUERIES) {
    for (let i = 0; i < 5; i++) await ask(query.q, query.sort);
    const times: number[] = [];
    for (let i = 0; i < TIMES; i++) times.push(await ask(query.q, query.sort));
    times.sort((a, b) => a - b);
    figures.push([
      { name: query.label, value: Math.round(times[Math.ceil(times.length * 0.99) - 1]! * 10) / 10, unit: 'ms' },
    ]);
  }
  return figures;
}

/**
 * Writes the 20,000 clients in. Its rows die with it: held through the timing (300 MB of heap in
 * this process), the client's own major collections, marking on the same core as its requests,
 * took 50-80 ms from answers the server had sent in under 20 (issue 42).
 */
async function seed(
  owner: Awaited<ReturnType<typeof seedOwner>>,
  crewId: string,
  insert: (table: string, rows: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  const rows = rowsFor(owner, crewId);
  await insert('clients', rows.clients);
  await insert('client_addresses', rows.places);
  await insert('bookings', rows.bookings);
}

async function measure(
  label: string,
  env: Record<string, string>,
  insert: (table: string, rows: Record<string, unknown>[], dataDir: string) => Promise<void>,
): Promise<Figure[]> {
  const server = await startServer({ env, cpu: 0 });
  try {
    const owner = await seedOwner(server.url, 'Clients bench', {
      service: { serviceName: 'Wash', duration: 30, price: 40 },
      hours: ['00:00', '23:59'],
    });
    const crews = await fetch(`${server.url}/api/business-dashboard/crews`, {
      headers: { authorization: `Bearer ${owner.token}` },
    }).then((r) => r.json() as Promise<{ crews: { _id: string }[] }>);
    await seed(owner, crews.crews[0]!._id, (table, rows) => insert(table, rows, server.dataDir));
    collectGarbage();
    const seeded = performance.now();
    const measured = (await timeQueries(server.url, owner.token)).flat();
    console.log(`  ${label}: queries timed in ${Math.round((performance.now() - seeded) / 1000)} s`);
    return measured.map((f) => ({
      ...f,
      name: `${label}: client search p99, ${CLIENTS.toLocaleString('en-US')} clients, ${f.name}`,
      budget: { max: P99_MAX_MS },
    }));
  } finally {
    await server.stop();
  }
}

export const clientsSearchBenchmark: Benchmark = {
  id: 'clients-search',
  title: 'Client search as you type with 20,000 clients in one business, p99 per query (issue 42)',
  async run() {
    pinSelf(1);
    try {
      const out = await measure('SQLite', {}, (table, rows, dataDir) => insertRows(dataDir, table, rows));
      const pgFigures = await withScratchDatabase((url) =>
        measure('PostgreSQL', { DATABASE_URL: url }, async (table, rows) => {
          await insertPgRows(url, table, rows);
          await vacuumAnalyze(url, table === 'bookings' ? ['bookings', 'clients'] : [table]);
        }),
      );
      if (pgFigures) out.push(...pgFigures);
      else console.log('  (PostgreSQL figures skipped: set TEST_DATABASE_URL to print them)');
      return out;
    } finally {
      pinSelf(null);
    }
  },
};
