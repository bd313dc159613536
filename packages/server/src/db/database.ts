/**
 * One Kysely instance over SQLite (embedded default) or PostgreSQL, chosen by
 * DATABASE_URL. Everything above this file is dialect-neutral, except the
 * per-business lock in transaction.ts.
 */
import { accessSync, constants, type FSWatcher, mkdirSync, statSync, watch } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  DummyDriver,
  Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  type RootOperationNode,
  SqliteDialect,
  Transaction,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config.ts';
import { CalendarChanges } from './calendar-changes.ts';
import { StorageError } from './errors.ts';
import type { Database } from './schema.ts';
import { namingPool } from './statement-names.ts';
import type { WriteTracing } from './write-tracing.ts';

type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  /**
   * Runs `work` on the one connection the per-business locked transactions use (transaction.ts),
   * held for it. On PostgreSQL a connection of a pool of its own, so a booking's transaction
   * never queues for a connection behind the reads of the requests waiting for it, and in pg's
   * pipeline mode: each query `work` makes is sent at once, without waiting for the answer of
   * the one before (the server runs them in the order sent), so statements that do not need
   * each other's answers cost one round trip together (docs/decisions/028). On SQLite the one
   * connection, as `db`.
   */
  onWriter<T>(work: (conn: Transaction<Database>) => Promise<T>): Promise<T>;
  dialect: Dialect;
  /** Moves on every write that can change free slots (see calendar-changes.ts). */
  changes: CalendarChanges;
  /**
   * Why the database's storage cannot be trusted with writes, or null (checked afresh on
   * every call: the health check's question; writes ask a kept answer), when the SQLite file
   * was deleted or replaced under the running server (writes would go to a file no one
   * will open again), or cannot be written. Always null on PostgreSQL, whose server
   * reports its own failures.
   */
  storageProblem(): string | null;
  /** PostgreSQL's pool, for /metrics: clients open, idle, and requests waiting; absent on SQLite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Spans for the locked writes, set by app.ts when traces are on (tracing/); unset, nothing is traced. */
  writeTracing?: WriteTracing;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, far inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric (used by a few aggregates) as Number too.
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(url: string, poolSize: number = DEFAULT_DATABASE_POOL_SIZE): Db {
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
    const storage = fileWatch(file);
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [changes, new StorageGuard(storage.problem)],
    });
    const close = async () => {
      storage.stop();
      await db.destroy();
    };
    // A connection of its own is all SQLite has: Kysely hands it out under a mutex.
    const onWriter = <T>(work: (conn: Transaction<Database>) => Promise<T>) =>
      db.connection().execute((conn) => work(conn as Transaction<Database>));
    return { db, onWriter, dialect: 'sqlite', changes, storageProblem: storage.check, close };
  }
  const sizes = poolSizes(poolSize);
  const readers = pgPool(url, sizes.readers);
  const writers = pgPool(url, sizes.writers, { pipeline: true });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(readers) }), plugins: [changes] });
  const writerDialect = new PostgresDialect({ pool: namingPool(writers) });
  const writer = new Kysely<Database>({ dialect: writerDialect, plugins: [changes] });
  return {
    db,
    onWriter: (work) => pipelined(writer, writerDialect, work),
    dialect: 'postgres',
    changes,
    storageProblem: () => null,
    poolStats: () => ({
      total: readers.totalCount + writers.totalCount,
      idle: readers.idleCount + writers.idleCount,
      waiting: readers.waitingCount + writers.waitingCount,
    }),
    close: async () => {
      await Promise.all([db.destroy(), writer.destroy()]);
    },
  };
}

/**
 * How an instance's connections are split: two in seven (at least one) kept for the locked
 * transactions, the rest for everything else, so a booking's transaction never queues behind
 * the reads of the requests waiting for it. 14 gives 10 and 4 (four businesses write at once; a
 * fifth waits for a transaction, never for the reads), the split measured in docs/decisions/028:
 * with one pool of 10, a burst for one business alternated a batch of 49 in 0.5 s with single
 * bookings that waited 0.1-0.3 s for a connection; 10 writers instead of 4 gained nothing there.
 */
export function poolSizes(total: number): { readers: number; writers: number } {
  const writers = Math.max(1, Math.round((total * 2) / 7));
  return { readers: total - writers, writers };
}

/**
 * Runs `work` on one connection of `writer`'s pool through a Transaction whose queries go to it
 * as they are made. Kysely's own connection() and transaction() hand a connection out under a
 * mutex, which waits for each answer before the next query is sent; here the pg client (in
 * pipeline mode) keeps them in order instead. The plugins and the compiled queries are the
 * writer's (its executor); the Transaction refuses a transaction or connection of its own.
 */
function pipelined<T>(
  writer: Kysely<Database>,
  dialect: PostgresDialect,
  work: (conn: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const executor = writer.getExecutor();
  return executor.provideConnection((connection) =>
    work(
      new Transaction<Database>({
        config: { dialect },
        dialect,
        driver: new DummyDriver(),
        executor: executor.withConnectionProvider({ provideConnection: (consume) => consume(connection) }),
      }),
    ),
  );
}

/**
 * A pipelined client's queries made in one turn of the event loop leave in one write: pg corks
 * its socket around each query only, so each query was a syscall of its own and woke the
 * server's backend again (writev was a quarter of the server's samples under a burst of
 * bookings for one business, docs/decisions/028). Uncorked once this turn's callbacks and
 * promise jobs have run (process.nextTick): every query they made goes out together.
 */
function oneWritePerTurn(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let corked = false;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    if (!corked) {
      corked = true;
      client.connection.stream.cork();
      process.nextTick(() => {
        corked = false;
        client.connection.stream.uncork();
      });
    }
    return query(...args);
  };
}

function pgPool(url: string, max: number, options: { pipeline?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, ...options });
  if (options.pipeline) pool.on('connect', oneWritePerTurn);
  // A connection's error (the database restarted, failed over, or the network reset it)
  // must never crash the process. The pool reports an idle client's; a client lent to a
  // query reports it on itself too, and with no listener there Node throws it as an
  // unhandled 'error' event. The query in flight fails on its own (the error handler
  // answers 503), and the pool drops the broken client when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * Refuses every write while storageProblem() reports one: on SQLite a write to a deleted
 * or replaced file succeeds and then vanishes on restart, so it must not be acknowledged.
 * The error fails the query (and its transaction); the API answers 503.
 */
class StorageGuard implements KyselyPlugin {
  constructor(private readonly problem: () => string | null) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'InsertQueryNode' || node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') {
      const problem = this.problem();
      if (problem) throw new StorageError(problem);
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/**
 * Whether the database file is still the one opened, and writable. Writes ask on every
 * statement, so the answer is kept: the file system tells at once when the file is
 * deleted, moved or replaced (a watcher marks the answer stale), and it is checked
 * afresh at least every second anyway (permissions, a watcher that missed an event).
 */
function fileWatch(file: string): { check: () => string | null; problem: () => string | null; stop: () => void } {
  if (file === ':memory:') return { check: () => null, problem: () => null, stop: () => {} };
  const opened = statSync(file);
  const check = (): string | null => {
    let now: ReturnType<typeof statSync>;
    try {
      now = statSync(file);
    } catch {
      return 'The database file is gone (deleted or moved) while the server runs; restore it and restart the server.';
    }
    if (now.ino !== opened.ino || now.dev !== opened.dev)
      return 'The database file was replaced while the server runs; restart the server to open the new one.';
    try {
      accessSync(file, constants.W_OK);
      accessSync(dirname(file), constants.W_OK);
    } catch {
      return 'The database file (or its folder) cannot be written; check its permissions and the disk.';
    }
    return null;
  };
  let kept: { at: number; problem: string | null } | null = null;
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(file, { persistent: false }, () => {
      kept = null;
    });
    watcher.on('error', () => {
      kept = null;
    });
  } catch {
    // No watcher: the one-second check still applies.
  }
  return {
    check,
    problem: () => {
      const now = Date.now();
      if (!kept || now - kept.at >= 1_000) kept = { at: now, problem: check() };
      return kept.problem;
    },
    stop: () => watcher?.close(),
  };
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
