/**
 * Reminder mails (and texts, docs/decisions/027) 24 hours before an approved booking, and the optional
 * second reminder, a text 2 hours before, with the manage links (and, for a plan
 * visit whose deposit is still to pay, the link to pay it).
 * Exactly once across any number of instances: a conditional update marks the
 * booking (reminder_sent_at) in the same transaction that queues the mail, so
 * only the instance whose update changed the row sends it, and a crash between
 * the two leaves neither.
 */
import { todayIn } from '@slotwise/shared/time-zone';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { depositDueOf, mailPlanFor, namingCrew, toMailBooking } from '../domain/booking-mail.ts';
import { customerText, queueTextsForMails } from '../domain/booking-texts.ts';
import { linksFor } from '../domain/manage-token.ts';
import { mails } from '../mail/templates.ts';
import { queueMail } from '../repositories/mail-outbox.ts';
import { queueTexts } from '../repositories/texts.ts';
import { runEvery } from './every.ts';

const REMINDER_LEAD_MS = 24 * 3600 * 1000;
const SECOND_REMINDER_LEAD_MS = 2 * 3600 * 1000;
const REMINDER_INTERVAL_MS = 60_000;

export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.repos.bookings.dueReminders(now, now + REMINDER_LEAD_MS);
  let sent = 0;
  for (const row of due) {
    const claimed = await inTransaction(ctx.store, async (trx) => {
      if (!(await ctx.repos.bookings.markReminded(trx, row.id, now))) return false;
      const booking = toMailBooking(
        row,
        {
          name: row.business_name,
          time_zone: row.business_time_zone,
          time_format: row.business_time_format,
        },
        ctx.config,
        // A plan's visit: the reminder names the plan, and says its deposit when it is still to pay (docs/decisions/022).
        await mailPlanFor(ctx, trx, row),
        depositDueOf([row], { slug: row.business_slug }, ctx.config, now),
      );
      // Naming the crew that comes, when the business asks for it (Settings, Crews).
      // Within the 24 hours the job is today or tomorrow on the business's calendar.
      const day = row.day === todayIn(row.business_time_zone, now) ? 'today' : 'tomorrow';
      const reminder = mails.reminder(booking, linksFor(ctx, row.id, row.business_id), day);
      await queueMail(trx, await namingCrew(trx, reminder), now);
      // And its text, to a customer who agreed to texts (domain/booking-texts.ts).
      await queueTextsForMails(ctx, trx, [reminder], now);
      return true;
    });
    if (claimed) sent++;
  }
  sent += await sendSecondReminders(ctx, now);
  if (sent > 0) ctx.mail.kick();
  return sent;
}

/** The optional second reminder, a text 2 hours ahead (Settings > Notifications), exactly once like the first. */
async function sendSecondReminders(ctx: AppContext, now: number): Promise<number> {
  let sent = 0;
  for (const due of await ctx.repos.bookings.dueSecondReminders(now, now + SECOND_REMINDER_LEAD_MS)) {
    const queued = await inTransaction(ctx.store, async (trx) => {
      if (!(await ctx.repos.bookings.markRemindedAgain(trx, due.id, now))) return false;
      const row = await ctx.repos.bookings.byId(due.id, trx);
      const business = await ctx.repos.businesses.findById(due.business_id, trx);
      const text = row && business && (await customerText(ctx, trx, 'reminder2h', row, business, now));
      if (text) await queueTexts(trx, [text], now);
      return text !== undefined;
    });
    if (queued) sent++;
  }
  return sent;
}

/** Runs the reminder pass every minute on an unref'd timer; stops when the app closes. */
export function startReminders(app: FastifyInstance, ctx: AppContext, intervalMs = REMINDER_INTERVAL_MS): void {
  runEvery(app, ctx.metrics.job('reminders'), intervalMs, () => sendDueReminders(ctx), {
    done: (reminders) => ({ reminders }),
    message: 'reminders queued',
    failed: 'reminder pass failed; will retry',
  });
}
