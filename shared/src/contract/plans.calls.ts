/**
 * The owner's calls of recurring plans (docs/decisions/022): the list, approve, pause, resume,
 * end, a visit's next free time (schemas: plans.schemas.ts; the customer's: customer.calls.ts).
 */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const plansDashboardCalls = {
  nextFreeTime: {
    method: 'PUT',
    path: `${owner}/booking/next-free-time/:id`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'Booking',
  },
  plans: {
    method: 'GET',
    path: `${owner}/plans`,
    auth: 'owner',
    response: 'PlansResponse',
  },
  approvePlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/approve`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
  pausePlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/pause`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
  resumePlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/resume`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
  endPlan: {
    method: 'PUT',
    path: `${owner}/plans/:id/end`,
    auth: 'owner',
    params: 'PlanParams',
    response: 'PlanSummary',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const plansSummaries: { dashboard: SummariesOf<typeof plansDashboardCalls> } = {
  dashboard: {
    nextFreeTime:
      "Gives a plan's visit whose day was taken (needs_time) the first free time from its own day on, at the plan's time where it is free. Refused: NO_FREE_TIME.",
    plans: 'Recurring plans, newest first: customer, frequency, next visit, price per visit, status.',
    approvePlan:
      'Approves a plan: its pending visits, and the visits booked later, are approved; the customer gets one mail.',
    pausePlan: 'Pauses a plan: its coming visits are released (cancelled) and none are booked until it is resumed.',
    resumePlan: 'Resumes a paused plan: visits are booked again from today on.',
    endPlan: 'Ends a plan for good: its coming visits are cancelled; past ones stay.',
  },
};
