/**
 * A scratch PostgreSQL database for a benchmark (TEST_DATABASE_URL's server), dropped after,
 * and the bulk insert of seeded bookings (or any table's rows) into it. The load benchmarks (booking-engine.ts,
 * crews.ts) seed through the API, then write their thousands of bookings here directly.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

function databaseUrl(pgUrl: string, name: string): string {
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<string> | undefined;

/**
 * A database migrated to the latest release, once per process, that each scratch database is a
 * copy of (`create database ... template`): the server's migration on start then finds nothing to
 * do. The migrations took 1.5-3 s of each PostgreSQL start here (docs/decisions/033, where the
 * server's tests do the same). Dropped once the process has nothing left to do.
 */
function migratedTemplate(pgUrl: string, admin: pg.Client): Promise<string> {
  template ??= (async () => {
    const name = `bench_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.query(`create database ${name}`);
    let dropped = false;
    process.on('beforeExit', () => {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: pgUrl });
      c.connect()
        .then(() => c.query(`drop database if exists ${name} with (force)`))
        .finally(() => c.end())
        .catch(() => undefined);
    });
    const { openDatabase } = await import('../packages/server/src/db/database.ts');
    const { migrateToLatest } = await import('../packages/server/src/db/migrate.ts');
    const store = openDatabase(databaseUrl(pgUrl, name), 2);
    try {
      await migrateToLatest(store);
    } finally {
      await store.close();
    }
    return name;
  })();
  return template;
}

/** Runs `work` with the URL of a fresh, migrated database; null when TEST_DATABASE_URL is not set. */
export async function withScratchDatabase<T>(work: (url: string) => Promise<T>): Promise<T | null> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) return null;
  const name = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${await migratedTemplate(pgUrl, admin)}`);
  try {
    return await work(databaseUrl(pgUrl, name));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Inserts booking rows (500 a statement), then analyzes the table. */
export function insertPgBookings(url: string, rows: Record<string, unknown>[]): Promise<void> {
  return insertPgRows(url, 'bookings', rows);
}

/** Inserts rows of any table (the columns of the first row), 500 a statement, then analyzes it. */
export async function insertPgRows(url: string, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const cols = Object.keys(rows[0]!);
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const values: unknown[] = [];
      const tuples = chunk.map(
        (row, j) =>
          `(${cols
            .map((col, k) => {
              values.push(row[col]);
              return `$${j * cols.length + k + 1}`;
            })
            .join(',')})`,
      );
      await c.query(`insert into ${table} (${cols.join(',')}) values ${tuples.join(',')}`, values);
    }
    // A database that grew to 10,000 bookings has planner statistics (autovacuum
    // analyzes as rows arrive); without them PostgreSQL reads every booking of the
    // business through the exclusion constraint's index on each conflict check.
    await c.query(`analyze ${table}`);
  } finally {
    await c.end();
  }
}
