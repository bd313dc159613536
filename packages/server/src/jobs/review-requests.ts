/**
 * Review requests (docs/decisions/027): a completed job's customer gets one mail (and a text, when
 * they agreed to texts) once the delay the owner set has passed since completion, linking the
 * rating page (routes/reviews.ts). At most one per booking across any number of instances: a
 * conditional update marks the booking in the same transaction that writes the review row (keyed
 * by the booking) and queues the messages. Cancelled and declined bookings are never completed, so
 * never asked.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { customerText, shortLink } from '../domain/booking-texts.ts';
import { reviewRequestMail } from '../mail/templates.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { queueTexts } from '../repositories/texts.ts';
import { runEvery } from './every.ts';

const INTERVAL_MS = 60_000;

export const reviewTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function sendDueReviewRequests(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  for (const due of await ctx.repos.reviews.due(now, 100)) {
    const queued = await inTransaction(ctx.store, async (trx) => {
      if (!(await ctx.repos.reviews.claim(trx, due.id, now))) return false;
      const row = await ctx.repos.bookings.byId(due.id, trx);
      const business = await ctx.repos.businesses.findById(due.business_id, trx);
      if (!row || !business) return false;
      const token = randomBytes(24).toString('base64url');
      await ctx.repos.reviews.create(trx, {
        booking_id: row.id,
        business_id: business.id,
        token_hash: reviewTokenHash(token),
        created_at: now,
      });
      const link = `${ctx.config.publicUrl}/review/${token}`;
      await queueMail(
        trx,
        reviewRequestMail(row.customer_email, {
          bookingId: row.id,
          firstName: row.first_name,
          businessName: business.name ?? 'Your service provider',
          serviceName: row.service_name,
          link,
        }),
        now,
      );
      const text = await customerText(ctx, trx, 'review', row, business, now, () =>
        shortLink(ctx, trx, business.id, link, now),
      );
      if (text) await queueTexts(trx, [text], now);
      return true;
    });
    if (queued) sent++;
  }
  if (sent > 0) ctx.mail.kick();
  return sent;
}

export function startReviewRequests(app: FastifyInstance, ctx: AppContext, intervalMs = INTERVAL_MS): void {
  runEvery(app, ctx.metrics.job('review-requests'), intervalMs, () => sendDueReviewRequests(ctx), {
    done: (reviewRequests) => ({ reviewRequests }),
    message: 'review requests queued',
    failed: 'review request pass failed; will retry',
  });
}
