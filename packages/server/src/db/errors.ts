/** Recognises a unique-constraint violation from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The database's own overlap refusal of a booking (PostgreSQL exclusion constraint, SQLite trigger). */
export function isOverlapViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  return e.code === '23P01' || (typeof e.message === 'string' && e.message.includes('booking overlaps'));
}
