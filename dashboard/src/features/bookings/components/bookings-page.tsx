/**
 * /dashboard/bookings (docs/product.md#bookings): the bookings list with its status filters, and
 * beside it the recurring plans (issue 24), as two tabs. The tab and the filter live in the URL
 * (?view=plans, ?status=needs_time), so a reload or a link keeps them. The Plans view is a chunk
 * of its own, handed in by the router (app/router.tsx): this page is in the first download.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import type { BookingStatus } from '@slotwise/shared/domain';
import { type ComponentType, type KeyboardEvent, Suspense, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BillButton } from '../../../components/booking-bill.tsx';
import { BookingCard } from '../../../components/booking-card.tsx';
import { BookingDecisions, DECISION_FAILED, type Decision } from '../../../components/booking-decisions.tsx';
import { RefundButton } from '../../../components/booking-payment.tsx';
import { JobStepsButton } from '../../../components/job-steps-button.tsx';
import { NEXT_FREE_TIME_FAILED, NextFreeTimeButton } from '../../../components/next-free-time-button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PhotosButton } from '../../../components/photos-button.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { UndeliveredNotices } from '../../../components/undelivered-notices.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import '../bookings.css';
import { saveCsv } from '../../../lib/save-file.ts';
import { csvFileName } from '../export-csv.ts';

interface Filter {
  label: string;
  /** null: every status. */
  status: BookingStatus | null;
  empty: string;
}

const FILTERS: readonly Filter[] = [
  { label: 'All', status: null, empty: 'No bookings yet.' },
  { label: 'Pending', status: 'pending', empty: 'No pending bookings.' },
  // A plan's visit whose day was taken waits for the owner, as a pending booking does.
  { label: 'Needs a time', status: 'needs_time', empty: 'No visits need a time.' },
  { label: 'Approved', status: 'approved', empty: 'No approved bookings.' },
  { label: 'Completed', status: 'completed', empty: 'No completed bookings.' },
  { label: 'Cancelled', status: 'cancelled', empty: 'No cancelled bookings.' },
  { label: 'Declined', status: 'declined', empty: 'No declined bookings.' },
];
const ALL = FILTERS[0] as Filter;

const VIEWS = [
  { value: 'bookings', label: 'Bookings' },
  { value: 'plans', label: 'Plans' },
] as const;
type View = (typeof VIEWS)[number]['value'];

const EXPORT_FAILED = 'Failed to export bookings. Please try again.';

type Failure = { text: string; detail: string | null };

function visible(bookings: readonly Booking[], filter: Filter): Booking[] {
  // A hold released unpaid was never a booking to the owner (the server leaves them out too).
  const shown = bookings.filter((b) => b.status.toLowerCase() !== 'expired');
  if (!filter.status) return shown;
  return shown.filter((b) => b.status.toLowerCase() === filter.status);
}

/** A chunk loaded on first use (app/lazy-page.tsx), loadable ahead of a click. */
export type PlansComponent = ComponentType & { preload?: () => Promise<unknown> };

export function BookingsPage({ Plans }: { Plans: PlansComponent }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'plans' ? 'plans' : 'bookings';
  const filter = FILTERS.find((f) => f.status !== null && f.status === params.get('status')) ?? ALL;
  const [failure, setFailure] = useState<Failure | null>(null);
  const [exporting, setExporting] = useState(false);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function change(name: 'view' | 'status', value: string | null) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value === null) p.delete(name);
        else p.set(name, value);
        return p;
      },
      { replace: true },
    );
  }

  function show(next: View) {
    setFailure(null);
    change('view', next === 'bookings' ? null : next);
  }

  // The ARIA practices' tabs: the arrows, Home and End move between the tabs and show each.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const n = VIEWS.length;
    const to = ({ ArrowRight: (index + 1) % n, ArrowLeft: (index + n - 1) % n, Home: 0, End: n - 1 } as const)[
      event.key as 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End'
    ];
    if (to === undefined) return;
    event.preventDefault();
    show(VIEWS[to]!.value);
    tabs.current[to]?.focus();
  }

  async function exportCsv() {
    setExporting(true);
    setFailure(null);
    try {
      const csv = await client.account.exportBookingsCsv();
      saveCsv(csv, csvFileName(businessProfile.data.peek()?.timeZone));
    } catch (err) {
      setFailure({ text: EXPORT_FAILED, detail: serverDetail(err) });
    } finally {
      setExporting(false);
    }
  }

  // The Plans chunk is fetched as the owner heads for its tab, as the top bar does for pages.
  const preloadPlans = Plans.preload ? () => void Plans.preload?.().catch(() => {}) : undefined;

  return (
    <section>
      <div className="page-head">
        <h1>Bookings Management</h1>
        <div className="row">
          {/* Quotes the owner sends (docs/product.md#quotes-you-send): a page of its own, loaded lazily. */}
          <Link className="btn" to="/dashboard/quotes">
            Quotes
          </Link>
          <button type="button" className="btn" disabled={exporting} onClick={exportCsv}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </div>
      <div className="view-tabs" role="tablist" aria-label="Bookings or plans">
        {VIEWS.map((v, i) => {
          const selected = v.value === view;
          return (
            <button
              key={v.value}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${v.value}`}
              className={selected ? 'view-tab is-active' : 'view-tab'}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => show(v.value)}
              onKeyDown={(e) => onTabKey(e, i)}
              onPointerEnter={v.value === 'plans' ? preloadPlans : undefined}
              onFocus={v.value === 'plans' ? preloadPlans : undefined}
            >
              {v.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${view}`}>
        {/* Between the page's h1 and each card's h3, so headings go down one level at a time. */}
        <h2 className="visually-hidden">{VIEWS.find((v) => v.value === view)?.label}</h2>
        {failure && (
          <Notice kind="error" detail={failure.detail}>
            {failure.text}
          </Notice>
        )}
        {view === 'plans' ? (
          <Suspense fallback={<Skeleton shape="list" rows={3} />}>
            <Plans />
          </Suspense>
        ) : (
          <BookingsList filter={filter} onFilter={(f) => change('status', f.status)} onFailure={setFailure} />
        )}
      </div>
    </section>
  );
}

function BookingsList({
  filter,
  onFilter,
  onFailure,
}: {
  filter: Filter;
  onFilter: (filter: Filter) => void;
  onFailure: (failure: Failure | null) => void;
}) {
  useSignals();
  const list = useResource(
    async () => (await client.dashboard.bookings()).bookings,
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch bookings'),
  );

  function replace(updated: Booking) {
    onFailure(null);
    list.set((list.data.peek() ?? []).map((b) => (b._id === updated._id ? updated : b)));
  }

  function refused(decision: Decision, err: unknown) {
    onFailure({ text: DECISION_FAILED[decision], detail: serverDetail(err) });
    // Someone else (or time) may have changed it: show the server's truth.
    void list.refresh();
  }

  function timed(updated: Booking) {
    replace(updated);
    // Finding the time may have moved more than this card (the plan's next visits, the filter's counts).
    void list.refresh();
  }

  function noFreeTime(err: unknown) {
    onFailure({ text: NEXT_FREE_TIME_FAILED, detail: serverDetail(err) });
    void list.refresh();
  }

  const bookings = list.data.value;
  const error = list.error.value;
  const shown = bookings ? visible(bookings, filter) : [];

  return (
    <>
      <fieldset className="filter-bar">
        <legend className="visually-hidden">Filter bookings by status</legend>
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className={f === filter ? 'filter-button is-active' : 'filter-button'}
            aria-pressed={f === filter}
            onClick={() => onFilter(f)}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      {error ? (
        <p className="notice notice--error" role="alert">{`Error: ${error}`}</p>
      ) : !bookings ? (
        <Skeleton shape="list" rows={4} />
      ) : shown.length === 0 ? (
        <div className="card empty-state">
          <p>{filter.empty}</p>
        </div>
      ) : (
        <div className="booking-list">
          {shown.map((b) => (
            <BookingCard
              key={b._id}
              booking={b}
              detailed
              notices={<UndeliveredNotices bookingId={b._id} />}
              actions={
                <>
                  <BookingDecisions booking={b} onChange={replace} onFailure={refused} />
                  <NextFreeTimeButton booking={b} onChange={timed} onFailure={noFreeTime} />
                  <RefundButton booking={b} onChange={replace} />
                  <BillButton booking={b} />
                  <JobStepsButton booking={b} />
                  <PhotosButton booking={b} />
                </>
              }
            />
          ))}
        </div>
      )}
    </>
  );
}
