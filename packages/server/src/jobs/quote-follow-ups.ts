/**
 * The one follow-up of a quote an owner sent (docs/decisions/039): a mail (and a text, to a person
 * who agreed to texts and was texted the quote) two days before its price lapses, while it is
 * neither booked nor declined nor withdrawn. Exactly once across any number of instances, as the
 * reminders: a conditional update marks the quote (follow_up_sent_at) in the transaction that
 * queues the messages, so only the pass whose update changed the row sends them.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { channelsOf, FOLLOW_UP_AFTER_SEND_MS, FOLLOW_UP_LEAD_MS, queueQuoteMessages } from '../domain/owner-quotes.ts';
import { runEvery } from './every.ts';

const INTERVAL_MS = 60_000;

export async function sendQuoteFollowUps(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.repos.ownerQuotes.dueFollowUps(now, now + FOLLOW_UP_LEAD_MS);
  let sent = 0;
  for (const row of due) {
    // A quote valid a day or two gets none: the customer has only just read it.
    if (row.sent_at === null || row.sent_at > now - FOLLOW_UP_AFTER_SEND_MS) continue;
    const queued = await inTransaction(ctx.store, async (trx) => {
      if (!(await ctx.repos.ownerQuotes.markFollowedUp(trx, row.id, now))) return false;
      const business = await ctx.repos.businesses.findById(row.business_id, trx);
      if (!business) return false;
      // The ways it was sent; queueQuoteMessages texts only with the person's consent.
      await queueQuoteMessages(ctx, trx, row, business, channelsOf(row), now, true);
      return true;
    });
    if (queued) sent++;
  }
  if (sent > 0) ctx.mail.kick();
  return sent;
}

/** Runs the follow-up pass every minute on an unref'd timer; stops when the app closes. */
export function startQuoteFollowUps(app: FastifyInstance, ctx: AppContext, intervalMs = INTERVAL_MS): void {
  runEvery(app, ctx.metrics.job('quote-follow-ups'), intervalMs, () => sendQuoteFollowUps(ctx), {
    done: (followUps) => ({ followUps }),
    message: 'quote follow-ups queued',
    failed: 'quote follow-up pass failed; will retry',
  });
}
