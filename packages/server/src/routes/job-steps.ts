/**
 * Job steps, a service's checklist (docs/decisions/050): the owner's steps per service and ticks
 * on a booking, and the crew's ticks on its own jobs. Not the owner's first-day onboarding
 * checklist (routes/dashboard/checklist.ts). A crew reads and ticks only its own jobs, scoped by
 * crew and business together (repositories/crew-jobs.ts find), as its other taps are.
 */
import { templateSteps } from '@slotwise/shared/trade-templates';
import type { AppContext } from '../context.ts';
import { jobNotFound } from '../domain/crew-jobs.ts';
import { OWNER_TICKER, readJobSteps, tickJobStep } from '../domain/job-steps.ts';
import type { CrewSession } from '../plugins/auth.ts';
import type { Business } from '../repositories/businesses.ts';
import { bookingNotFound } from './dashboard/bookings.ts';
import { serviceNotFound } from './dashboard/services.ts';
import type { Handlers } from './register.ts';

export function jobStepsHandlers(ctx: AppContext): {
  dashboard: Handlers<'dashboard', 'serviceSteps' | 'updateServiceSteps' | 'bookingSteps' | 'tickBookingStep'>;
  crew: Handlers<'crew', 'jobSteps' | 'tickJobStep'>;
} {
  const { jobSteps, bookings, crewJobs } = ctx.repos;

  async function serviceSteps(business: Business, serviceId: string) {
    const found = await jobSteps.ofService(business.id, serviceId);
    if (!found) throw serviceNotFound(serviceId);
    return { steps: found.steps, showOnReceipt: found.onReceipt, templateSteps: templateSteps(business.niche) };
  }

  async function ownersBooking(business: Business, id: string) {
    const booking = await bookings.find(business.id, id);
    if (!booking) throw bookingNotFound(id);
    return booking;
  }

  /** One of the crew's jobs as a booking, or JOB_NOT_FOUND (another crew's or business's is not told apart). */
  async function crewsBooking({ crew, business }: CrewSession, id: string) {
    const job = await crewJobs.find(crew.id, business.id, id);
    const booking = job && (await bookings.find(business.id, job.id));
    if (!booking) throw jobNotFound(crew.name, id);
    return booking;
  }

  return {
    dashboard: {
      serviceSteps: (req) => serviceSteps(req.owner.business, req.params.id),
      updateServiceSteps: async (req) => {
        const b = req.owner.business;
        const { steps, showOnReceipt } = req.body;
        if (!(await jobSteps.setOfService(b.id, req.params.id, steps, showOnReceipt)))
          throw serviceNotFound(req.params.id);
        return serviceSteps(b, req.params.id);
      },
      bookingSteps: async (req) => readJobSteps(ctx, await ownersBooking(req.owner.business, req.params.id)),
      tickBookingStep: async (req) => {
        const booking = await ownersBooking(req.owner.business, req.params.id);
        return tickJobStep(ctx, booking, req.params.step, req.body.done, { memberId: null, name: OWNER_TICKER });
      },
    },
    crew: {
      jobSteps: async (req) => readJobSteps(ctx, await crewsBooking(req.crew, req.params.id)),
      tickJobStep: async (req) => {
        const booking = await crewsBooking(req.crew, req.params.id);
        const who = { memberId: req.crew.member.id, name: req.crew.crew.name };
        return tickJobStep(ctx, booking, req.params.step, req.body.done, who);
      },
    },
  };
}
