import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { todayIn } from '@slotwise/shared/time-zone';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton.tsx';
import { businessProfile } from '../../../lib/business.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { formatToday } from '../../../lib/format.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import { todaysBookings, upcomingBookings } from '../overview-data.ts';
import { byStartTime, paymentStats, shownToOwner, todayStats, withLatest } from '../stats.ts';
import { FirstDayChecklist } from './first-day-checklist.tsx';
import { TodayAgenda } from './today-agenda.tsx';
import '../overview.css';

const OVERVIEW_FAILED = 'Failed to fetch dashboard data';

function StatCard({ label, value, tone }: { label: string; value: string | number; tone: string }) {
  return (
    <div className={`card stat-card stat-card--${tone}`}>
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
    </div>
  );
}

/** The deposit cards, for a business some of whose bookings carry a payment (none otherwise). */
function PaymentCards({ bookings, timeZone }: { bookings: readonly Booking[]; timeZone: string }) {
  const stats = paymentStats(bookings, todayIn(timeZone), timeZone);
  if (!stats) return null;
  return (
    <>
      <StatCard label="Deposits taken today" value={formatUsd(stats.depositsToday)} tone="green" />
      <StatCard label="Balance due" value={formatUsd(stats.balanceDue)} tone="indigo" />
    </>
  );
}

export function OverviewPage() {
  useSignals();
  const today = useResource(todaysBookings, (err) => (isNetworkError(err) ? (err as Error).message : OVERVIEW_FAILED));
  // Only for the deposit cards: a failure leaves them out and says nothing (today's schedule is what matters).
  const upcoming = useResource(upcomingBookings, () => 'Failed to fetch upcoming bookings');
  const profile = useSharedResource(businessProfile).data.value;
  const loaded = today.data.value;
  const bookings = loaded && shownToOwner(loaded);
  const error = today.error.value;
  // The deposit cards come with the others, not after them, so nothing moves under a thumb.
  const upcomingSettled = upcoming.data.value !== undefined || upcoming.error.value !== null;

  let body: ReactNode;
  if (error) body = <p className="notice notice--error" role="alert">{`Error: ${error}`}</p>;
  else if (!bookings || !upcomingSettled) body = <Skeleton shape="list" rows={3} />;
  else {
    const stats = todayStats(bookings);
    const timeZone = profile?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    body = (
      <>
        <div className="stat-grid">
          <StatCard label="Today's Bookings" value={stats.count} tone="indigo" />
          <StatCard label="Pending Approvals" value={stats.pending} tone="amber" />
          <StatCard label="Today's Revenue" value={formatUsd(stats.revenue)} tone="green" />
          <StatCard label="Completed Today" value={stats.completed} tone="blue" />
          <PaymentCards bookings={withLatest(upcoming.data.value ?? [], bookings)} timeZone={timeZone} />
        </div>
        <section className="section" aria-labelledby="today-heading">
          <h2 id="today-heading">Today's Schedule</h2>
          {bookings.length === 0 ? (
            <div className="card empty-state">
              <p>No bookings scheduled for today</p>
            </div>
          ) : (
            <TodayAgenda
              bookings={[...bookings].sort(byStartTime)}
              onChange={(updated) =>
                today.set((today.data.peek() ?? []).map((b) => (b._id === updated._id ? updated : b)))
              }
            />
          )}
        </section>
      </>
    );
  }

  return (
    <section>
      <div className="page-head">
        <div>
          <h1>My Dashboard</h1>
          <p className="muted">{formatToday(profile?.timeZone)}</p>
        </div>
      </div>
      {body}
      {/* Below today's figures and schedule, and only once they are drawn: appearing later, it
          pushes nothing on the page down (Lighthouse measured a 0.28 layout shift with it on top). */}
      <FirstDayChecklist shown={!!((bookings && upcomingSettled) || error)} />
    </section>
  );
}
