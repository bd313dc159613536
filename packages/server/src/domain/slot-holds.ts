/**
 * The rules of a customer's hold on a time (docs/decisions/035): how long it lasts, how its
 * token is made and kept, and what other customers are told. Holds are written by
 * routes/customer/holds.ts, counted by every customer's read and check of the calendar
 * (repositories/calendar.ts busy with `holds`), and ignored by the owner's moves.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';

/** As Square holds an online booking's time: long enough to type a name, address and phone number. */
const SLOT_HOLD_MINUTES = 10;

/** At most this many live holds from one connection with one business: a household booking two visits, not a whole day. */
export const HOLDS_PER_CONNECTION = 3;

export const SLOT_HELD = 'Someone is booking this time. Pick another, or try again in a few minutes.';

/** How long a hold lasts: SLOT_HOLD_MINUTES, or the e2e server's SLOT_HOLD_SECONDS. */
export function holdMs(ctx: AppContext): number {
  return ctx.config.slotHoldMs ?? SLOT_HOLD_MINUTES * 60_000;
}

/** A new hold token: 128 random bits, base64url (22 characters). */
export function newHoldToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Only the token's hash is stored, so a copy of the database cannot book anyone's held time. */
export function hashHoldToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
