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
    return await lockedTransaction(store, businessId, work);
  } finally {
    // Reads made while this transaction was open saw the calendar before it (calendar-changes.ts).
    store.changes.bump();
  }
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
 * rolled back alone and the others go on. Nobody hears "done" before the one COMMIT is
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
        for (const job of batch) done.push(await this.inSavepoint(trx, job));
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

  private async inSavepoint(conn: Tx, job: Job): Promise<Outcome> {
    await conn.executeQuery(SAVEPOINT);
    try {
      const value = await job.work(conn);
      await conn.executeQuery(RELEASE);
      return { ok: true, value };
    } catch (err) {
      // If the database already dropped the whole transaction, this throws and the batch fails.
      await conn.executeQuery(ROLLBACK_TO);
      await conn.executeQuery(RELEASE);
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
    store.db.transaction().execute(async (trx) => {
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
      group = new GroupCommit(sqliteTransaction(store));
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
    group = new GroupCommit(postgresTransaction(store, businessId), () => groups.delete(businessId));
    groups.set(businessId, group);
  }
  return group;
}

/** A plain transaction for writes that touch no calendar. */
export async function inTransaction<T>(store: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    try {
      return await store.db.transaction().execute(work);
    } finally {
      store.changes.bump();
    }
  }
  return withBusinessLock(store, '', work);
}
