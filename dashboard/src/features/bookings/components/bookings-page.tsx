import { useSignals } from '@preact/signals-react/runtime';
import type { Booking } from '@slotwise/shared/api';
import { useState } from 'react';
import { BookingCard } from '../../../components/booking-card.tsx';
import { BookingDecisions, DECISION_FAILED, type Decision } from '../../../components/booking-decisions.tsx';
import { RefundButton } from '../../../components/booking-payment.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import '../bookings.css';
import { csvFileName, saveCsv } from '../export-csv.ts';

const FILTERS = ['All', 'Pending', 'Approved', 'Completed', 'Cancelled', 'Declined'] as const;
type Filter = (typeof FILTERS)[number];

const EXPORT_FAILED = 'Failed to export bookings. Please try again.';

function visible(bookings: readonly Booking[], filter: Filter): Booking[] {
  // A hold released unpaid was never a booking to the owner (the server leaves them out too).
  const shown = bookings.filter((b) => b.status.toLowerCase() !== 'expired');
  if (filter === 'All') return shown;
  return shown.filter((b) => b.status.toLowerCase() === filter.toLowerCase());
}

export function BookingsPage() {
  useSignals();
  const list = useResource(
    async () => (await client.dashboard.bookings()).bookings,
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch bookings'),
  );
  const [filter, setFilter] = useState<Filter>('All');
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [exporting, setExporting] = useState(false);

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

  function replace(updated: Booking) {
    setFailure(null);
    list.set((list.data.peek() ?? []).map((b) => (b._id === updated._id ? updated : b)));
  }

  function refused(decision: Decision, err: unknown) {
    setFailure({ text: DECISION_FAILED[decision], detail: serverDetail(err) });
    // Someone else (or time) may have changed it: show the server's truth.
    void list.refresh();
  }

  const bookings = list.data.value;
  const error = list.error.value;
  const shown = bookings ? visible(bookings, filter) : [];

  return (
    <section>
      <div className="page-head">
        <h1>Bookings Management</h1>
        <button type="button" className="btn" disabled={exporting} onClick={exportCsv}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
      <fieldset className="filter-bar">
        <legend className="visually-hidden">Filter bookings by status</legend>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={f === filter ? 'filter-button is-active' : 'filter-button'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {f}
          </button>
        ))}
      </fieldset>
      {failure && (
        <Notice kind="error" detail={failure.detail}>
          {failure.text}
        </Notice>
      )}
      {error ? (
        <p className="notice notice--error" role="alert">{`Error: ${error}`}</p>
      ) : !bookings ? (
        <Skeleton shape="list" rows={4} />
      ) : shown.length === 0 ? (
        <div className="card empty-state">
          <p>{filter === 'All' ? 'No bookings yet.' : `No ${filter.toLowerCase()} bookings.`}</p>
        </div>
      ) : (
        <div className="booking-list">
          {shown.map((b) => (
            <BookingCard
              key={b._id}
              booking={b}
              detailed
              actions={
                <>
                  <BookingDecisions booking={b} onChange={replace} onFailure={refused} />
                  <RefundButton booking={b} onChange={replace} />
                </>
              }
            />
          ))}
        </div>
      )}
    </section>
  );
}
