/** The calls of job steps, a service's checklist (docs/decisions/050) (schemas: job-steps.schemas.ts). */
import { crew, owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const jobStepsDashboardCalls = {
  serviceSteps: {
    method: 'GET',
    path: `${owner}/services/:id/steps`,
    auth: 'owner',
    params: 'ServiceParams',
    response: 'ServiceSteps',
  },
  updateServiceSteps: {
    method: 'PUT',
    path: `${owner}/services/:id/steps`,
    auth: 'owner',
    params: 'ServiceParams',
    body: 'ServiceStepsUpdate',
    response: 'ServiceSteps',
  },
  bookingSteps: {
    method: 'GET',
    path: `${owner}/bookings/:id/steps`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'JobSteps',
  },
  tickBookingStep: {
    method: 'PUT',
    path: `${owner}/bookings/:id/steps/:step`,
    auth: 'owner',
    params: 'JobStepParams',
    body: 'JobStepTick',
    response: 'JobSteps',
  },
} as const satisfies Record<string, RouteDef>;

export const jobStepsCrewCalls = {
  jobSteps: {
    method: 'GET',
    path: `${crew}/jobs/:id/steps`,
    auth: 'crew',
    params: 'CrewJobParams',
    response: 'JobSteps',
  },
  tickJobStep: {
    method: 'PUT',
    path: `${crew}/jobs/:id/steps/:step`,
    auth: 'crew',
    params: 'JobStepParams',
    body: 'JobStepTick',
    response: 'JobSteps',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const jobStepsSummaries: {
  dashboard: SummariesOf<typeof jobStepsDashboardCalls>;
  crew: SummariesOf<typeof jobStepsCrewCalls>;
} = {
  dashboard: {
    serviceSteps:
      "A service's job steps (its checklist for the crew), whether its receipts show the ticked ones, and the steps its trade template suggests. Refused: SERVICE_NOT_FOUND.",
    updateServiceSteps:
      "Sets a service's job steps, in order (at most 30, each at most 120 characters), and whether its receipts show the ticked ones. Jobs already ticked keep their own copy. Refused: SERVICE_NOT_FOUND.",
    bookingSteps:
      "A booking's job steps with who ticked each and when (before the first tick, the service's steps as they are now). Refused: BOOKING_NOT_FOUND.",
    tickBookingStep:
      "Ticks or unticks one of a booking's job steps as the owner (ticking a ticked step keeps the first tick). The first tick keeps the job's own copy of the service's steps. Refused: BOOKING_NOT_FOUND, STEP_NOT_FOUND.",
  },
  crew: {
    jobSteps: "One of the crew's jobs' steps with who ticked each and when (never a price). Refused: JOB_NOT_FOUND.",
    tickJobStep:
      "Ticks or unticks one of the crew's job's steps, recorded with the crew's name and the time (ticking a ticked step keeps the first tick). Refused: JOB_NOT_FOUND, STEP_NOT_FOUND.",
  },
};
