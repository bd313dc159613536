/**
 * How long each message of the outbox is worth trying, and how often (docs/decisions/032): a
 * reminder is worth nothing once its visit has started, a confirmation a day late confuses more
 * than it tells, a password reset link expires in an hour. Past its expiry, or after its last
 * attempt, a message is marked failed (mail_outbox.failed_at, its reason in last_error) and shown
 * to the owner with a Send again; it is never retried for ever. Pure rules, beside their tests.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * What a message is, kept with it (mail_outbox.kind): a mail's template (mail/templates.ts `mails`
 * and the account mails), or a text's kind (texts/templates.ts). Null on rows queued before issue 39.
 */
export type MessageKind = string;

/**
 * Attempts before a message is given up (the first try counts). Mail backs off 10 s doubling to an
 * hour (mail/outbox.ts): 10 attempts span about 2 h 50 min, enough for a relay's restart or a
 * provider's bad hour, short enough that a dead relay shows as failures the same morning. A text is
 * cheaper to give up sooner: 8 attempts span about 42 min, and its reminder is time-bound anyway.
 * A push (docs/decisions/052) is worth least late: 6 attempts span about 10 minutes.
 */
export const MAX_ATTEMPTS = { mail: 10, text: 8, push: 6 } as const;

/** Kinds that speak of a visit ahead: worthless once it has started. */
const REMINDERS = new Set<MessageKind>(['reminder', 'reminder2h']);

/**
 * When a message queued (or sent again) to be due at `dueAt` stops being worth sending. `startsAt`:
 * the start of the booking it is about, when it has one.
 * - a reminder: at the visit's start;
 * - a password reset: in an hour (its link's life); a test text: an hour; "on my way" and
 *   "running late": an hour (an arrival time later than that misleads);
 * - a review request, a crew invitation, an invoice: in 7 days (the invitation link's life; an invoice
 *   is still owed then);
 * - a waiting list's offer: when the offer lapses;
 * - anything else (a confirmation, a move, a decline, the owner's notices): a day.
 */
export function expiryOf(kind: MessageKind | null, dueAt: number, startsAt?: number | null): number {
  if (kind && REMINDERS.has(kind)) return startsAt ?? dueAt + DAY;
  switch (kind) {
    // A waiting list's offer (docs/decisions/056): worthless once the offer lapsed (startsAt: its expiry).
    case 'waitlistOffer':
      return startsAt ?? dueAt + 2 * HOUR;
    case 'passwordReset':
    case 'test':
    case 'onMyWay':
    case 'runningLate':
      return dueAt + HOUR;
    case 'review':
    case 'crewInvitation':
    case 'invoice':
    case 'invoiceReminder':
      return dueAt + 7 * DAY;
    default:
      return dueAt + DAY;
  }
}

function isReminder(kind: MessageKind | null): boolean {
  return kind !== null && REMINDERS.has(kind);
}

/** What the dispatcher does with a message that just failed: try again at `at`, or give it up. */
export type AfterFailure = { retryAt: number } | { giveUp: string };

/**
 * After a failed attempt (`attempts` counts it): the next try after `backoffMs`, unless that was the
 * last attempt, or the next try would come after the message's expiry. The reason given up says
 * why, for the owner ("3 attempts failed; the last: ...").
 */
export function afterFailure(
  row: { channel: 'mail' | 'text' | 'push'; kind: MessageKind | null; expires_at: number | null },
  attempts: number,
  error: string,
  now: number,
  backoffMs: number,
): AfterFailure {
  if (attempts >= MAX_ATTEMPTS[row.channel]) return { giveUp: `${attempts} attempts failed; the last: ${error}` };
  const retryAt = now + backoffMs;
  if (row.expires_at !== null && retryAt >= row.expires_at) return { giveUp: expiredReason(row.kind, error) };
  return { retryAt };
}

/** Why a message past its expiry was not sent: for a reminder, the visit started first. */
export function expiredReason(kind: MessageKind | null, lastError: string | null): string {
  const when = isReminder(kind) ? 'before the visit started' : 'in time';
  return `it could not go out ${when}${lastError ? ` (last error: ${lastError})` : ''}`;
}

/**
 * The words the owner reads for a message: "The {what} could not be delivered to {to}" (the
 * booking card, Settings > Notifications).
 */
export function messageName(kind: MessageKind | null, channel: 'mail' | 'text'): string {
  const text = channel === 'text' ? ' text' : '';
  switch (kind) {
    case 'reminder':
      return `reminder${text}`;
    case 'reminder2h':
      return 'reminder text 2 hours ahead';
    case 'received':
      return `"booking received"${text || ' mail'}`;
    case 'approved':
      return `confirmation${text}`;
    case 'moved':
    case 'rescheduled':
      return `"booking moved"${text || ' mail'}`;
    case 'declined':
      return `"booking declined"${text || ' mail'}`;
    case 'cancelled':
      return `"booking cancelled"${text || ' mail'}`;
    case 'review':
      return `review request${text}`;
    case 'onMyWay':
      return `"on my way"${text || ' mail'}`;
    case 'runningLate':
      return `"running late"${text || ' mail'}`;
    case 'waitlistOffer':
      return `waiting list offer${text || ' mail'}`;
    case 'waitlistJoined':
      return 'waiting list mail';
    case 'ownerQuote':
      return `quote${text || ' mail'}`;
    case 'invoice':
      return `invoice${text || ' mail'}`;
    case 'invoiceReminder':
      return 'invoice reminder';
    case 'ownerQuoteFollowUp':
      return `quote reminder${text}`;
    case 'priceProposed':
      return 'new price to accept';
    case 'planApproved':
      return 'plan confirmation';
    case 'visitSkipped':
      return '"visit skipped" mail';
    case 'planStopped':
      return 'plan change mail';
    case 'ownerNew':
      return '"new booking to approve" text to you';
    case 'requestExpired':
    case 'expired':
      return `"request expired"${text || ' mail'}`;
    case 'requestWaiting':
    case 'ownerNudge':
      return `"still waiting for your answer"${text || ' mail'} to you`;
    case 'ownerNotice':
    case 'ownerPlanChange':
    case 'ownerVisitsNeedTime':
    case 'priceDeclined':
    case 'priceAccepted':
      return 'notice to you';
    default:
      return channel === 'text' ? 'text' : 'mail';
  }
}

/** A message the owner may send again, and why not when they may not (domain rule for resendMessage). */
export type ResendRefusal = { code: 'MESSAGE_TOO_LATE' | 'MESSAGE_OUTDATED'; reason: string };

/**
 * Whether sending a failed message again still means something now:
 * - a message about a visit (all but a review request) once the visit has started: too late;
 * - a reminder of a booking no longer approved: outdated;
 * - "on my way" and "running late": outdated, their arrival time told from where the crew was then;
 * - any message a later one about the same booking to the same address replaced (a confirmation
 *   followed by a cancellation, a move followed by another move): outdated, the later one says more.
 */
export function resendRefusal(
  message: { kind: MessageKind | null },
  booking: { start_ms: number; status: string } | undefined,
  replacedBy: { kind: MessageKind | null; channel: 'mail' | 'text' } | undefined,
  now: number,
): ResendRefusal | undefined {
  if (!booking) return { code: 'MESSAGE_OUTDATED', reason: 'The booking it was about is gone.' };
  if (message.kind !== 'review' && booking.start_ms <= now)
    return { code: 'MESSAGE_TOO_LATE', reason: 'The visit has already started: it would come too late.' };
  // Its "arriving about 2:40 PM" was worked out from where the crew was then (docs/decisions/048).
  if (message.kind === 'onMyWay' || message.kind === 'runningLate')
    return {
      code: 'MESSAGE_OUTDATED',
      reason: 'Its arrival time is out of date by now: call the customer instead.',
    };
  if (isReminder(message.kind) && booking.status !== 'approved')
    return { code: 'MESSAGE_OUTDATED', reason: `The booking is ${booking.status} now: a reminder would mislead.` };
  if (replacedBy)
    return {
      code: 'MESSAGE_OUTDATED',
      reason: `A later message about this booking (the ${messageName(replacedBy.kind, replacedBy.channel)}) replaced it.`,
    };
  return undefined;
}

interface Queued {
  id: string;
  booking_id: string | null;
  to_address: string;
  kind: MessageKind | null;
  channel: 'mail' | 'text';
  created_at: number;
}

/** The newest message about the same booking to the same address queued after `message`, if any. */
export function replacedBy(message: Queued, others: readonly Queued[]): Queued | undefined {
  let newest: Queued | undefined;
  for (const o of others) {
    if (o.id === message.id || o.booking_id !== message.booking_id || o.to_address !== message.to_address) continue;
    if (o.created_at <= message.created_at) continue;
    if (!newest || o.created_at > newest.created_at) newest = o;
  }
  return newest;
}
