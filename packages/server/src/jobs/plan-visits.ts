/**
 * Books the visits of active plans a rolling PLAN_AHEAD_DAYS ahead (docs/decisions/022): every
 * ten minutes on every instance, each plan under its business's lock, re-read there, so of
 * several instances only the first books a day and the rest find it booked through already.
 * The unique index on (plan_id, plan_day) backs that up in the database. A visit whose day is
 * taken is written needs_time, and the owner gets one mail naming them.
 */
import { addDays, PLAN_AHEAD_DAYS } from '@slotwise/shared/plans';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { withBusinessLock } from '../db/transaction.ts';
import { mailPlanOf, toMailBooking } from '../domain/booking-mail.ts';
import { aheadDay, bookVisits } from '../domain/plans.ts';
import { mails } from '../mail/templates.ts';
import { queueMails } from '../repositories/mail-outbox.ts';
import { runEvery } from './every.ts';

const PLAN_VISITS_INTERVAL_MS = 10 * 60_000;
const BATCH = 100;

/** One pass over the plans due; answers how many visits it booked. */
export async function bookDuePlanVisits(ctx: AppContext): Promise<number> {
  let booked = 0;
  // Zones run up to a day ahead of UTC: take every plan that may be due, and decide per plan in its zone.
  const horizon = addDays(new Date(ctx.now()).toISOString().slice(0, 10), PLAN_AHEAD_DAYS + 1);
  // A page at a time, each after the last one read: a plan not due yet in its own zone is passed
  // over, never read again in the same pass however many of them there are.
  let after: { booked_through: string; id: string } | undefined;
  for (;;) {
    const due = await ctx.repos.plans.dueThrough(horizon, BATCH, after);
    const last = due.at(-1);
    if (!last) break;
    after = { booked_through: last.booked_through, id: last.id };
    for (const { id, business_id } of due) {
      booked += await withBusinessLock(ctx.store, business_id, async (trx) => {
        const now = ctx.now();
        const plan = await ctx.repos.plans.find(business_id, id, trx);
        const business = await ctx.repos.businesses.findById(business_id, trx);
        if (!plan || !business || plan.status !== 'active') return 0;
        const through = aheadDay(business.time_zone, now);
        if (plan.booked_through >= through) return 0;
        const written = await bookVisits(ctx, trx, business, plan, addDays(plan.booked_through, 1), through, now);
        await ctx.repos.plans.update(trx, plan.id, { booked_through: through }, now);
        const needTime = written.filter((v) => v.status === 'needs_time');
        const owner = needTime.length > 0 ? await ctx.repos.businesses.ownerEmail(business.id, trx) : null;
        if (owner && needTime[0])
          await queueMails(
            trx,
            [
              mails.ownerVisitsNeedTime(
                owner,
                toMailBooking(needTime[0], business, ctx.config, mailPlanOf(plan, needTime)),
              ),
            ],
            now,
          );
        return written.length;
      });
    }
  }
  if (booked > 0) ctx.mail.kick();
  return booked;
}

/** Runs the pass at start and every ten minutes on an unref'd timer; stops when the app closes. */
export function startPlanVisits(app: FastifyInstance, ctx: AppContext, intervalMs = PLAN_VISITS_INTERVAL_MS): void {
  runEvery(
    app,
    ctx.metrics.job('plan-visits'),
    intervalMs,
    () => bookDuePlanVisits(ctx),
    { done: (visits) => ({ visits }), message: 'plan visits booked', failed: 'plan visit pass failed; will retry' },
    { atStart: true },
  );
}
