/**
 * The one way to write to a business's calendar (docs/architecture.md#the-booking-path): a
 * transaction serialised per business, inside which the caller re-checks overlaps.
 * SQLite: BEGIN IMMEDIATE takes the write lock up front (no deadlock-prone upgrade).
 * PostgreSQL: a transaction-scoped advisory lock keyed by the business id, so two
 * instances serialise on the same business and never on different ones.
 * On both, writes that arrive together share one transaction (group commit, below).
 */
import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

export type Tx = Kysely<Database> | Transaction<Database>;

export async function withBusinessLock<T>(store: Db, businessId: string, work: (trx: Tx) => Promise<T>): Promise<T> {
  try {
    return await tracked(store, lockedTransaction(store, businessId, work));
  } finally {
    // Reads made while this transaction was open saw the calendar before it (calendar-changes.ts).
    store.changes.bump();
  }
}

/** The transactions handed out and not yet committed or failed, by database. */
const inFlight = new WeakMap<Db, Set<Promise<unknown>>>();

function tracked<T>(store: Db, transaction: Promise<T>): Promise<T> {
  let open = inFlight.get(store);
  if (!open) {
    open = new Set();
    inFlight.set(store, open);
  }
  const running = open;
  running.add(transaction);
  const done = () => running.delete(transaction);
  transaction.then(done, done);
  return transaction;
}

/**
 * Resolves when every transaction handed out so far has committed or failed: the database may
 * close then (app.ts, on shutdown). A write queued for group commit whose client has gone still
 * runs to its end instead of failing on a closed pool.
 */
export async function writesSettled(store: Db): Promise<void> {
  await Promise.allSettled([...(inFlight.get(store) ?? [])]);
}

function lockedTransaction<T>(store: Db, businessId: string, work: (trx: Tx) => Promise<T>): Promise<T> {
  return groupCommitFor(store, businessId).run(work);
}

// Run for every write: compiled once rather than built from a template each time.
const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint calendar_write');
const RELEASE = CompiledQuery.raw('release calendar_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to calendar_write');
/**
 * PostgreSQL: both in one round trip (a query without parameters goes as a simple query, which
 * may hold several statements). Each job otherwise paid two round trips for its savepoint, and
 * inside the business's lock every round trip waits a turn of the event loop (docs/decisions/028).
 */
const RELEASE_AND_SAVEPOINT = CompiledQuery.raw('release calendar_write; savepoint calendar_write');

async function sqliteNextSavepoint(conn: Tx): Promise<void> {
  // better-sqlite3 prepares one statement at a time; in-process, two calls cost no round trip.
  await conn.executeQuery(RELEASE);
  await conn.executeQuery(SAVEPOINT);
}

const postgresNextSavepoint = (conn: Tx) => conn.executeQuery(RELEASE_AND_SAVEPOINT);

/** Writes in one transaction at most; enough to share a commit, few enough to answer soon. */
const MAX_GROUP = 64;

interface Job {
  work: (trx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/** Runs work in one locked transaction: SQLite's write lock, or PostgreSQL's advisory lock of one business. */
type LockedTransaction = <T>(work: (trx: Tx) => Promise<T>) => Promise<T>;

/**
 * Group commit. Writes that arrive in the same turn of the event loop run one after
 * another in one transaction, each inside its own savepoint: a write that fails is
 * rolled back to it alone and the others go on (ROLLBACK TO keeps the savepoint, so the
 * next job releases and sets it as after a success). Nobody hears "done" before the one COMMIT is
 * durable, so a 201 still survives a crash.
 * - SQLite: one group for the database. With synchronous=FULL every commit waits for
 *   the disk, and the commit was most of a booking's time. (Kysely hands out SQLite's
 *   single connection under a mutex, so writes never interleave anyway.)
 * - PostgreSQL: one group per business, in this process, ahead of the advisory lock
 *   that serialises the business across instances. Without it, every write of a busy
 *   business took a pooled connection and waited on the lock with it, so a burst for one
 *   business held the whole pool and stalled every other business's requests.
 */
class GroupCommit {
  private readonly queue: Job[] = [];
  private busy = false;

  constructor(
    private readonly transaction: LockedTransaction,
    /** Releases the savepoint and sets the next one (db round trips differ by dialect, below). */
    private readonly nextSavepoint: (conn: Tx) => Promise<unknown>,
    /** Called when the queue has run dry. */
    private readonly onIdle: () => void = () => {},
  ) {}

  run<T>(work: (trx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.busy) {
        this.busy = true;
        // Let every request parsed in this turn reach the queue first.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_GROUP);
    try {
      const outcomes = await this.transaction(async (trx) => {
        const done: Outcome[] = [];
        await trx.executeQuery(SAVEPOINT);
        for (const [i, job] of batch.entries()) {
          done.push(await this.inSavepoint(trx, job));
          // The job's writes join the transaction; the next job gets a savepoint of its own.
          if (i < batch.length - 1) await this.nextSavepoint(trx);
          else await trx.executeQuery(RELEASE);
        }
        return done;
      });
      for (const [i, outcome] of outcomes.entries())
        outcome.ok ? batch[i]!.resolve(outcome.value) : batch[i]!.reject(outcome.err);
    } catch (err) {
      // The transaction itself failed (disk full, I/O error, lost connection): none of the batch was kept.
      for (const job of batch) job.reject(err);
    } finally {
      if (this.queue.length > 0) setImmediate(() => void this.flush());
      else {
        this.busy = false;
        this.onIdle();
      }
    }
  }

  /** Runs a job inside the savepoint already set; a job that fails is rolled back to it alone. */
  private async inSavepoint(conn: Tx, job: Job): Promise<Outcome> {
    try {
      return { ok: true, value: await job.work(conn) };
    } catch (err) {
      // If the database already dropped the whole transaction, this throws and the batch fails.
      await conn.executeQuery(ROLLBACK_TO);
      return { ok: false, err };
    }
  }
}

function sqliteTransaction(store: Db): LockedTransaction {
  // BEGIN IMMEDIATE takes the write lock up front (no deadlock-prone upgrade).
  return (work) =>
    store.db.connection().execute(async (conn) => {
      await conn.executeQuery(BEGIN);
      try {
        const result = await work(conn);
        await conn.executeQuery(COMMIT);
        return result;
      } catch (err) {
        await conn.executeQuery(ROLLBACK).catch(() => {});
        throw err;
      }
    });
}

function postgresTransaction(store: Db, businessId: string): LockedTransaction {
  return (work) =>
    store.writer.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${businessId}, 0))`.execute(trx);
      return work(trx);
    });
}

const sqliteGroups = new WeakMap<Db, GroupCommit>();
/** PostgreSQL: the groups of businesses with writes in flight; a group leaves when it runs dry. */
const postgresGroups = new WeakMap<Db, Map<string, GroupCommit>>();

function groupCommitFor(store: Db, businessId: string): GroupCommit {
  if (store.dialect === 'sqlite') {
    let group = sqliteGroups.get(store);
    if (!group) {
      group = new GroupCommit(sqliteTransaction(store), sqliteNextSavepoint);
      sqliteGroups.set(store, group);
    }
    return group;
  }
  let groups = postgresGroups.get(store);
  if (!groups) {
    groups = new Map();
    postgresGroups.set(store, groups);
  }
  let group = groups.get(businessId);
  if (!group) {
    group = new GroupCommit(postgresTransaction(store, businessId), postgresNextSavepoint, () =>
      groups.delete(businessId),
    );
    groups.set(businessId, group);
  }
  return group;
}

/** A plain transaction for writes that touch no calendar. */
export async function inTransaction<T>(store: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    try {
      return await tracked(store, store.db.transaction().execute(work));
    } finally {
      store.changes.bump();
    }
  }
  return withBusinessLock(store, '', work);
}
