/**
 * The business's crews (issue 25; Settings > Crews), read by Settings, the calendar and the
 * overview's agenda: one shared resource, so a page load asks for them once and a change made
 * in Settings reaches the calendar without another call. A solo owner has one crew ("Main
 * crew") and never sees it: crews are named only once there are two or more.
 */
import type { Booking, Crew, CrewsResponse } from '@slotwise/shared/api';
import { client } from './api.ts';
import { serverErrorOr } from './errors.ts';
import { createSharedResource } from './resource.ts';

export const crewsResource = createSharedResource<CrewsResponse>(
  () => client.dashboard.crews(),
  (err) => serverErrorOr(err, 'Failed to load your crews.'),
);

/** Whether screens name crews at all: a business with one crew looks as it did before crews. */
export function namesCrews(crews: readonly Crew[] | undefined): crews is readonly Crew[] {
  return !!crews && crews.length >= 2;
}

/**
 * The crew doing a booking: its own, else the first crew (a booking with no crew, or one
 * whose crew is not in the list): the calendar draws such jobs in the first crew's column.
 */
export function crewOf(booking: Pick<Booking, 'crewId'>, crews: readonly Crew[]): Crew | undefined {
  return crews.find((c) => c._id === booking.crewId) ?? crews[0];
}
