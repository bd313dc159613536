/**
 * Writes booking rows (the bookings table's columns) straight into a server's SQLite file,
 * in one transaction: the benchmarks' thousands of bookings (bench/seed.ts) and an e2e
 * suite's bookings at fixed times of today (e2e/owner-day-phone.spec.ts), where booking
 * through the API would measure the API or need free slots that a late run lacks.
 */
import { join } from 'node:path';

export function insertBookings(dataDir: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  return insertRows(dataDir, 'bookings', rows);
}

/** Rows of any table (the columns of the first row), in one transaction: bench/insights.ts's counters too. */
export async function insertRows(
  dataDir: string,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const cols = Object.keys(rows[0]!);
    const insert = db.prepare(
      `insert into ${table} (${cols.join(',')}) values (${cols.map((c) => `@${c}`).join(',')})`,
    );
    db.transaction(() => {
      for (const r of rows) insert.run(r);
    })();
  } finally {
    db.close();
  }
}
