/**
 * What the overview loads: today's bookings (with the deposit cards' figures, for a business
 * that takes deposits) and the business profile (its date line), both startable early.
 */
import { client } from '../../lib/api.ts';
import { businessProfile } from '../../lib/business.ts';
import { startEarly, takeEarly } from '../../lib/early-loads.ts';

export const OVERVIEW_DATA = { path: '/dashboard', key: 'overview:today' } as const;

const loadToday = () => client.dashboard.bookingsToday();

/** The page's fetcher: the early call on the first load, a fresh call after that. */
export const todaysBookings = () => takeEarly(OVERVIEW_DATA.key, loadToday);

export function startOverviewLoads(): void {
  startEarly(OVERVIEW_DATA.key, loadToday);
  if (businessProfile.data.peek() === undefined && !businessProfile.loading.peek()) void businessProfile.refresh();
}
