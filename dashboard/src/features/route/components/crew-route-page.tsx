/**
 * /crew/route: the crew member's own day (today) in driving order, with the drive to each job and
 * the directions for the whole day (docs/decisions/054). The crew cannot move jobs, so no
 * suggestion; no prices (the call answers none).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link, Navigate } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { currentUser, sessionStatus } from '../../../lib/session.ts';
import { dayWords, ROUTE_LOAD_FAILED, totalWords } from '../route-words.ts';
import { DirectionsLinks, RouteStops } from './route-stops.tsx';
import '../route.css';

function CrewRoute() {
  useSignals();
  const route = useResource(
    () => client.crew.dayRoute({ query: {} }),
    (err) => serverErrorOr(err, ROUTE_LOAD_FAILED),
  );
  const data = route.data.value;
  return (
    <div className="crew-shell">
      <header className="crew-topbar">
        <Brand href="/crew" />
        <Link className="btn btn--small" to="/crew">
          Your jobs
        </Link>
      </header>
      <main className="crew-page route-page">
        <h1>Today's route</h1>
        {route.error.value ? (
          <div className="notice notice--error" role="alert">
            <p>{route.error.value}</p>
            <button type="button" className="btn btn--small" onClick={() => void route.refresh()}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <Skeleton shape="list" rows={3} />
        ) : (
          <>
            <p className="muted">
              {data.crew.name} · {dayWords(data.day)}
            </p>
            {data.booked.stops.length === 0 ? (
              <p>No jobs today.</p>
            ) : (
              <>
                <p>{totalWords(data.booked)}</p>
                <DirectionsLinks links={data.booked.directions} />
                <RouteStops order={data.booked} timeFormat={data.timeFormat} label="Today's jobs in driving order" />
              </>
            )}
          </>
        )}
      </main>
    </div>
  );
}

export function CrewRoutePage() {
  useSignals();
  const status = sessionStatus.value;
  if (status === 'loading') return <Skeleton shape="page" />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  if (currentUser.value?.k !== 'crew') return <Navigate to="/dashboard" replace />;
  return <CrewRoute />;
}
