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

/**
 * A job's answer whose last writes are still on their way: on PostgreSQL the next job of the
 * group may start behind them, so a booking is one round trip under the lock, not two (the
 * next job's reads travel with this one's writes; docs/decisions/028). The caller still hears
 * `value` only after the commit, and a failure of `writes` is this job's, as if awaited.
 */
export class AfterWrites<T> {
  constructor(
    readonly writes: Promise<unknown>,
    readonly value: T,
  ) {}
}

export interface LockOptions {
  /**
   * The work only reads and writes through `trx` (no mail, no HTTP, no state of the process), so
   * it may run again: it can start behind the unanswered writes of the job before it (AfterWrites),
   * and runs again from the start if those fail (what it saw, or did, is then rolled back with them).
   */
  rerunnable?: boolean;
}

export async function withBusinessLock<T>(
  store: Db,
  businessId: string,
  work: (trx: Tx) => Promise<T | AfterWrites<T>>,
  options: LockOptions = {},
): Promise<T> {
  const settingsBefore = store.changes.settingsGeneration;
  const rerunnable = options.rerunnable === true;
  // Traces on (tracing/write-spans.ts): the wait for the lock is a span, the work runs in the caller's trace.
  const traced = store.writeTracing?.write(businessId);
  try {
    const transaction = traced
      ? traced.enqueue(() => lockedTransaction(store, businessId, (trx) => traced.holding(() => work(trx)), rerunnable))
      : lockedTransaction(store, businessId, work, rerunnable);
    return await tracked(store, transaction);
  } finally {
    // Reads made while this transaction was open saw the calendar before it (calendar-changes.ts).
    store.changes.transactionEnded(settingsBefore);
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
 * Whether a transaction of this process is queued or open: a burst of writes is running. The mail
 * dispatcher waits meanwhile (mail/outbox.ts): each statement of a locked transaction waits for
 * this event loop to read its answer, so CPU spent here between them holds up the business's lock.
 */
export function writesOpen(store: Db): boolean {
  return (inFlight.get(store)?.size ?? 0) > 0;
}

/**
 * Resolves when every transaction handed out so far has committed or failed: the database may
 * close then (app.ts, on shutdown). A write queued for group commit whose client has gone still
 * runs to its end instead of failing on a closed pool.
 */
export async function writesSettled(store: Db): Promise<void> {
  await Promise.allSettled([...(inFlight.get(store) ?? [])]);
}

function lockedTransaction<T>(
  store: Db,
  businessId: string,
  work: (trx: Tx) => Promise<T | AfterWrites<T>>,
  rerunnable: boolean,
): Promise<T> {
  return groupCommitFor(store, businessId).run(work, rerunnable);
}

// Run for every write: compiled once rather than built from a template each time.
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint calendar_write');
const RELEASE = CompiledQuery.raw('release calendar_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to calendar_write');
/**
 * PostgreSQL: both in one statement (a query without parameters goes as a simple query, which
 * may hold several statements).
 */
const RELEASE_AND_SAVEPOINT = CompiledQuery.raw('release calendar_write; savepoint calendar_write');
/**
 * PostgreSQL, a job whose writes went out unanswered and failed after the next job's savepoint
 * was set on top of its own (GroupCommit.settle): back past the next one, then to its own.
 */
const UNDO_PAST_NEXT_SAVEPOINT = CompiledQuery.raw(
  'rollback to calendar_write; release calendar_write; rollback to calendar_write',
);

/**
 * How a transaction sends its control statements (savepoints, commit): answered in turn on SQLite
 * (in-process, no round trip), or left unanswered on PostgreSQL (Unanswered, below).
 */
type Control = (statement: CompiledQuery, options?: { own?: true }) => Promise<unknown>;

async function sqliteNextSavepoint(control: Control): Promise<void> {
  // better-sqlite3 prepares one statement at a time; in-process, two calls cost no round trip.
  await control(RELEASE);
  await control(SAVEPOINT);
}

const postgresNextSavepoint = (control: Control) => control(RELEASE_AND_SAVEPOINT);

/**
 * PostgreSQL: the statements of a transaction sent without waiting for their answers, its
 * control statements (begin, the lock, savepoints, commit). The writer's connection is
 * pipelined (db/database.ts onWriter), so the next job's first query goes out behind them in
 * the same round trip; inside the business's lock every round trip waits for this event loop
 * to read its answer (docs/decisions/028). The connection runs them in the order sent, and an
 * error in any statement aborts the transaction (its COMMIT then rolls back), so none can be
 * skipped; all are awaited before anyone hears "done", and one that failed fails the batch.
 */
class Unanswered {
  private readonly sent: Promise<unknown>[] = [];

  send(statement: Promise<unknown>): void {
    // Observed now, awaited in settle(): a failure is no unhandled rejection meanwhile.
    statement.catch(() => {});
    this.sent.push(statement);
  }

  settle(): Promise<unknown> {
    return Promise.all(this.sent);
  }
}

/** Writes in one transaction at most; enough to share a commit, few enough to answer soon. */
const MAX_GROUP = 64;

interface Job {
  work: (trx: Tx) => Promise<unknown>;
  rerunnable: boolean;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/** A job whose writes went out unanswered, and the savepoint statement sent behind them. */
interface Behind {
  index: number;
  value: unknown;
  writes: Promise<unknown>;
  savepoint: Promise<unknown>;
}

/** Until the event loop's next turn: every query a job has made has reached the connection's queue by then. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs work in one locked transaction: SQLite's write lock, or PostgreSQL's advisory lock of one business. */
type LockedTransaction = <T>(work: (trx: Tx, control: Control) => Promise<T>) => Promise<T>;

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
    /** Releases the savepoint and sets the next one (db round trips differ by dialect, above). */
    private readonly nextSavepoint: (control: Control) => Promise<unknown>,
    /** Whether a job may start before the last writes of the one before have answered (PostgreSQL). */
    private readonly pipelines: boolean,
    /** Called when the queue has run dry. */
    private readonly onIdle: () => void = () => {},
  ) {}

  run<T>(work: (trx: Tx) => Promise<T | AfterWrites<T>>, rerunnable: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, rerunnable, resolve: resolve as (value: unknown) => void, reject });
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
      const outcomes = await this.transaction(async (trx, control) => {
        const done: Outcome[] = [];
        await control(SAVEPOINT);
        let behind: Behind | undefined;
        // Before each job runs, a savepoint is set (or on its way) just ahead of its statements.
        for (let i = 0; i < batch.length; ) {
          const job = batch[i]!;
          const attempt = await this.attempt(trx, job);
          if (behind) {
            // Those writes answered before this job's first query, which went out behind them.
            const kept = await this.settle(behind, done, control);
            behind = undefined;
            if (!kept) {
              // They failed: this attempt ran behind writes now undone (PostgreSQL refused it
              // outright when the database refused them). Back at the savepoint ahead of them,
              // which is ahead of this job again: it runs again.
              continue;
            }
          }
          const last = i === batch.length - 1;
          if (attempt.ok && attempt.writes && this.pipelines && !last && batch[i + 1]!.rerunnable) {
            // The next job's queries may follow these writes out before they answer: they run
            // after them, in order, on this one connection. By the next turn every write the
            // job made has reached the connection's queue (AfterWrites: none waits on another).
            await nextTurn();
            const savepoint = control(SAVEPOINT, { own: true });
            savepoint.catch(() => {}); // answered in settle()
            behind = { index: i, value: attempt.value, writes: attempt.writes, savepoint };
            i += 1;
            continue;
          }
          if (!attempt.ok) {
            await control(ROLLBACK_TO);
            done[i] = attempt;
          } else done[i] = attempt.writes ? await this.answered(attempt, control) : attempt;
          // The job's writes join the transaction; the next job gets a savepoint of its own.
          if (!last) await this.nextSavepoint(control);
          else await control(RELEASE);
          i += 1;
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

  /**
   * Runs a job inside the savepoint already set. A job that failed is not rolled back here: the
   * caller does, once it knows whether the failure was the job's or that of the writes before it.
   */
  private async attempt(conn: Tx, job: Job): Promise<Outcome & { writes?: Promise<unknown> }> {
    try {
      const answer = await job.work(conn);
      if (answer instanceof AfterWrites) {
        // Observed now, awaited by the caller: a failure is no unhandled rejection meanwhile.
        answer.writes.catch(() => {});
        return { ok: true, value: answer.value, writes: answer.writes };
      }
      return { ok: true, value: answer };
    } catch (err) {
      return { ok: false, err };
    }
  }

  /** A job's writes awaited: its outcome, rolled back to its savepoint alone when they failed. */
  private async answered(attempt: { value: unknown; writes?: Promise<unknown> }, control: Control): Promise<Outcome> {
    try {
      await attempt.writes;
      return { ok: true, value: attempt.value };
    } catch (err) {
      // If the database already dropped the whole transaction, this fails and so does the batch.
      await control(ROLLBACK_TO);
      return { ok: false, err };
    }
  }

  /**
   * The outcome of a job whose writes went out unanswered, with a savepoint for the next job
   * behind them (not in place of the job's own, which stays set beneath it). True when they were
   * kept; false when they failed, and the transaction is back at the job's own savepoint,
   * just ahead of the job after it, which runs again. They fail two ways: the database refused
   * one (the transaction stopped there, the savepoint behind them too) or the job's own check of
   * an answer threw (an idempotency key taken meanwhile: the savepoint behind them was set).
   */
  private async settle(behind: Behind, done: Outcome[], control: Control): Promise<boolean> {
    const savepointSet = await behind.savepoint.then(
      () => true,
      () => false,
    );
    const failed = await behind.writes.then(
      () => undefined,
      (err: unknown) => ({ err }),
    );
    if (!failed) {
      // Kept, so the savepoint behind them must have been set too; if it was not (the connection
      // was lost), the transaction stopped there: none of the batch may be kept, and the batch
      // fails with the database's own error (a lost connection answers 503, not 500).
      if (!savepointSet) await behind.savepoint;
      done[behind.index] = { ok: true, value: behind.value };
      return true;
    }
    // If the database dropped the whole transaction meanwhile, this fails and so does the batch.
    await control(savepointSet ? UNDO_PAST_NEXT_SAVEPOINT : ROLLBACK_TO);
    done[behind.index] = { ok: false, err: failed.err };
    return false;
  }
}

/** SQLite: BEGIN IMMEDIATE takes the write lock up front (no deadlock-prone upgrade); each statement answered in turn. */
function sqliteTransaction(store: Db): LockedTransaction {
  return (work) =>
    store.onWriter(async (conn) => {
      const control: Control = (statement) => conn.executeQuery(statement);
      await control(BEGIN_IMMEDIATE);
      try {
        const result = await work(conn, control);
        await control(COMMIT);
        return result;
      } catch (err) {
        await conn.executeQuery(ROLLBACK).catch(() => {});
        throw err;
      }
    });
}

/**
 * PostgreSQL: begin and the business's advisory lock go out unanswered ahead of the first job's
 * queries, the commit behind the last job's, and the transaction's outcome is known when every
 * unanswered statement has answered.
 */
function postgresTransaction(store: Db, businessId: string): LockedTransaction {
  return (work) =>
    store.onWriter(async (conn) => {
      const unanswered = new Unanswered();
      // A statement is the transaction's, answered before its outcome is known, unless the
      // group commit awaits it itself (`own`: one that fails when the writes before it did).
      const control: Control = async (statement, options) => {
        const sent = conn.executeQuery(statement);
        if (options?.own) return sent;
        unanswered.send(sent);
      };
      unanswered.send(conn.executeQuery(BEGIN));
      unanswered.send(sql`select pg_advisory_xact_lock(hashtextextended(${businessId}, 0))`.execute(conn));
      try {
        const result = await work(conn, control);
        const commit = conn.executeQuery<{ command?: string }>(COMMIT);
        unanswered.send(commit);
        await unanswered.settle();
        // PostgreSQL answers the COMMIT of an aborted transaction with ROLLBACK, not an error.
        if ((await commit).rows[0]?.command === 'ROLLBACK')
          throw new Error('The transaction was rolled back at its commit: one of its statements had failed.');
        return result;
      } catch (err) {
        await unanswered.settle().catch(() => {});
        await conn.executeQuery(ROLLBACK).catch(() => {});
        throw err;
      }
    });
}

const sqliteGroups = new WeakMap<Db, GroupCommit>();
/** PostgreSQL: the groups of businesses with writes in flight; a group leaves when it runs dry. */
const postgresGroups = new WeakMap<Db, Map<string, GroupCommit>>();

function groupCommitFor(store: Db, businessId: string): GroupCommit {
  if (store.dialect === 'sqlite') {
    let group = sqliteGroups.get(store);
    if (!group) {
      group = new GroupCommit(sqliteTransaction(store), sqliteNextSavepoint, false);
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
    group = new GroupCommit(postgresTransaction(store, businessId), postgresNextSavepoint, true, () =>
      groups.delete(businessId),
    );
    groups.set(businessId, group);
  }
  return group;
}

/** A plain transaction for writes that touch no calendar. */
export async function inTransaction<T>(store: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    const settingsBefore = store.changes.settingsGeneration;
    try {
      return await tracked(store, store.db.transaction().execute(work));
    } finally {
      store.changes.transactionEnded(settingsBefore);
    }
  }
  return withBusinessLock(store, '', work);
}
