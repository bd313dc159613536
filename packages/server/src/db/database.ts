/**
 * One Kysely instance over SQLite (embedded default) or PostgreSQL, chosen by
 * DATABASE_URL. Everything above this file is dialect-neutral, except the
 * per-business lock in transaction.ts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { CalendarChanges } from './calendar-changes.ts';
import type { Database } from './schema.ts';

type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Moves on every write that can change free slots (see calendar-changes.ts). */
  changes: CalendarChanges;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, far inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric (used by a few aggregates) as Number too.
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(url: string): Db {
  const changes = new CalendarChanges();
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    // WAL lets readers run beside the single writer; FULL makes every commit durable
    // (a 201 means the booking survives a crash); busy_timeout waits for another process's lock.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [changes],
    });
    return { db, dialect: 'sqlite', changes, close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection's error (the database restarted, failed over, or the network reset it)
  // must never crash the process. The pool reports an idle client's; a client lent to a
  // query reports it on itself too, and with no listener there Node throws it as an
  // unhandled 'error' event. The query in flight fails on its own (the error handler
  // answers 503), and the pool drops the broken client when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [changes] });
  return { db, dialect: 'postgres', changes, close: () => db.destroy() };
}

/**
 * Kysely's SQLite driver prepares every statement anew, a cost every booking paid
 * (docs/decisions/010). Statements are reusable (Kysely never iterates two at once
 * on one connection), so keep the most recent ones by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string): SQLite.Statement {
      let statement = cache.get(query);
      if (statement) {
        // Refresh its place: the Map's order is the eviction order.
        cache.delete(query);
      } else {
        statement = sqlite.prepare(query);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(query, statement);
      return statement;
    },
  };
}
