/**
 * /dashboard/route/:crewId/:day: a crew's day in driving order with the drives between, and a
 * suggested order that drives less (docs/decisions/054). The owner may pin jobs so they keep their
 * time; "Apply" moves every changed booking at once, each customer told once. When the day changed
 * meanwhile nothing moves, and the fresh suggestion is shown.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { DayRoute } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import {
  changedStops,
  dayWords,
  ROUTE_CHANGED_NOTE,
  ROUTE_LOAD_FAILED,
  savesWords,
  totalWords,
} from '../route-words.ts';
import { DirectionsLinks, RouteStops } from './route-stops.tsx';
import '../route.css';

function Suggestion({
  route,
  pinned,
  onApplied,
  onStale,
}: {
  route: DayRoute;
  pinned: ReadonlySet<string>;
  onApplied: (route: DayRoute) => void;
  onStale: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const suggestion = route.suggestion;
  if (!suggestion)
    return (
      <section className="card route-section" aria-labelledby="route-suggestion">
        <h2 id="route-suggestion">Suggested order</h2>
        <p>This day is already in the shortest order we can find for the jobs that may move.</p>
      </section>
    );
  const changed = changedStops(route);

  async function apply() {
    setBusy(true);
    setError(null);
    try {
      const moves = changed.map(({ stop }) => ({ bookingId: stop.bookingId, startTime: stop.time.startTime }));
      const res = await client.dashboard.applyDayRoute({
        params: { id: route.crew._id },
        body: { day: route.day, pinned: [...pinned], moves },
      });
      onApplied(res.route);
      showToast(
        res.moved === 1
          ? '1 job moved; its customer was told the new time.'
          : `${res.moved} jobs moved; each customer was told the new time.`,
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ROUTE_CHANGED') {
        setError(ROUTE_CHANGED_NOTE);
        await onStale();
      } else setError(`Could not apply the order. ${serverErrorOr(err, 'Please try again.')}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card route-section" aria-labelledby="route-suggestion">
      <h2 id="route-suggestion">Suggested order</h2>
      <p className="route-saves">
        <strong>{savesWords(suggestion.savedMinutes)}</strong> · {totalWords(suggestion)}
      </p>
      <p className="hint">
        {changed.length === 1 ? '1 job moves' : `${changed.length} jobs move`}; each of those customers gets one message
        with the new time and their link to change it.
      </p>
      <RouteStops order={suggestion} timeFormat={route.timeFormat} label="Suggested order" before={route.booked} />
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="row section-actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void apply()}>
          {busy ? 'Applying...' : 'Apply this order'}
        </button>
      </div>
      <DirectionsLinks links={suggestion.directions} name="Directions in this order" />
    </section>
  );
}

/** Another crew or day is another page: its own resource and pins (the resource reads its call once). */
export function OwnerRoutePage() {
  const { crewId = '', day = '' } = useParams();
  return <CrewDay key={`${crewId}/${day}`} crewId={crewId} day={day} />;
}

function CrewDay({ crewId, day }: { crewId: string; day: string }) {
  useSignals();
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  // The resource's fetcher is made once: it reads the pins of the latest render from here.
  const pins = useRef(pinned);
  const route = useResource(
    () =>
      client.dashboard.crewDayRoute({
        params: { id: crewId },
        query: { day, ...(pins.current.size > 0 ? { pinned: [...pins.current].join(',') } : {}) },
      }),
    (err) => serverErrorOr(err, ROUTE_LOAD_FAILED),
  );
  const data = route.data.value;

  function pin(bookingId: string, on: boolean) {
    const next = new Set(pinned);
    if (on) next.add(bookingId);
    else next.delete(bookingId);
    pins.current = next;
    setPinned(next);
    void route.refresh();
  }

  return (
    <section className="route-page">
      <div className="page-head">
        <div>
          <h1>{data ? `${data.crew.name}'s route` : "The day's route"}</h1>
          <p className="muted">{dayWords(day)}</p>
        </div>
        <Link className="btn btn--small" to={`/dashboard/calendar?view=day&date=${day}`}>
          Back to the calendar
        </Link>
      </div>
      {route.error.value ? (
        <div className="notice notice--error" role="alert">
          <p>{route.error.value}</p>
          <button type="button" className="btn btn--small" onClick={() => void route.refresh()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Skeleton shape="list" rows={3} />
      ) : data.booked.stops.length === 0 ? (
        <p className="card">No jobs for this crew on this day.</p>
      ) : (
        <>
          <section className="card route-section" aria-labelledby="route-booked">
            <h2 id="route-booked">As booked</h2>
            <p>
              {totalWords(data.booked)}
              {data.startAddress ? <span className="muted"> · starting from {data.startAddress}</span> : null}
            </p>
            <p className="hint">Tick "Keep this time" on a job that must not move; the suggestion works around it.</p>
            <RouteStops
              order={data.booked}
              timeFormat={data.timeFormat}
              label="Booked order"
              pinned={pinned}
              onPin={pin}
            />
            <DirectionsLinks links={data.booked.directions} />
          </section>
          <Suggestion
            route={data}
            pinned={pinned}
            onApplied={(next) => route.set(next)}
            onStale={() => route.refresh()}
          />
        </>
      )}
    </section>
  );
}
