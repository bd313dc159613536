import { useSignals } from '@preact/signals-react/runtime';
import type { Booking, Crew, TodayResponse } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/skeleton.tsx';
import { businessProfile } from '../../../lib/business.ts';
import { crewsResource, namesCrews } from '../../../lib/crews.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { formatToday } from '../../../lib/format.ts';
import { newBookingHref } from '../../../lib/new-booking-link.ts';
import { useResource, useSharedResource } from '../../../lib/resource.ts';
import { waitingResource } from '../../../lib/waiting.ts';
import { todaysBookings } from '../overview-data.ts';
import { byStartTime, shownToOwner, todayStats } from '../stats.ts';
import { ReviewsCard } from './reviews-card.tsx';
import { TodayAgenda } from './today-agenda.tsx';
import { WaitingRequests } from './waiting-requests.tsx';
import '../overview.css';

const OVERVIEW_FAILED = 'Failed to fetch dashboard data';
/**
 * Its own chunk: only a new owner sees it, below everything else, so the first download of every
 * owner's app does not carry it (the dashboard's initial JS budget, bench/calendar.ts). Rendered
 * from the first frame, so its chunk and then its data load while the page's own data does.
 */
const FirstDayChecklist = lazy(async () => ({
  default: (await import('./first-day-checklist.tsx')).FirstDayChecklist,
}));

function StatCard({
  label,
  note,
  value,
  tone,
}: {
  label: string;
  /** Under the label, small: what the figure covers when it is not today alone. */
  note?: string;
  value: string | number;
  tone: string;
}) {
  return (
    <div className={`card stat-card stat-card--${tone}`}>
      <p className="stat-label">
        <span>{label}</span>
        {note && <span className="stat-note"> ({note})</span>}
      </p>
      <p className="stat-value">{value}</p>
    </div>
  );
}

/** The deposit cards, for a business that takes deposits (the server answers their figures then). */
function PaymentCards({ deposits }: { deposits: TodayResponse['deposits'] }) {
  if (!deposits) return null;
  return (
    <>
      <StatCard label="Deposits taken today" value={formatUsd(deposits.takenToday)} tone="green" />
      <StatCard label="Balance due" value={formatUsd(deposits.balanceDue)} tone="indigo" />
    </>
  );
}

/**
 * Today's route of each crew with jobs today (features/route; docs/decisions/054): "Today's route"
 * for a business with one crew, "Route: Truck 2" for each crew once there are several. A job
 * written before crews is the first crew's. Nothing until the crews are known.
 */
function TodayRoutes({ bookings, crews }: { bookings: readonly Booking[]; crews: readonly Crew[] | undefined }) {
  const day = bookings[0]?.bookingTime.day;
  const first = crews?.[0];
  if (!crews || !first || !day) return null;
  const withJobs = new Set(bookings.map((b) => b.crewId ?? first._id));
  const named = namesCrews(crews);
  const shown = crews.filter((c) => withJobs.has(c._id));
  if (shown.length === 0) return null;
  return (
    <nav className="row today-routes" aria-label="Today's routes">
      {shown.map((c) => (
        <Link key={c._id} className="btn btn--small" to={`/dashboard/route/${c._id}/${day}`}>
          {named ? `Route: ${c.name}` : "Today's route"}
        </Link>
      ))}
    </nav>
  );
}

export function OverviewPage() {
  useSignals();
  const today = useResource(todaysBookings, (err) => (isNetworkError(err) ? (err as Error).message : OVERVIEW_FAILED));
  const profileResource = useSharedResource(businessProfile);
  const profile = profileResource.data.value;
  // A decoration: without them (one crew, or a failed load) the agenda names no crew.
  const crews = useSharedResource(crewsResource).data.value?.crews;
  // Every request waiting for an answer, whatever its day (lib/waiting.ts), not today's alone.
  const waitingList = useSharedResource(waitingResource);
  const waiting = waitingList.data.value;
  // The page is drawn once what goes above the schedule and in its cards is known (or failed to
  // load): the requests waiting for an answer, listed above it, and the business's day and clock,
  // which its cards read (On my way, running late, when a request expires). Either arriving after
  // the schedule pushed it down or grew its cards under the finger: Lighthouse measured a 0.41-0.45
  // layout shift in about half its runs, as one or the other lost the race.
  const settled =
    (profile !== undefined || profileResource.error.value !== null) &&
    (waiting !== undefined || waitingList.error.value !== null);
  const loaded = today.data.value;
  const bookings = loaded && shownToOwner(loaded.bookings);
  const error = today.error.value;

  /** A booking changed here or in the waiting list: today's list shows it as it now is. */
  function changed(updated: Booking) {
    const now = today.data.peek();
    if (now) today.set({ ...now, bookings: now.bookings.map((b) => (b._id === updated._id ? updated : b)) });
    // A refund changes the deposit cards' figures, which the server sums.
    if (now?.deposits) void today.refresh();
  }

  let body: ReactNode;
  if (error) body = <p className="notice notice--error" role="alert">{`Error: ${error}`}</p>;
  else if (!bookings || !settled) body = <Skeleton shape="list" rows={3} />;
  else {
    const stats = todayStats(bookings);
    body = (
      <>
        <div className="stat-grid">
          <StatCard label="Today's Bookings" value={stats.count} tone="indigo" />
          <StatCard label="Pending Approvals" note="all days" value={waiting ? waiting.count : '–'} tone="amber" />
          <StatCard label="Today's Revenue" value={formatUsd(stats.revenue)} tone="green" />
          <StatCard label="Completed Today" value={stats.completed} tone="blue" />
          <PaymentCards deposits={loaded?.deposits} />
        </div>
        <WaitingRequests onChange={changed} />
        <section className="section" aria-labelledby="today-heading">
          <h2 id="today-heading">Today's Schedule</h2>
          {bookings.length === 0 ? (
            <div className="card empty-state">
              <p>No bookings scheduled for today</p>
            </div>
          ) : (
            <TodayAgenda
              bookings={[...bookings].sort(byStartTime)}
              crews={namesCrews(crews) ? crews : undefined}
              onChange={changed}
            />
          )}
          {/* Below the schedule: the crews may arrive after it, and must not push it down (layout shift). */}
          <TodayRoutes bookings={bookings} crews={crews} />
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
        {/* On a phone Insights is not a tab (components/layouts/dashboard-layout.tsx says why): its way in is here and the Account menu. */}
        <div className="row">
          <Link to={newBookingHref()} className="btn btn--primary btn--small">
            + New booking
          </Link>
          <Link to="/dashboard/insights" className="btn btn--small overview-insights-link">
            View insights
          </Link>
        </div>
      </div>
      {body}
      {/* Below today's figures and schedule, and only once they are drawn: appearing later, it
          pushes nothing on the page down (Lighthouse measured a 0.28 layout shift with it on top). */}
      <Suspense fallback={null}>
        <FirstDayChecklist shown={!!(bookings || error)} />
      </Suspense>
      {bookings && <ReviewsCard />}
    </section>
  );
}
