/**
 * What the overview loads: today's bookings (with the deposit cards' figures, for a business
 * that takes deposits), the business profile (its date line) and the crews (a chip per job once
 * there are two or more), all startable early.
 */
import { client } from '../../lib/api.ts';
import { businessProfile } from '../../lib/business.ts';
import { crewsResource } from '../../lib/crews.ts';
import { startEarly, takeEarly } from '../../lib/early-loads.ts';

export const OVERVIEW_DATA = { path: '/dashboard', key: 'overview:today' } as const;

const loadToday = () => client.dashboard.bookingsToday();

/** The page's fetcher: the early call on the first load, a fresh call after that. */
export const todaysBookings = () => takeEarly(OVERVIEW_DATA.key, loadToday);

export function startOverviewLoads(): void {
  startEarly(OVERVIEW_DATA.key, loadToday);
  for (const shared of [businessProfile, crewsResource])
    if (shared.data.peek() === undefined && !shared.loading.peek()) void shared.refresh();
}
