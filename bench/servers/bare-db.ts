/**
 * The yardstick for the spread benchmark (bench/spread.ts, issue 28): a bare Fastify server
 * doing one indexed SELECT (GET /select) or one INSERT (POST /insert) per request against a
 * bookings-like table, on PostgreSQL (BARE_DATABASE_URL, a pg pool of 10, as the product's)
 * or on a better-sqlite3 file (BARE_SQLITE_FILE, WAL and synchronous=FULL, as the product
 * ships SQLite). It seeds BARE_BUSINESSES businesses with 250 rows each at start-up.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const BUSINESSES = Number(process.env.BARE_BUSINESSES ?? 40);
const DAY_MS = 86_400_000;

interface Store {
  select(businessId: string, from: number, to: number): Promise<unknown[]>;
  insert(businessId: string, start: number): Promise<void>;
  seed(rows: [string, string, number, number][]): Promise<void>;
}

const CREATE = `create table if not exists bare_bookings (
  id text primary key, business_id text not null, start_ms bigint not null, end_ms bigint not null, customer text not null)`;
const INDEX = 'create index if not exists bare_bookings_business_start on bare_bookings (business_id, start_ms)';
const SELECT =
  'select id, start_ms, end_ms from bare_bookings where business_id = $1 and start_ms >= $2 and start_ms < $3';
const INSERT = 'insert into bare_bookings (id, business_id, start_ms, end_ms, customer) values ($1, $2, $3, $4, $5)';

async function postgresStore(url: string): Promise<Store> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(CREATE);
  await pool.query(INDEX);
  return {
    select: async (b, from, to) => (await pool.query({ name: 'select', text: SELECT, values: [b, from, to] })).rows,
    insert: async (b, start) => {
      await pool.query({ name: 'insert', text: INSERT, values: [randomUUID(), b, start, start + 1_800_000, 'Bare'] });
    },
    async seed(rows) {
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        await pool.query(
          `insert into bare_bookings select * from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[])`,
          [
            chunk.map((r) => r[0]),
            chunk.map((r) => r[1]),
            chunk.map((r) => r[2]),
            chunk.map((r) => r[3]),
            chunk.map(() => 'Seed'),
          ],
        );
      }
      await pool.query('analyze bare_bookings');
    },
  };
}

async function sqliteStore(file: string): Promise<Store> {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(CREATE);
  db.exec(INDEX);
  const select = db.prepare(SELECT.replace(/\$\d/g, '?'));
  const insert = db.prepare(INSERT.replace(/\$\d/g, '?'));
  return {
    select: async (b, from, to) => select.all(b, from, to),
    insert: async (b, start) => {
      insert.run(randomUUID(), b, start, start + 1_800_000, 'Bare');
    },
    async seed(rows) {
      db.transaction(() => {
        for (const r of rows) insert.run(r[0], r[1], r[2], r[3], 'Seed');
      })();
    },
  };
}

const store = process.env.BARE_DATABASE_URL
  ? await postgresStore(process.env.BARE_DATABASE_URL)
  : await sqliteStore(process.env.BARE_SQLITE_FILE ?? ':memory:');

const now = Date.now();
const seedRows: [string, string, number, number][] = [];
for (let b = 0; b < BUSINESSES; b++)
  for (let i = 0; i < 250; i++) {
    const start = now - (i + 1) * 45 * 60_000;
    seedRows.push([randomUUID(), `business-${b}`, start, start + 1_800_000]);
  }
await store.seed(seedRows);

const app = Fastify({ logger: false });
app.get<{ Querystring: { b?: string; day?: string } }>('/select', async (req) => {
  const from = now + Number(req.query.day ?? 0) * DAY_MS;
  return { rows: await store.select(`business-${req.query.b ?? 0}`, from, from + DAY_MS) };
});
let inserted = 0;
app.post<{ Body: { b?: number } }>('/insert', async (req, reply) => {
  await store.insert(`business-${req.body?.b ?? 0}`, now + inserted++ * 60_000);
  return reply.status(201).send({ ok: true });
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
