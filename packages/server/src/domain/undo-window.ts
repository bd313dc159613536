/**
 * The undo window (docs/decisions/014): after the owner declines a booking or moves it on
 * the calendar, the dashboard offers Undo for a few seconds, and the customer's mail waits
 * in the outbox meanwhile, so a change the owner takes back mails nobody. Approve is not
 * held: it mails at once, as before.
 *
 * Three moments, counted from the change:
 * - UNDO_WINDOW_MS (10 s): how long the dashboard shows Undo (the answer's undo.until).
 * - UNDO_ACCEPTED_MS (12 s): until when the server still accepts an undo. An Undo pressed in
 *   the toast's last moment has 2 s to reach the server (a phone on a slow network), and the
 *   toast's own clock starts only when the answer has arrived.
 * - MAIL_HOLD_MS (15 s): when the held mail becomes due. The 3 s after the last accepted undo
 *   leave its transaction time to commit (it deletes the mail) before any dispatcher may
 *   claim the mail, even on an instance whose clock runs a little ahead. The race is settled
 *   in the database regardless: undo deletes the mail only if no dispatcher has claimed or
 *   tried it, and is refused (UNDO_EXPIRED) otherwise, so no mail is ever both undone and sent.
 * The dispatcher finds due mail on its next poll (every 5 s, mail/outbox.ts), so the mail of
 * a change nobody undoes leaves 15-20 s after it with nobody doing anything more.
 *
 * The e2e server shortens the window (config UNDO_WINDOW_MS, for tests only) so its journeys do
 * not wait 20 s; the 2 s and the 3 s after it stay as they are (undoTimes). The dashboard's toast
 * keeps its own 10 s (dashboard/src/lib/undo.ts): production never sets it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_TIME_FORMAT, formatClock, type TimeFormat } from '@slotwise/shared/clock';
import type { ErrorCode } from '@slotwise/shared/errors';
import { longDate } from '@slotwise/shared/time-zone';
import type { BookingStatusAndTime } from '../repositories/bookings.ts';
import type { BookingRow } from '../repositories/calendar.ts';

export const UNDO_WINDOW_MS = 10_000;
export const UNDO_ACCEPTED_MS = 12_000;
export const MAIL_HOLD_MS = 15_000;

/** The three moments, counted from the change (ms). */
export interface UndoTimes {
  windowMs: number;
  acceptedMs: number;
  mailHoldMs: number;
}

/**
 * The three moments for an undo window of `windowMs` (config.undoWindowMs): UNDO_WINDOW_MS gives
 * the constants above; a shorter window (tests) keeps the 2 s for a late press and the 3 s for its commit.
 */
export function undoTimes(windowMs: number): UndoTimes {
  return {
    windowMs,
    acceptedMs: windowMs + (UNDO_ACCEPTED_MS - UNDO_WINDOW_MS),
    mailHoldMs: windowMs + (MAIL_HOLD_MS - UNDO_WINDOW_MS),
  };
}

/** When the mail of a change made at `changedAt` becomes due, for an undo window of `windowMs` (config.undoWindowMs). */
export function mailDueAt(changedAt: number, windowMs: number): number {
  return changedAt + undoTimes(windowMs).mailHoldMs;
}

export type UndoKind = 'decline' | 'move';

/**
 * The columns a decline (status, and a waiting new price it withdrew) or a move (the wall times and
 * instants, the crew) changes, which undo puts back as they were. The row's bookkeeping is not put back: its version moves on, as with
 * every write of a time or status, so a client holding the version of the undone state is
 * refused rather than taken for current; updated_at becomes the undo's time.
 */
const RESTORED = [
  'status',
  'price_state',
  'crew_id',
  'day',
  'start_time',
  'end_time',
  'start_ms',
  'end_ms',
] as const satisfies readonly (keyof BookingStatusAndTime)[];
/**
 * What the change left, compared at undo time: any write since (a customer's reschedule or
 * cancel, an approval, a time-zone change rewriting wall times, a reminder sent, an erasure)
 * leaves one of these different, and undoing would overwrite it.
 */
const WATCHED = [...RESTORED, 'version', 'updated_at', 'reminder_sent_at', 'anonymised_at'] as const;

function pick<K extends keyof BookingRow>(row: BookingRow, keys: readonly K[]): Pick<BookingRow, K> {
  const out = {} as Pick<BookingRow, K>;
  for (const k of keys) out[k] = row[k];
  return out;
}

/** What undo puts back, as stored (booking_undos.previous_state). */
export function restoredState(before: BookingRow): BookingStatusAndTime {
  return pick(before, RESTORED);
}

/** The booking as a change left it, as stored (booking_undos.changed_state) and compared later. */
export function watchedState(row: BookingRow): string {
  return JSON.stringify(pick(row, WATCHED));
}

/** A new undo token (32 random bytes, base64url) and the hash that is stored in its place. */
export function newUndoToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashUndoToken(token) };
}

export function hashUndoToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const DONE: Record<UndoKind, string> = { decline: 'declined', move: 'moved' };

/** Why an undo past its time, or whose mail a dispatcher already took, is refused, and what to do. */
export function undoExpired(kind: UndoKind): string {
  return kind === 'decline'
    ? 'The time to undo has passed; the customer has been e-mailed that the booking is declined. Ask them to book again if you can take it after all.'
    : 'The time to undo has passed; the customer has been e-mailed the new time. Move the booking back on the calendar if you need to (they will be e-mailed again).';
}

export interface UndoRecord {
  kind: UndoKind;
  expiresAt: number;
  /** watchedState() of the booking right after the change. */
  changedState: string;
}

/**
 * null when the undo may go ahead, else the refusal: the window has closed (UNDO_EXPIRED), or
 * the booking was written since the change (BOOKING_CHANGED_SINCE, saying how it is now).
 * What this cannot see is checked in the undo's transaction: that the old time is still free,
 * and that no dispatcher has claimed the held mail.
 */
export function refuseUndo(
  record: UndoRecord,
  booking: BookingRow,
  now: number,
  clock: TimeFormat = DEFAULT_TIME_FORMAT,
): { code: ErrorCode; message: string } | null {
  if (now >= record.expiresAt) return { code: 'UNDO_EXPIRED', message: undoExpired(record.kind) };
  if (watchedState(booking) !== record.changedState)
    return {
      code: 'BOOKING_CHANGED_SINCE',
      message: `This booking has changed since you ${DONE[record.kind]} it (it is now ${booking.status}, on ${longDate(booking.day)} at ${formatClock(booking.start_time, clock)}), so the ${record.kind} cannot be undone. Reload to see it as it is now.`,
    };
  return null;
}
