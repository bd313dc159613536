/** A row whose key is taken, found without the driver's error (an upsert that answered no row). */
export class DuplicateKey extends Error {
  constructor(table: string, key: string) {
    super(`${table}: the key ${JSON.stringify(key)} is taken`);
  }
}

/** Recognises a unique-constraint violation from either driver, or a DuplicateKey. */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof DuplicateKey) return true;
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The database could not be reached or dropped the connection: PostgreSQL's connection
 * exceptions (class 08) and shutdowns (57P01-57P03), the driver's lost connection, and
 * the network's refusals. The caller may simply try again: answered 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^08/.test(code) || /^57P0[123]$/.test(code))) return true;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'EPIPE') return true;
  return (
    typeof message === 'string' &&
    /^Connection terminated|Client has encountered a connection error|Client was closed and is not queryable/.test(
      message,
    )
  );
}

/** The database's storage cannot take writes (database.ts storageProblem); answered 503 STORAGE_UNAVAILABLE. */
export class StorageError extends Error {}

/** SQLite could not write its file: read-only, full disk, an I/O error, the file gone. Answered 503. */
export function isStorageFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code } = err as { code?: unknown };
  return typeof code === 'string' && /^(SQLITE_(READONLY|FULL|IOERR|CANTOPEN)|ENOSPC|EROFS)/.test(code);
}

/** The database's own overlap refusal of a booking (PostgreSQL exclusion constraint, SQLite trigger). */
export function isOverlapViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  return e.code === '23P01' || (typeof e.message === 'string' && e.message.includes('booking overlaps'));
}
