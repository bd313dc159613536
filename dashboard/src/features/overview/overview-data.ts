/**
 * What the overview loads: today's bookings (with the deposit cards' figures, for a business
 * that takes deposits), the business profile (its date line and clock), the requests waiting for
 * an answer (listed above the schedule) and the crews (a chip per job once there are two or
 * more), all startable early. The page draws its schedule only once the profile and the waiting
 * requests are in (overview-page.tsx says why), so each of those starts here with today's, before
 * the first render: started by the page instead, the waiting requests began a whole first render
 * later (about 300 ms at 4x CPU slow-down), and the agenda waited for them.
 */
import { client } from '../../lib/api.ts';
import { businessProfile } from '../../lib/business.ts';
import { crewsResource } from '../../lib/crews.ts';
import { startEarly, takeEarly } from '../../lib/early-loads.ts';
import { waitingResource } from '../../lib/waiting.ts';

export const OVERVIEW_DATA = { path: '/dashboard', key: 'overview:today' } as const;

const loadToday = () => client.dashboard.bookingsToday();

/** The page's fetcher: the early call on the first load, a fresh call after that. */
export const todaysBookings = () => takeEarly(OVERVIEW_DATA.key, loadToday);

export function startOverviewLoads(): void {
  startEarly(OVERVIEW_DATA.key, loadToday);
  for (const shared of [businessProfile, waitingResource, crewsResource])
    if (shared.data.peek() === undefined && !shared.loading.peek()) void shared.refresh();
}
