/**
 * Push notifications (issue 44 item 4; docs/decisions/052): which notice goes to whom, and its
 * words. Every push is queued here, in the transaction of the change it tells of, as rows of the
 * outbox (channel 'push', one per device): the dispatcher sends them after commit (mail/outbox.ts),
 * never in the request path. The callers are the one place each event already queues its owner's
 * mail or text:
 * - a request waiting for the owner's answer: the owner's notice of a new booking
 *   (domain/booking-mail.ts queueForParties), and its one reminder (jobs/request-expiry.ts nudgeOwner);
 * - a customer's cancellation: the same queueForParties, from the manage link;
 * - a payment: only Stripe's webhook (routes/webhooks.ts), the one proof money arrived;
 * - running late: the crew's day projected again (domain/running-late.ts), to the owner and the crew.
 * The payload is what the person may see on their lock screen: for the owner the customer's name
 * and the job, for the crew its job; never a link's token, a phone number or an address.
 */
import { createHash } from 'node:crypto';
import type { PushKind } from '@slotwise/shared/api';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { formatUsd, toDollars } from '@slotwise/shared/money';
import { shortDate } from '@slotwise/shared/time-zone';
import type { Tx } from '../db/transaction.ts';
import type { MailMessage } from '../mail/templates.ts';
import { pushRecipients, type QueuedPush, queuePushes } from '../repositories/push.ts';

/** The kinds each role gets: the owner every one, a crew its own day running late. */
export const KINDS_OF = {
  owner: ['request', 'cancelled', 'payment', 'late'],
  crew: ['late'],
} as const satisfies Record<'owner' | 'crew', readonly PushKind[]>;

/** What the service worker shows (dashboard/src/service-worker/worker.ts): small, well under 4 KB. */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen a tap opens, a path on our origin. */
  url: string;
  /** Notifications with one tag replace each other on the device (one per booking and kind). */
  tag: string;
}

/** A notice about a business's booking, before it is addressed to devices. */
export interface PushNotice {
  kind: PushKind;
  businessId: string;
  bookingId: string | null;
  /** Tells the crew too: the crew doing the job (running late). */
  crewId?: string | null;
  /** Names the event once ("request:{booking id}"): the same event queued twice is pushed once. */
  event: string;
  /** The owner's words; the crew's, when they differ, in `crew`. */
  owner: Omit<PushPayload, 'tag'>;
  crew?: Omit<PushPayload, 'tag'>;
  /** Not worth showing after this (a late arrival once the job has started). */
  expiresAt: number;
}

const DAY = 24 * 3600_000;
/** The push service's Topic (RFC 8030 section 5.4): at most 32 URL-safe characters, one per event. */
export function topicOf(eventKey: string): string {
  return createHash('sha256').update(eventKey).digest('base64url').slice(0, 32);
}

/** Queues one notice to every device that wants it; answers how many pushes were queued. */
export async function queuePush(trx: Tx, notice: PushNotice, now: number): Promise<number> {
  const to = await pushRecipients(trx, notice.businessId, notice.kind, notice.crewId ?? null);
  if (to.length === 0) return 0;
  const pushes: QueuedPush[] = to.map((r) => {
    const words = r.role === 'crew' ? (notice.crew ?? notice.owner) : notice.owner;
    const payload: PushPayload = { ...words, tag: `${notice.kind}:${notice.bookingId ?? notice.event}` };
    return {
      subscriptionId: r.id,
      businessId: notice.businessId,
      kind: notice.kind,
      eventKey: notice.event,
      payload: JSON.stringify(payload),
      bookingId: notice.bookingId,
      expiresAt: Math.max(now + 60_000, Math.min(notice.expiresAt, now + DAY)),
    };
  });
  return queuePushes(trx, pushes, now);
}

/** The few facts of a booking a notice names. */
export interface PushBooking {
  id: string;
  businessId: string;
  firstName: string;
  lastName: string;
  serviceName: string;
  day: string;
  startTime: string;
  timeFormat: TimeFormat;
}

const whenOf = (b: PushBooking) =>
  `${shortDate(b.day).replace(/, \d{4}$/, '')} ${formatClock(b.startTime, b.timeFormat)}`;
const nameOf = (b: PushBooking) => `${b.firstName} ${b.lastName}`.trim();
const REQUESTS = '/dashboard/bookings?status=pending';
/** That day on the calendar: the time a cancellation freed, among the day's other jobs. */
const dayOnCalendar = (day: string) => `/dashboard/calendar?view=day&date=${day}`;

/** A new request waiting for the owner's answer; `reminder`: its one reminder (docs/decisions/051). */
export function requestNotice(b: PushBooking, now: number, reminder = false): PushNotice {
  return {
    kind: 'request',
    businessId: b.businessId,
    bookingId: b.id,
    event: `${reminder ? 'nudge' : 'request'}:${b.id}`,
    owner: {
      title: reminder ? `Still waiting for your answer: ${nameOf(b)}` : `New request: ${nameOf(b)}`,
      body: `${b.serviceName}, ${whenOf(b)}. Approve or decline it.`,
      url: REQUESTS,
    },
    expiresAt: now + DAY,
  };
}

/** A customer cancelled their booking. */
function cancelledNotice(b: PushBooking, now: number): PushNotice {
  return {
    kind: 'cancelled',
    businessId: b.businessId,
    bookingId: b.id,
    event: `cancelled:${b.id}:${now}`,
    owner: {
      title: `Cancelled by ${nameOf(b)}`,
      body: `${b.serviceName}, ${whenOf(b)}. The time is free again.`,
      url: dayOnCalendar(b.day),
    },
    expiresAt: now + DAY,
  };
}

/** Money arrived (Stripe's webhook): `what` the deposit of a booking or an invoice; `event` Stripe's event id. */
export function paymentNotice(
  b: { businessId: string; bookingId: string | null; customer: string; cents: number; what: string },
  stripeEventId: string,
  now: number,
): PushNotice {
  return {
    kind: 'payment',
    businessId: b.businessId,
    bookingId: b.bookingId,
    event: `payment:${stripeEventId}`,
    owner: {
      title: `Payment received: ${formatUsd(toDollars(b.cents))}`,
      body: `${b.customer} paid ${b.what}.`,
      url: '/dashboard/payments',
    },
    expiresAt: now + DAY,
  };
}

/** A job of the crew's day now starts later than booked (docs/decisions/049); `arrival` as words. */
export function lateNotice(
  b: PushBooking,
  crew: { id: string; name: string },
  booked: string,
  arrival: string,
  arrivalMs: number,
  startMs: number,
): PushNotice {
  const body = `${b.serviceName} for ${b.firstName}, booked ${booked}, now about ${arrival}.`;
  return {
    kind: 'late',
    businessId: b.businessId,
    bookingId: b.id,
    crewId: crew.id,
    event: `late:${b.id}:${arrivalMs}`,
    owner: { title: `${crew.name} is running late`, body, url: '/dashboard/calendar' },
    crew: { title: 'Your day is running late', body, url: '/crew' },
    // An arrival is news until the job starts.
    expiresAt: Math.max(startMs, arrivalMs),
  };
}

/** The words of "Send a test". */
export function testPayload(role: 'owner' | 'crew'): PushPayload {
  return {
    title: 'Slotwise test notification',
    body: 'Notifications work on this device. You can switch each kind on or off in Settings.',
    url: role === 'owner' ? '/dashboard/settings/notifications' : '/crew',
    tag: 'test',
  };
}

/**
 * The pushes that go with these mails (MailMessage.pushAs: the owner's notice of a request, its
 * reminder, a customer's cancellation), queued in the caller's transaction.
 */
export async function queuePushesForMails(
  trx: Tx,
  businessId: string,
  messages: readonly MailMessage[],
  now: number,
): Promise<number> {
  let queued = 0;
  for (const m of messages) {
    if (!m.pushAs || !m.bookingId) continue;
    const { as, ...facts } = m.pushAs;
    const b: PushBooking = { ...facts, id: m.bookingId, businessId };
    const notice = as === 'cancelled' ? cancelledNotice(b, now) : requestNotice(b, now, as === 'nudge');
    queued += await queuePush(trx, notice, now);
  }
  return queued;
}
