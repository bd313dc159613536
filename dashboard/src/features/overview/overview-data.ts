/**
 * What the overview loads: today's bookings, the bookings from today on (for the deposit
 * cards: what came in today, what is still due) and the business profile (its date line),
 * all startable early.
 */
import { todayIn } from '@slotwise/shared/time-zone';
import { client } from '../../lib/api.ts';
import { businessProfile } from '../../lib/business.ts';
import { startEarly, takeEarly } from '../../lib/early-loads.ts';

export const OVERVIEW_DATA = { path: '/dashboard', key: 'overview:today', upcomingKey: 'overview:upcoming' } as const;

/**
 * The date in the last zone on earth to reach each day (UTC-12): never after the business's
 * today, wherever it is, so the early call needs no profile. stats.ts then reads the business's own day.
 */
const EARLIEST_ZONE = 'Etc/GMT+12';

const loadToday = async () => (await client.dashboard.bookingsToday()).bookings;
const loadUpcoming = async () =>
  (await client.dashboard.bookings({ query: { from: todayIn(EARLIEST_ZONE) } })).bookings;

/** The page's fetcher: the early call on the first load, a fresh call after that. */
export const todaysBookings = () => takeEarly(OVERVIEW_DATA.key, loadToday);
export const upcomingBookings = () => takeEarly(OVERVIEW_DATA.upcomingKey, loadUpcoming);

export function startOverviewLoads(): void {
  startEarly(OVERVIEW_DATA.key, loadToday);
  startEarly(OVERVIEW_DATA.upcomingKey, loadUpcoming);
  if (businessProfile.data.peek() === undefined && !businessProfile.loading.peek()) void businessProfile.refresh();
}
