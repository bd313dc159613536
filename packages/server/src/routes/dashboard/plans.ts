/**
 * The owner's recurring plans (docs/decisions/022): the Plans view, approving a plan at once,
 * pausing, resuming and ending it, and giving a visit whose day was taken its next free time.
 * Every change runs under the business's lock and mails the customer once.
 */
import { todayIn } from '@slotwise/shared/time-zone';
import type { AppContext } from '../../context.ts';
import { type Tx, withBusinessLock } from '../../db/transaction.ts';
import { planLabelsFor, toBookingJson } from '../../domain/answers.ts';
import { depositDueOf, mailOwnerChange, mailPlanFor, mailPlanOf, toMailBooking } from '../../domain/booking-mail.ts';
import { linksFor } from '../../domain/manage-token.ts';
import { aheadDay, bookVisits, cancelVisits, heldStatus, nextFreeSpan, toPlanSummary } from '../../domain/plans.ts';
import { AppError } from '../../errors.ts';
import { type MailBooking, type MailMessage, type ManageLinks, mails } from '../../mail/templates.ts';
import type { Business } from '../../repositories/businesses.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { PlanRow } from '../../repositories/plans.ts';
import type { Handlers } from '../register.ts';
import { bookingNotFound } from './bookings.ts';

function planNotFound(id: string): AppError {
  return new AppError('PLAN_NOT_FOUND', `Plan ${id} was not found among your plans. Reload the list and try again.`);
}

export function planHandlers(
  ctx: AppContext,
): Handlers<'dashboard', 'plans' | 'approvePlan' | 'pausePlan' | 'resumePlan' | 'endPlan' | 'nextFreeTime'> {
  const { plans, bookings } = ctx.repos;

  /** The plan as the list shows it, after a change (read in the change's transaction). */
  async function summary(b: Business, plan: PlanRow, from: Tx, now: number) {
    return toPlanSummary(plan, await plans.openVisits(from, plan.id, now), b.time_zone);
  }

  /** A change of a plan under the lock: `work` gets the plan as it is there, refused once ended. */
  async function change(b: Business, id: string, work: (trx: Tx, plan: PlanRow, now: number) => Promise<PlanRow>) {
    const answer = await withBusinessLock(ctx.store, b.id, async (trx) => {
      const now = ctx.now();
      const plan = await plans.find(b.id, id, trx);
      if (!plan) throw planNotFound(id);
      if (plan.status === 'ended')
        throw new AppError(
          'PLAN_ENDED',
          'This plan has ended, so it can no longer change. The customer may book a new one.',
        );
      return summary(b, await work(trx, plan, now), trx, now);
    });
    ctx.mail.kick();
    ctx.paymentWorker.kick();
    return answer;
  }

  /**
   * The customer's one mail listing a plan's visits (approved, or booked again), written from the
   * first of them with the status `from` (a visit needing a time is no place to start from).
   */
  async function mailVisits(
    trx: Tx,
    b: Business,
    plan: PlanRow,
    visits: readonly BookingRow[],
    from: 'approved' | 'pending',
    compose: (mail: MailBooking, links: ManageLinks) => MailMessage,
    now: number,
  ) {
    const first = visits.find((v) => v.status === from);
    if (!first) return;
    const mail = toMailBooking(
      first,
      b,
      ctx.config,
      mailPlanOf(plan, visits, ctx),
      depositDueOf(visits, b, ctx.config, now),
    );
    await mailOwnerChange(ctx, trx, first.id, compose(mail, linksFor(ctx, first.id, b.id)), now);
  }

  /** The customer's one mail about a stop: the visits it cancelled. */
  async function mailStopped(trx: Tx, b: Business, plan: PlanRow, how: 'paused' | 'ended', now: number) {
    const cancelled = await cancelVisits(ctx, trx, b, plan, now, now, { release: how === 'paused', by: 'owner' });
    const first = cancelled[0];
    if (!first) return;
    await mailOwnerChange(
      ctx,
      trx,
      first.id,
      mails.planStopped(toMailBooking(first, b, ctx.config, mailPlanOf(plan, cancelled)), how),
      now,
    );
  }

  return {
    plans: async (req) => {
      const b = req.owner.business;
      const now = ctx.now();
      const rows = await plans.list(b.id);
      const visits = await plans.openVisitsOf(
        b.id,
        rows.map((p) => p.id),
        now,
      );
      return {
        plans: rows.map((p) =>
          toPlanSummary(
            p,
            visits.filter((v) => v.plan_id === p.id),
            b.time_zone,
          ),
        ),
      };
    },

    approvePlan: async (req) => {
      const b = req.owner.business;
      return change(b, req.params.id, async (trx, plan, now) => {
        if (plan.approved_at !== null) return plan;
        const approved = await plans.update(trx, plan.id, { approved_at: now }, now);
        const confirmed = [];
        for (const v of await plans.openVisits(trx, plan.id, now))
          confirmed.push(v.status === 'pending' ? await bookings.setStatus(trx, v.id, 'approved', now) : v);
        await mailVisits(trx, b, approved, confirmed, 'approved', mails.planApproved, now);
        return approved;
      });
    },

    pausePlan: async (req) => {
      const b = req.owner.business;
      return change(b, req.params.id, async (trx, plan, now) => {
        if (plan.status === 'paused') return plan;
        const paused = await plans.setStatus(trx, plan.id, 'paused', now);
        await mailStopped(trx, b, plan, 'paused', now);
        return paused;
      });
    },

    resumePlan: async (req) => {
      const b = req.owner.business;
      return change(b, req.params.id, async (trx, plan, now) => {
        if (plan.status === 'active') return plan;
        // Visits are booked again from now, on every rule the plan has (a "this and following" move
        // left an older one for the days before it), through as far as they were booked before the
        // pause or the weeks ahead, whichever is further; the days the pause released are free to book.
        const today = todayIn(b.time_zone, now);
        const ahead = aheadDay(b.time_zone, now);
        const through = plan.booked_through > ahead ? plan.booked_through : ahead;
        const resumed = await plans.update(trx, plan.id, { status: 'active', booked_through: through }, now);
        const booked = await bookVisits(ctx, trx, b, resumed, today, through, now);
        const holding = resumed.approved_at !== null ? 'approved' : 'pending';
        await mailVisits(
          trx,
          b,
          resumed,
          booked,
          holding,
          resumed.approved_at !== null ? mails.planApproved : mails.received,
          now,
        );
        return resumed;
      });
    },

    endPlan: async (req) => {
      const b = req.owner.business;
      return change(b, req.params.id, async (trx, plan, now) => {
        const ended = await plans.setStatus(trx, plan.id, 'ended', now);
        await mailStopped(trx, b, plan, 'ended', now);
        return ended;
      });
    },

    nextFreeTime: async (req) => {
      const b = req.owner.business;
      const { id } = req.params;
      const moved = await withBusinessLock(ctx.store, b.id, async (trx) => {
        const now = ctx.now();
        const row = await bookings.find(b.id, id, trx);
        if (!row) throw bookingNotFound(id);
        const plan = row.plan_id ? await plans.find(b.id, row.plan_id, trx) : undefined;
        if (!plan || row.status !== 'needs_time')
          throw new AppError(
            'BOOKING_NOT_CHANGEABLE',
            'Only a plan visit that needs a time can be given the next free time; move other bookings on the calendar.',
          );
        // The visit's own crew first (it has the plan's, or the one it was given).
        const place = await nextFreeSpan(ctx, trx, b, { ...plan, crew_id: row.crew_id }, row, now);
        if (!place)
          throw new AppError(
            'NO_FREE_TIME',
            `No free time was found in the four weeks from ${row.day}. Pick a time on the calendar, or free one.`,
          );
        await ctx.repos.calendar.moveBooking(trx, row.id, { ...place.span, crew_id: place.crewId }, now);
        const next = await bookings.setStatus(trx, row.id, heldStatus(plan), now);
        await mailOwnerChange(
          ctx,
          trx,
          row.id,
          mails.rescheduled(
            toMailBooking(next, b, ctx.config, await mailPlanFor(ctx, trx, next)),
            linksFor(ctx, row.id, b.id),
          ),
          now,
        );
        return next;
      });
      ctx.mail.kick();
      return toBookingJson(moved, ctx.now(), b.time_zone, await planLabelsFor(ctx, b.id, [moved]));
    },
  };
}
