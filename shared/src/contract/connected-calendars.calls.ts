/** The calls of the owner's own calendars, read in (docs/decisions/025) (schemas: connected-calendars.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const connectedCalendarsDashboardCalls = {
  connectedCalendars: {
    method: 'GET',
    path: `${owner}/calendars`,
    auth: 'owner',
    response: 'ConnectedCalendars',
  },
  connectCalendar: {
    method: 'POST',
    path: `${owner}/calendars`,
    auth: 'owner',
    limit: 'calendarFetch',
    body: 'ConnectCalendarRequest',
    response: 'ConnectedCalendars',
    status: 201,
  },
  refreshCalendar: {
    method: 'POST',
    path: `${owner}/calendars/:id/refresh`,
    auth: 'owner',
    limit: 'calendarFetch',
    params: 'CalendarParams',
    response: 'ConnectedCalendars',
  },
  removeCalendar: {
    method: 'DELETE',
    path: `${owner}/calendars/:id`,
    auth: 'owner',
    params: 'CalendarParams',
    response: 'ConnectedCalendars',
  },
  calendarTitles: {
    method: 'PUT',
    path: `${owner}/calendars-settings/titles`,
    auth: 'owner',
    body: 'CalendarTitlesRequest',
    response: 'ConnectedCalendars',
  },
  busyTimes: {
    method: 'GET',
    path: `${owner}/busy-times`,
    auth: 'owner',
    query: 'TravelRange',
    response: 'BusyTimesResponse',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const connectedCalendarsSummaries: { dashboard: SummariesOf<typeof connectedCalendarsDashboardCalls> } = {
  dashboard: {
    connectedCalendars:
      "The owner's connected calendars (never their addresses): each one's last fetch, busy events found and last error; whether titles show.",
    connectCalendar:
      'Connects a calendar by its secret address (ICS): read at once, stored encrypted, then read every 10 minutes; its busy events block slots. Refused: CALENDAR_UNREADABLE (the sentence says why), CALENDARS_NOT_CONFIGURED, CALENDAR_LIMIT_REACHED.',
    refreshCalendar: 'Reads a connected calendar again now; answers every calendar with its new status.',
    removeCalendar: 'Disconnects a calendar: its events stop blocking slots at once.',
    calendarTitles: 'Shows the connected calendars\' event titles on the calendar page, or only "Busy".',
    busyTimes:
      "The connected calendars' busy events touching two business-local dates (inclusive), for the calendar page.",
  },
};
