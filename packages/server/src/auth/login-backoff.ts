/**
 * Per-account login backoff (docs/architecture.md#security), on top of the per-address
 * limit: after 5 wrong passwords in a row for one e-mail, each further attempt waits
 * 1 minute after the last failure, doubling with every failure up to 15 minutes. A
 * success, or a password reset, starts the count again. Counted per e-mail (hashed), for
 * unknown e-mails exactly as for known ones, so a refusal reveals nothing about who has
 * an account. The owner is never shut out for longer than the cap, and a reset link logs
 * them in at once.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { forget, peek, slide } from '../repositories/rate-limits.ts';

const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 60 * 1000;
const MAX_WAIT_MS = 15 * 60 * 1000;
/** A run of failures is forgotten a day after its last one. */
const FORGET_MS = 24 * 60 * 60 * 1000;

const keyFor = (email: string) => `login-failures|${createHash('sha256').update(email).digest('base64url')}`;

/** How long after the last of `failures` consecutive failures the next attempt must wait. */
const waitAfter = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));

function refuse(waitMs: number): never {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  throw new AppError(
    'RATE_LIMITED',
    `Too many wrong passwords for this account. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}, or reset your password.`,
    { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  );
}

/**
 * Call before checking a password: refuses while the account waits, else counts the attempt
 * as a failure until loginSucceeded says otherwise (so parallel guesses cannot all slip
 * through before the first failures are written).
 */
export async function beginLogin(db: Kysely<Database>, email: string, now: number): Promise<void> {
  const key = keyFor(email);
  const before = await peek(db, key, now);
  const lastFailure = before.resetAt - FORGET_MS;
  const until = lastFailure + waitAfter(before.count);
  if (before.count >= FREE_FAILURES && until > now) refuse(until - now);
  const after = await slide(db, key, FORGET_MS, now);
  // Another attempt counted between our read and our write: past the free ones, only the first goes on.
  if (after.count > FREE_FAILURES && after.count !== before.count + 1) refuse(waitAfter(after.count));
}

/** A right password (or a new one from a reset link) ends the run of failures. */
export async function loginSucceeded(db: Kysely<Database>, email: string): Promise<void> {
  await forget(db, keyFor(email));
}
