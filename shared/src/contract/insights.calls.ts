/** The calls of insights (docs/decisions/029): the owner's four reports (schemas: insights.schemas.ts; the beacon's call is a customer call, customer.calls.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const insightsDashboardCalls = {
  insightsFunnel: {
    method: 'GET',
    path: `${owner}/insights/funnel`,
    auth: 'owner',
    query: 'InsightsQuery',
    response: 'InsightsFunnel',
  },
  insightsWork: {
    method: 'GET',
    path: `${owner}/insights/work`,
    auth: 'owner',
    query: 'InsightsQuery',
    response: 'InsightsWork',
  },
  insightsMissed: {
    method: 'GET',
    path: `${owner}/insights/missed`,
    auth: 'owner',
    query: 'InsightsQuery',
    response: 'InsightsMissed',
  },
  insightsDrive: {
    method: 'GET',
    path: `${owner}/insights/drive`,
    auth: 'owner',
    query: 'InsightsQuery',
    response: 'InsightsDrive',
  },
  doorHanger: {
    method: 'GET',
    path: `${owner}/bookings/:id/door-hanger`,
    auth: 'owner',
    params: 'BookingParams',
    response: 'DoorHanger',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const insightsSummaries: { dashboard: SummariesOf<typeof insightsDashboardCalls> } = {
  dashboard: {
    insightsFunnel:
      'The booking funnel of a period (opened, quoted, a time chosen, booked): totals, by source (each website, the booking page, its QR code) and by day.',
    insightsWork:
      'Money and work: booked, completed and cancelled revenue by week (the last 12, this one, the next 4), and for the period bookings by service, the average quote and bookings by weekday and hour.',
    insightsMissed:
      'The work missed in a period: requests by ZIP code refused by the service area or quoted and never booked, what a 5 miles wider area would have reached, and the full days and times customers tapped.',
    insightsDrive:
      "Profit after the drive: the period's approved and completed jobs' earnings per working hour with the drive to each and the vehicle cost per mile counted, by ZIP code and by service, and what per-mile price or service area would lift the far jobs.",
    doorHanger:
      "A door-hanger for a job done (or approved for today): the card's words (the street's name alone, never the customer's) and, for the next four days of the job's weekday, the booking page opened on that day and its QR code.",
  },
};
