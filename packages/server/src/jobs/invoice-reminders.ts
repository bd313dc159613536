/**
 * Reminders of unpaid invoices (issue 43 item 3; docs/decisions/045): an open invoice with
 * something due gets its mail again, said to be a reminder (and its text, to a customer who agreed
 * to texts), 3 days after it was issued and again 7 days after, unless its business turned them off
 * (Settings > Invoices). Exactly once across any number of instances, as the quote follow-ups: a
 * conditional update counts the reminder (invoices.reminders_sent) in the transaction that queues
 * it, so only the pass whose update changed the row sends it. An invoice issued long ago, found for
 * the first time, gets one reminder a pass, never two at once.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { remindInvoice } from '../domain/invoice-messages.ts';
import { runEvery } from './every.ts';

const INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;
/** Days after an invoice was issued that its first and second reminder go. */
const REMINDER_AFTER_DAYS = [3, 7] as const;

export async function sendInvoiceReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.repos.invoices.dueReminders(now, [
    REMINDER_AFTER_DAYS[0] * DAY_MS,
    REMINDER_AFTER_DAYS[1] * DAY_MS,
  ]);
  let sent = 0;
  for (const invoice of due) {
    const queued = await inTransaction(ctx.store, async (trx) => {
      if (!(await ctx.repos.invoices.markReminded(trx, invoice.id, invoice.reminders_sent))) return false;
      // Counted even when nothing is due any more (a payment in flight): it is not tried again.
      return remindInvoice(ctx, trx, invoice, now);
    });
    if (queued) sent++;
  }
  if (sent > 0) ctx.mail.kick();
  return sent;
}

/** Runs the reminder pass every minute on an unref'd timer; stops when the app closes. */
export function startInvoiceReminders(app: FastifyInstance, ctx: AppContext, intervalMs = INTERVAL_MS): void {
  runEvery(app, ctx.metrics.job('invoice-reminders'), intervalMs, () => sendInvoiceReminders(ctx), {
    done: (reminders) => ({ reminders }),
    message: 'invoice reminders queued',
    failed: 'invoice reminder pass failed; will retry',
  });
}
