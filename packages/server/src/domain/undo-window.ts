/**
 * The undo window (docs/decisions/014): after the owner declines a booking or moves it on
 * the calendar, the dashboard offers Undo for a few seconds, and the customer's mail waits
 * in the outbox meanwhile, so a change the owner takes back mails nobody. Approve is not
 * held: it mails at once, as before.
 *
 * From the change's commit:
 * - MAIL_HOLD_MS: the customer's mail becomes due. The dispatcher finds it on its next poll
 *   (every 5 s, mail/outbox.ts), so it leaves 15-20 s after the change with nobody doing
 *   anything more.
 */
export const MAIL_HOLD_MS = 15_000;

/** When the mail of a change made at `changedAt` becomes due. */
export function mailDueAt(changedAt: number): number {
  return changedAt + MAIL_HOLD_MS;
}
