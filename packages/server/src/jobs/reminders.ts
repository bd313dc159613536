/**
 * Reminder mails 24 hours before an approved booking, with the manage links.
 * Exactly once across any number of instances: a conditional update marks the
 * booking (reminder_sent_at) in the same transaction that queues the mail, so
 * only the instance whose update changed the row sends it, and a crash between
 * the two leaves neither.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { manageTokenFor } from '../domain/manage-token.ts';
import { queueMail } from '../mail/outbox.ts';
import { mails, manageLinks, toMailBooking } from '../mail/templates.ts';

export const REMINDER_LEAD_MS = 24 * 3600 * 1000;
export const REMINDER_INTERVAL_MS = 60_000;

export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('bookings')
    .innerJoin('businesses', 'businesses.id', 'bookings.business_id')
    .selectAll('bookings')
    .select(['businesses.name as business_name', 'businesses.time_zone as business_time_zone'])
    .where('bookings.status', '=', 'approved')
    .where('bookings.reminder_sent_at', 'is', null)
    .where('bookings.start_ms', '>', now)
    .where('bookings.start_ms', '<=', now + REMINDER_LEAD_MS)
    .orderBy('bookings.start_ms')
    .limit(200)
    .execute();
  let sent = 0;
  for (const row of due) {
    const claimed = await inTransaction(ctx.store, async (trx) => {
      const mark = await trx
        .updateTable('bookings')
        .set({ reminder_sent_at: now })
        .where('id', '=', row.id)
        .where('reminder_sent_at', 'is', null)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      if (Number(mark.numUpdatedRows) !== 1) return false;
      const links = manageLinks(ctx.config.publicUrl, manageTokenFor(ctx.config.jwtSecret, row.id), row.business_id);
      const booking = toMailBooking(row, { name: row.business_name, time_zone: row.business_time_zone });
      await queueMail(trx, mails.reminder(booking, links), now);
      return true;
    });
    if (claimed) sent++;
  }
  if (sent > 0) ctx.mail.kick();
  return sent;
}

/** Runs the reminder pass every minute on an unref'd timer; stops when the app closes. */
export function startReminders(app: FastifyInstance, ctx: AppContext, intervalMs = REMINDER_INTERVAL_MS): void {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sendDueReminders(ctx)
      .then((n) => n > 0 && app.log.info({ reminders: n }, 'reminders queued'))
      .catch((err) => app.log.error({ err }, 'reminder pass failed; will retry'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
