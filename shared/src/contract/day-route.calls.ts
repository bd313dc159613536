/** The calls of a crew's day as a route (docs/decisions/054) (schemas: day-route.schemas.ts). */
import { crew, owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const dayRouteDashboardCalls = {
  crewDayRoute: {
    method: 'GET',
    path: `${owner}/crews/:id/route`,
    auth: 'owner',
    params: 'CrewParams',
    query: 'DayRouteQuery',
    response: 'DayRoute',
  },
  applyDayRoute: {
    method: 'POST',
    path: `${owner}/crews/:id/route`,
    auth: 'owner',
    params: 'CrewParams',
    body: 'ApplyDayRoute',
    response: 'AppliedDayRoute',
  },
} as const satisfies Record<string, RouteDef>;

export const dayRouteCrewCalls = {
  dayRoute: {
    method: 'GET',
    path: `${crew}/route`,
    auth: 'crew',
    query: 'CrewDayRouteQuery',
    response: 'DayRoute',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const dayRouteSummaries: {
  dashboard: SummariesOf<typeof dayRouteDashboardCalls>;
  crew: SummariesOf<typeof dayRouteCrewCalls>;
} = {
  dashboard: {
    crewDayRoute:
      "A crew's day in driving order: each job's time, customer, address and service, the drive to it (minutes, miles) from the stop before or the crew's start place, the day's total, Google Maps directions links, and a suggested order that drives less (jobs started, completed, within the notice or pinned keep their time). Refused: CREW_NOT_FOUND.",
    applyDayRoute:
      'Moves the jobs of a suggestion to their new times in one step under the business\'s lock, each customer told once ("your booking moved"), after checking the suggestion made now is the one sent. Refused: CREW_NOT_FOUND, ROUTE_CHANGED (the day changed: read the fresh suggestion).',
  },
  crew: {
    dayRoute:
      "The crew member's own crew's day (today by default) in driving order with the drives between and the directions links. No prices, no suggestion.",
  },
};
