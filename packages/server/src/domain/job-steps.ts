/**
 * Job steps, a service's checklist (issue 44 item 5; docs/decisions/050): the steps the owner
 * lists per service, ticked by the crew (or the owner) on the job, each tick kept with who and
 * when. Not the owner's first-day onboarding checklist (domain/first-day.ts), a different thing.
 *
 * A job reads its service's steps as they are now until its first tick; that tick keeps the job's
 * own copy (under the business's lock, so two first ticks at once keep one copy), and from then
 * on the job reads its copy, which later edits of the service leave alone. Each step is a row of
 * its own, so two phones ticking two steps at once both count.
 */
import type { JobSteps } from '@slotwise/shared/api';
import type { AppContext } from '../context.ts';
import { withBusinessLock } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { JobStepRow, Ticker } from '../repositories/job-steps.ts';

/** Who ticked, as the owner's ticks are shown. */
export const OWNER_TICKER = 'Owner';

/** A job's steps as answered: its copy when it has one, else its service's steps, none ticked. */
export function jobStepsJson(copy: readonly JobStepRow[], serviceSteps: readonly string[]): JobSteps {
  if (copy.length > 0)
    return {
      steps: copy.map((r) => ({
        step: r.position,
        text: r.text,
        doneAt: r.done_at === null ? null : new Date(r.done_at).toISOString(),
        doneBy: r.done_at === null ? null : r.done_by,
      })),
    };
  return { steps: serviceSteps.map((text, step) => ({ step, text, doneAt: null, doneBy: null })) };
}

/** The booking a step belongs to: its business and its service (null once the service was deleted). */
interface StepsBooking {
  id: string;
  business_id: string;
  service_id: string | null;
}

/** The service's steps now, or none when the service was deleted. */
async function serviceStepsOf(ctx: AppContext, booking: StepsBooking): Promise<string[]> {
  if (booking.service_id === null) return [];
  return (await ctx.repos.jobSteps.ofService(booking.business_id, booking.service_id))?.steps ?? [];
}

/** A job's steps, with who ticked each and when. */
export async function readJobSteps(ctx: AppContext, booking: StepsBooking): Promise<JobSteps> {
  const copy = await ctx.repos.jobSteps.ofJob(booking.business_id, booking.id);
  return jobStepsJson(copy, copy.length > 0 ? [] : await serviceStepsOf(ctx, booking));
}

const stepNotFound = (step: number) =>
  new AppError(
    'STEP_NOT_FOUND',
    `This job has no step ${step + 1}: its service's steps may have changed. Reload the job's steps.`,
  );

/** Ticks (done) or unticks one step of a job; answers the job's steps afterwards. */
export async function tickJobStep(
  ctx: AppContext,
  booking: StepsBooking,
  step: number,
  done: boolean,
  who: Ticker,
): Promise<JobSteps> {
  const { jobSteps } = ctx.repos;
  const businessId = booking.business_id;
  if ((await jobSteps.ofJob(businessId, booking.id)).length === 0) {
    if (!done) {
      // Never ticked: nothing to take back, but the step must be one the job shows.
      if (step >= (await serviceStepsOf(ctx, booking)).length) throw stepNotFound(step);
      return readJobSteps(ctx, booking);
    }
    // The first tick keeps the job's copy, read and written under the lock so two first ticks keep one.
    await withBusinessLock(ctx.store, businessId, async (trx) => {
      if ((await jobSteps.ofJob(businessId, booking.id, trx)).length > 0) return;
      const service =
        booking.service_id === null ? undefined : await jobSteps.ofService(businessId, booking.service_id, trx);
      const steps = service?.steps ?? [];
      // A tick refused keeps no copy: the job still follows its service's list.
      if (step >= steps.length) throw stepNotFound(step);
      await jobSteps.keepCopy(trx, businessId, booking.id, steps);
    });
  }
  const found = done
    ? await jobSteps.tick(businessId, booking.id, step, who, ctx.now())
    : await jobSteps.untick(businessId, booking.id, step);
  if (!found) throw stepNotFound(step);
  return readJobSteps(ctx, booking);
}

/**
 * The steps a job's receipt shows (the customer's invoice page): its ticked steps, in order, when
 * the owner switched "Show the checklist on the receipt" on for its service; else none. Who ticked
 * is the business's own record and is not shown to the customer.
 */
export async function receiptSteps(ctx: AppContext, businessId: string, bookingId: string): Promise<string[]> {
  const booking = await ctx.repos.bookings.find(businessId, bookingId);
  if (!booking?.service_id) return [];
  const service = await ctx.repos.jobSteps.ofService(businessId, booking.service_id);
  if (!service?.onReceipt) return [];
  return (await ctx.repos.jobSteps.ofJob(businessId, bookingId)).filter((r) => r.done_at !== null).map((r) => r.text);
}
