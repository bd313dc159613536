/**
 * What waits for the owner's answer, whatever its day (GET .../bookings/waiting): the overview's
 * list and the Bookings tab's badge read one shared resource, and every Approve, Decline or Undo
 * (components/booking-decisions.tsx) refreshes it, so the badge drops wherever the owner decides.
 */
import type { WaitingResponse } from '@slotwise/shared/api';
import { client } from './api.ts';
import { serverErrorOr } from './errors.ts';
import { createSharedResource } from './resource.ts';

export const waitingResource = createSharedResource<WaitingResponse>(
  () => client.dashboard.bookingsWaiting(),
  (err) => serverErrorOr(err, 'Failed to load the requests waiting for you.'),
);

/** What the badge shows: the count, or "99+" past it (a tab bar has room for three characters). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
