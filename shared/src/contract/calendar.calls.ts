/** The calls of the calendar: blocked times, business hours, the drives between jobs, the feed (schemas: calendar.schemas.ts). */
import { owner, type RouteDef, type SummariesOf } from './route-def.ts';

export const calendarMetaCalls = {
  calendarFeed: {
    method: 'GET',
    path: '/api/calendar/feed.ics',
    auth: 'none',
    limit: 'publicRead',
    query: 'FeedQuery',
    response: { mediaType: 'text/calendar', description: 'An iCalendar (RFC 5545) feed.' },
  },
} as const satisfies Record<string, RouteDef>;

export const calendarDashboardCalls = {
  travelBlocks: {
    method: 'GET',
    path: `${owner}/travel-blocks`,
    auth: 'owner',
    query: 'TravelRange',
    response: 'TravelBlocksResponse',
  },
  blockedTimes: {
    method: 'GET',
    path: `${owner}/blocked-times`,
    auth: 'owner',
    query: 'RangeQuery',
    response: 'BlockedTimesResponse',
  },
  addBlockedTime: {
    method: 'POST',
    path: `${owner}/blocked-time`,
    auth: 'owner',
    body: 'BlockedTimeRequest',
    response: 'BlockedTime',
    status: 201,
  },
  moveBlockedTime: {
    method: 'PUT',
    path: `${owner}/blocked-time/:id/reschedule`,
    auth: 'owner',
    params: 'BlockedParams',
    body: 'BlockedTimeMoveRequest',
    response: 'BlockedTime',
  },
  deleteBlockedTime: {
    method: 'DELETE',
    path: `${owner}/blocked-time/:id`,
    auth: 'owner',
    params: 'BlockedParams',
    response: 'OkBody',
  },
  availability: {
    method: 'GET',
    path: `${owner}/availability`,
    auth: 'owner',
    response: 'AvailabilityResponse',
  },
  updateSingleDay: {
    method: 'PUT',
    path: `${owner}/availability/update-single`,
    auth: 'owner',
    body: 'AvailabilityEntry',
    response: 'AvailabilityResponse',
  },
  updateHours: {
    method: 'PUT',
    path: `${owner}/availability/update`,
    auth: 'owner',
    body: 'AvailabilityUpdateRequest',
    response: 'AvailabilityResponse',
  },
  calendarFeed: {
    method: 'GET',
    path: `${owner}/settings/calendar-feed`,
    auth: 'owner',
    response: 'CalendarFeed',
  },
  revokeCalendarFeed: {
    method: 'POST',
    path: `${owner}/settings/calendar-feed/revoke`,
    auth: 'owner',
    response: 'CalendarFeed',
  },
} as const satisfies Record<string, RouteDef>;

/** One line per call for the API reference (routes.ts routeSummaries). */
export const calendarSummaries: {
  meta: SummariesOf<typeof calendarMetaCalls>;
  dashboard: SummariesOf<typeof calendarDashboardCalls>;
} = {
  meta: {
    calendarFeed:
      "The owner's bookings and blocked times as an iCalendar feed, or with crewId one crew's jobs without prices (the crew member's own link); the token in the URL is the credential.",
  },
  dashboard: {
    travelBlocks:
      'The drives between jobs of a travelling owner, business-local dates inclusive; [] when travel is off.',
    blockedTimes: 'Blocked times, optionally those touching two business-local dates (inclusive).',
    addBlockedTime: 'Blocks a stretch of time (never over a pending or approved booking).',
    moveBlockedTime: 'Moves a blocked time.',
    deleteBlockedTime: 'Deletes a blocked time.',
    availability: 'Business hours of each weekday (null times: closed).',
    updateSingleDay: 'Sets the hours of one weekday.',
    updateHours: 'Sets the hours of several weekdays at once.',
    calendarFeed: "The private calendar feed's URL.",
    revokeCalendarFeed: 'Makes the old feed URL stop working; answers the new one.',
  },
};
