/**
 * Login backoff (docs/architecture.md#security, docs/decisions/030), on top of the per-address
 * limit: after 5 wrong passwords in a row, each further attempt waits 1 minute after the last
 * failure, doubling with every failure up to 15 minutes. Counted in one of two places:
 *
 * - a browser that holds a valid device cookie for the account (auth/device-cookies.ts) is
 *   counted on its own, by the cookie's nonce: its wrong passwords lock out that cookie only, and
 *   nobody else's wrong passwords ever hold it up;
 * - every other attempt is counted per e-mail (hashed), for unknown e-mails exactly as for known
 *   ones, so a refusal reveals nothing about who has an account. Strangers can fill this count,
 *   and it only ever holds up browsers the account has not logged in on.
 *
 * A success starts its own count again (the device's, or the e-mail's from a browser without a
 * device cookie); a password reset starts the e-mail's again and ends every device cookie. Nobody is
 * shut out for longer than the cap, and a reset link logs an owner in at once.
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

/** Who is counted: the account's untrusted browsers (by e-mail), or one device cookie (by its nonce). */
export type LoginCounter = { email: string } | { device: string; kind: 'owner' | 'crew' };

const emailKey = (email: string) => `login-failures|${createHash('sha256').update(email).digest('base64url')}`;
const deviceKey = (nonce: string) => `login-failures|device:${nonce}`;
const keyFor = (counter: LoginCounter) => ('device' in counter ? deviceKey(counter.device) : emailKey(counter.email));

/** How long after the last of `failures` consecutive failures the next attempt must wait. */
const waitAfter = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));

/** What a crew member does instead of the owners' reset (docs/decisions/024: no self-service reset). */
const CREW_WAY_IN = 'ask the business owner to resend your invitation';

/**
 * The refusal says what the person can do. The per-e-mail one reads the same for every e-mail
 * (owner's, crew member's or nobody's): it cannot say which way in applies.
 */
function refuse(counter: LoginCounter, waitMs: number): never {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const wait = `Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}`;
  const message =
    'device' in counter
      ? `Too many wrong passwords on this device. ${wait}, or ${
          counter.kind === 'crew' ? CREW_WAY_IN : 'reset your password (Forgot Password?), which logs you in at once'
        }.`
      : `Too many wrong passwords for this account. ${wait}, log in on a device you have logged in on before, or reset your password (Forgot Password?; crew members ${CREW_WAY_IN}).`;
  throw new AppError('RATE_LIMITED', message, { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}

/**
 * Call before checking a password: refuses while the counter waits, else counts the attempt
 * as a failure until loginSucceeded says otherwise (so parallel guesses cannot all slip
 * through before the first failures are written).
 */
export async function beginLogin(db: Kysely<Database>, counter: LoginCounter, now: number): Promise<void> {
  const key = keyFor(counter);
  const before = await peek(db, key, now);
  const lastFailure = before.resetAt - FORGET_MS;
  const until = lastFailure + waitAfter(before.count);
  if (before.count >= FREE_FAILURES && until > now) refuse(counter, until - now);
  const after = await slide(db, key, FORGET_MS, now);
  // Another attempt counted between our read and our write: past the free ones, only the first goes on.
  if (after.count > FREE_FAILURES && after.count !== before.count + 1) refuse(counter, waitAfter(after.count));
}

/**
 * A right password ends the run of failures it was counted in: a device cookie's own, or, from a
 * browser without one, the e-mail's (as a new password from a reset link does). A log-in through a
 * device cookie leaves the e-mail's count alone: the owner logging in on their phone must not hand
 * the stranger guessing at their e-mail a fresh set of free guesses.
 */
export async function loginSucceeded(db: Kysely<Database>, email: string, device?: string | null): Promise<void> {
  await forget(db, device ? deviceKey(device) : emailKey(email));
}
