/**
 * Requests do not wait for ever (issue 44 item 3; docs/decisions/051). Every minute, for each
 * pending request (domain/request-expiry.ts says when):
 * - the owner is reminded once ("Still waiting for your answer"), by mail and, with owner texts
 *   on, by text: a conditional update marks the request (request_nudged_ms) in the transaction that
 *   queues them, so of any number of instances one sends it. The messages are queued in one place
 *   (nudgeOwner) so another channel (a push notification) is added there;
 * - at the owner's cut-off it expires: under the business's lock (the one an Approve takes), only
 *   if still pending, it is declined with request_expired_ms, which frees its time as a decline
 *   does, and the customer's kind mail (and text, within consent) with the booking page to book
 *   again is queued in the same transaction. An Approve landing first wins; one landing after is
 *   refused with BOOKING_EXPIRED (routes/dashboard/bookings.ts).
 */
import { formatClock } from '@slotwise/shared/clock';
import { shortDate, utcMsToLocal } from '@slotwise/shared/time-zone';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction, type Tx, withBusinessLock } from '../db/transaction.ts';
import { toMailBooking } from '../domain/booking-mail.ts';
import { bookingPageUrl } from '../domain/booking-page.ts';
import { queueTextsForMails } from '../domain/booking-texts.ts';
import { queuePushesForMails } from '../domain/push.ts';
import { dueAction, expiresAt, expiryRulesOf, waitingRequestOf } from '../domain/request-expiry.ts';
import { noteFreedTime } from '../domain/waitlist.ts';
import { type MailMessage, mails } from '../mail/templates.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import { queueMails, releaseHeldMail } from '../repositories/mail-outbox.ts';
import { runEvery } from './every.ts';

const INTERVAL_MS = 60_000;

/** "on Tue, Dec 8, 2026 at 2:00 PM", on the business's clock. */
function whenWords(ms: number, business: Pick<Business, 'time_zone' | 'time_format'>): string {
  const { day, time } = utcMsToLocal(ms, business.time_zone);
  return `on ${shortDate(day)} at ${formatClock(time, business.time_format)}`;
}

/** Queues messages and the texts that go with them (MailMessage.textAs), in this transaction. */
async function queueWithTexts(ctx: AppContext, trx: Tx, messages: MailMessage[], now: number): Promise<void> {
  await queueMails(trx, messages, now);
  await queueTextsForMails(ctx, trx, messages, now);
}

/**
 * The owner's one reminder of a waiting request: every channel of it is queued here (mail; the
 * text goes with the mail when the owner asked for texts; the push to the owner's devices with
 * notices of requests on, docs/decisions/052).
 */
async function nudgeOwner(
  ctx: AppContext,
  trx: Tx,
  row: BookingRow,
  business: Business,
  now: number,
): Promise<boolean> {
  if (!(await ctx.repos.bookings.markRequestNudged(trx, row.id, now))) return false;
  const owner = await ctx.repos.businesses.mailParties(business.id, row.id, trx);
  if (!owner.owner) return true;
  const expires = expiresAt(waitingRequestOf(row), expiryRulesOf(business));
  const mail = mails.requestWaiting(
    owner.owner,
    toMailBooking(row, business, ctx.config),
    expires === null ? null : whenWords(expires, business),
  );
  await queueWithTexts(ctx, trx, [mail], now);
  if (owner.pushes) await queuePushesForMails(trx, business.id, [mail], now);
  return true;
}

/** Expires one request under its business's lock, its customer's messages queued in the same transaction. */
async function expireRequest(ctx: AppContext, id: string, businessId: string, now: number): Promise<boolean> {
  return withBusinessLock(ctx.store, businessId, async (trx) => {
    const business = await ctx.repos.businesses.findById(businessId, trx);
    if (!business) return false;
    // Read again under the lock: the owner may have answered, or the rules changed, since the list was read.
    const row = await ctx.repos.bookings.byId(id, trx);
    if (row?.status !== 'pending') return false;
    if (
      dueAction({ ...waitingRequestOf(row), nudgedMs: row.request_nudged_ms }, expiryRulesOf(business), now) !==
      'expire'
    )
      return false;
    const expired = await ctx.repos.bookings.expireRequest(trx, id, now);
    if (!expired) return false;
    // Its time, offered to the day's waiting list (docs/decisions/056), in the same transaction.
    await noteFreedTime(trx, row, 'expired', now);
    const page = bookingPageUrl(ctx.config.publicUrl, business.slug) ?? `${ctx.config.publicUrl}/`;
    await releaseHeldMail(trx, id, now);
    await queueWithTexts(ctx, trx, [mails.requestExpired(toMailBooking(expired, business, ctx.config), page)], now);
    return true;
  });
}

/** One pass: answers how many requests it reminded the owner of or expired. */
export async function runRequestExpiry(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const rows = await ctx.repos.bookings.unansweredRequests(now);
  let done = 0;
  for (const row of rows) {
    const action = dueAction({ ...waitingRequestOf(row), nudgedMs: row.request_nudged_ms }, expiryRulesOf(row), now);
    if (action === 'expire') {
      if (await expireRequest(ctx, row.id, row.business_id, now)) done++;
    } else if (action === 'nudge') {
      const nudged = await inTransaction(ctx.store, async (trx) => {
        const business = await ctx.repos.businesses.findById(row.business_id, trx);
        return business ? nudgeOwner(ctx, trx, row, business, now) : false;
      });
      if (nudged) done++;
    }
  }
  if (done > 0) ctx.mail.kick();
  return done;
}

/** Runs the pass every minute on an unref'd timer; stops when the app closes. */
export function startRequestExpiry(app: FastifyInstance, ctx: AppContext, intervalMs = INTERVAL_MS): void {
  runEvery(app, ctx.metrics.job('request-expiry'), intervalMs, () => runRequestExpiry(ctx), {
    done: (requests) => ({ requests }),
    message: 'unanswered requests reminded or expired',
    failed: 'request expiry pass failed; will retry',
  });
}
