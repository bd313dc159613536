/**
 * The customer's side of a recurring plan (docs/decisions/022): the first visits of a plan
 * before booking it (which are free), and, from a visit's manage link, skipping that visit or
 * cancelling the plan, or removing the card the customer saved (docs/decisions/046). The link's rules (it stops working once the visit is gone or started;
 * the change cut-off) are domain/manage-link.ts's.
 */
import { changeLocked } from '@slotwise/shared/change-cutoff';
import { fifthWeekdayNote, nextPlanDays, PLAN_PREVIEW_VISITS, rruleOf } from '@slotwise/shared/plans';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/transaction.ts';
import { withBusinessLock } from '../../db/transaction.ts';
import { mailCustomerAndOwner, mailPlanOf, toMailBooking } from '../../domain/booking-mail.ts';
import { cardLabel } from '../../domain/card-label.ts';
import { crewsOf } from '../../domain/crews.ts';
import { loadBusiness, loadService } from '../../domain/lookup.ts';
import { bookingForToken } from '../../domain/manage-link.ts';
import { locate } from '../../domain/places.ts';
import { cancelVisits, offerFor, planLabel, visitFits } from '../../domain/plans.ts';
import { removeSavedCard } from '../../domain/saved-cards.ts';
import { AppError } from '../../errors.ts';
import { mails } from '../../mail/templates.ts';
import type { BookingRow } from '../../repositories/calendar.ts';
import type { Handlers } from '../register.ts';
import { callOffByLink } from './manage.ts';

function notAPlanVisit(): AppError {
  return new AppError(
    'NOT_A_PLAN_VISIT',
    'This booking is not a visit of a plan. Use Cancel to cancel it, or Reschedule to move it.',
  );
}

export function customerPlanHandlers(
  ctx: AppContext,
): Handlers<'customer', 'planDates' | 'skipVisit' | 'cancelPlan' | 'removeSavedCard'> {
  /** The visit behind a link and its plan, refused when it is not a plan's visit. */
  async function visitAndPlan(row: BookingRow, from?: Tx) {
    if (!row.plan_id) throw notAPlanVisit();
    const plan = await ctx.repos.plans.find(row.business_id, row.plan_id, from);
    if (!plan) throw notAPlanVisit();
    return plan;
  }

  return {
    planDates: async (req) => {
      const { businessId, serviceId, frequency, date, time, address } = req.query;
      const business = await loadBusiness(ctx, businessId);
      const service = await loadService(ctx, business, serviceId);
      offerFor(service, frequency);
      // The place matters only to an owner who travels; an address that cannot be found checks no drive.
      let where: { lat: number; lng: number } | null = null;
      if (address && business.travel_enabled === 1) where = await locate(ctx, address, req.log).catch(() => null);
      const rule = rruleOf(frequency, date);
      const days = nextPlanDays(rule, date, date, PLAN_PREVIEW_VISITS);
      const shape = {
        start_time: time,
        duration_min: service.duration_min,
        customer_lat: where?.lat ?? null,
        customer_lng: where?.lng ?? null,
        service_id: service.id,
        crew_id: null,
      };
      // The same checks a visit is booked with, read outside the lock: the booking checks again under it.
      const now = ctx.now();
      const crews = await crewsOf(ctx, business);
      const visits: { date: string; state: 'free' | 'taken' }[] = [];
      for (const day of days)
        visits.push({
          date: day,
          state: (await visitFits(ctx, ctx.store.db, business, crews, shape, day, now)) ? 'free' : 'taken',
        });
      return { label: planLabel({ frequency, start_day: date }), visits, note: fifthWeekdayNote(frequency, date) };
    },

    skipVisit: async (req) => {
      // The rule day stays with the skipped visit: the materialiser never books it again.
      await callOffByLink(
        ctx,
        req.query.token,
        'skipped',
        async (trx, next, business) => {
          const plan = await visitAndPlan(next, trx);
          const coming = await ctx.repos.plans.openVisits(trx, plan.id, ctx.now());
          const mail = toMailBooking(next, business, ctx.config, mailPlanOf(plan, coming.slice(0, 4), ctx));
          return {
            customer: mails.visitSkipped(mail),
            notice: (owner) => mails.ownerPlanChange(owner, mail, 'skipped'),
          };
        },
        visitAndPlan,
      );
      return { message: 'This visit is skipped. Your plan goes on as before.' };
    },

    // The customer takes back their consent (docs/decisions/046): the card goes, and Stripe forgets it too.
    removeSavedCard: async (req) => {
      const row = await bookingForToken(ctx, req.query.token);
      const removed = await removeSavedCard(ctx, row.business_id, row.client_id, req.log);
      return { message: `Your ${cardLabel(removed)} is removed: nothing more will be charged to it.` };
    },

    cancelPlan: async (req) => {
      const { token } = req.query;
      const before = await bookingForToken(ctx, token);
      await visitAndPlan(before);
      const business = await loadBusiness(ctx, before.business_id);
      const kept = await withBusinessLock(ctx.store, business.id, async (trx) => {
        const now = ctx.now();
        const row = await bookingForToken(ctx, token, trx);
        const plan = await visitAndPlan(row, trx);
        if (plan.status === 'ended') throw new AppError('PLAN_ENDED', 'This plan has already ended.');
        await ctx.repos.plans.setStatus(trx, plan.id, 'ended', now);
        // Visits inside the change cut-off stay: the business may already be on its way.
        const lockedUntil = now + business.change_cutoff_hours * 3_600_000;
        const cancelled = await cancelVisits(ctx, trx, business, plan, lockedUntil, now, {
          release: false,
          by: 'customer',
        });
        const stays = (await ctx.repos.plans.openVisits(trx, plan.id, now)).filter((v) =>
          changeLocked(v.start_ms, business.change_cutoff_hours, now),
        );
        const first = cancelled[0] ?? row;
        const mail = toMailBooking(first, business, ctx.config, mailPlanOf(plan, cancelled));
        await mailCustomerAndOwner(
          ctx,
          trx,
          business.id,
          mails.planStopped(mail, 'cancelled'),
          (owner) => mails.ownerPlanChange(owner, mail, 'plan-cancelled'),
          now,
          first.id,
        );
        return stays.length;
      });
      ctx.mail.kick();
      ctx.paymentWorker.kick();
      return {
        message:
          kept === 0
            ? 'Your plan is cancelled, with all its coming visits.'
            : `Your plan is cancelled. ${kept === 1 ? 'One visit is' : `${kept} visits are`} too close to change online and still on; contact the business about ${kept === 1 ? 'it' : 'them'}.`,
      };
    },
  };
}
