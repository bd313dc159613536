/**
 * What the locked transactions tell traces (tracing/write-spans.ts), when traces are on: the
 * database layer knows nothing of OpenTelemetry, and with traces off (the default) it is never
 * asked (Db.writeTracing is unset) and no OpenTelemetry module is loaded.
 */

/** One write's passage through its business's lock (db/transaction.ts withBusinessLock). */
export interface TracedWrite {
  /**
   * Queues the write: inside the write's wait span, so a transaction it opens (BEGIN, the
   * advisory lock on PostgreSQL) is that write's in its trace.
   */
  enqueue<T>(queue: () => T): T;
  /**
   * The lock is held and the write's work starts: the wait ends, and the work runs in the
   * caller's trace (not in that of the write that opened the shared transaction, group commit).
   */
  holding<T>(work: () => Promise<T>): Promise<T>;
}

export interface WriteTracing {
  /** Called as a write asks for its business's lock, in the caller's context. */
  write(businessId: string): TracedWrite;
}
