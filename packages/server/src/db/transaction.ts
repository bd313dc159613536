/**
 * The one way to write to a business's calendar (DESIGN.md section 5): a
 * transaction serialised per business, inside which the caller re-checks overlaps.
 * SQLite: BEGIN IMMEDIATE takes the write lock up front (no deadlock-prone upgrade).
 * PostgreSQL: a transaction-scoped advisory lock keyed by the business id, so two
 * instances serialise on the same business and never on different ones.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
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

async function lockedTransaction<T>(store: Db, businessId: string, work: (trx: Tx) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    return store.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${businessId}, 0))`.execute(trx);
      return work(trx);
    });
  }
  // Kysely's SQLite driver hands out its single connection under a mutex, so this
  // block is exclusive inside the process; BEGIN IMMEDIATE makes it so across processes.
  return store.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
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
