/**
 * /dashboard/waitlist/:day (docs/product.md#the-waiting-list; docs/decisions/056): a day's waiting
 * list. Who waits (with their quote and how to reach them), and each time that opened that day:
 * why it opened, who was offered it (least driving added first: the list, then plan customers
 * moving a visit up, then recent quotes nearby) and who took it. Reached from the
 * calendar's day view; a lazily loaded page.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { WaitlistDay } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { shortDate } from '@slotwise/shared/time-zone';
import { Link, useParams } from 'react-router';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import '../waitlist.css';

const REASONS: Record<WaitlistDay['freed'][number]['reason'], string> = {
  cancelled: 'cancelled',
  declined: 'declined',
  expired: 'an expired request',
  moved: 'moved',
};

const OFFER_STATES: Record<WaitlistDay['freed'][number]['offers'][number]['state'], string> = {
  open: 'offered, waiting for an answer',
  taken: 'took it',
  withdrawn: 'too late: someone else took it',
  expired: 'did not answer in time',
};

/** A plan customer asked to move their next visit up to the time (docs/decisions/056). */
const VISIT_STATES: Record<WaitlistDay['freed'][number]['offers'][number]['state'], string> = {
  open: 'asked to move their plan visit up, waiting for an answer',
  taken: 'Plan visit moved up',
  withdrawn: 'asked to move their plan visit up: someone else took it',
  expired: 'asked to move their plan visit up: did not answer in time',
};

/** A recent quote nearby whose customer asked to hear of a time (docs/decisions/059). */
const QUOTE_STATES: Record<WaitlistDay['freed'][number]['offers'][number]['state'], string> = {
  open: 'offered it at their quoted price, waiting for an answer',
  taken: 'Quote booked',
  withdrawn: 'offered it at their quoted price: someone else took it',
  expired: 'offered it at their quoted price: did not answer in time',
};

const STATES_OF = { waitlist: OFFER_STATES, visit: VISIT_STATES, quote: QUOTE_STATES } as const;

const ENTRY_STATES: Record<WaitlistDay['entries'][number]['status'], string> = {
  waiting: 'Waiting',
  filled: 'Booked',
  left: 'Left the list',
};

/** What became of a freed time, in a few words. */
export function freedWords(f: WaitlistDay['freed'][number]): string {
  if (f.status === 'filled') {
    const kind = f.offers.find((o) => o.state === 'taken')?.kind;
    if (kind === 'visit') return `Plan visit moved up: ${f.filledBy ?? 'a plan customer'}`;
    if (kind === 'quote') return `Quote booked: ${f.filledBy ?? 'a recent quote nearby'}`;
    return `Filled by ${f.filledBy ?? 'a customer from the list'}`;
  }
  if (f.status === 'queued') return 'About to be offered';
  if (f.status === 'offered') return 'Offered';
  return f.offers.length === 0 ? 'Nobody on the list fitted this time' : 'Not taken';
}

export function WaitlistPage() {
  const { day = '' } = useParams();
  return <Day key={day} day={day} />;
}

function Day({ day }: { day: string }) {
  useSignals();
  const list = useResource(
    () => client.dashboard.waitlistDay({ query: { day } }),
    (err) => serverErrorOr(err, 'Could not load the waiting list.'),
  );
  const data = list.data.value;
  return (
    <section className="waitlist-page">
      <div className="page-head">
        <div>
          <h1>Waiting list</h1>
          <p className="muted">{shortDate(day)}</p>
        </div>
        <Link className="btn btn--small" to={`/dashboard/calendar?view=day&date=${day}`}>
          Back to the calendar
        </Link>
      </div>
      {list.error.value ? (
        <div className="notice notice--error" role="alert">
          <p>{list.error.value}</p>
          <button type="button" className="btn btn--small" onClick={() => void list.refresh()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Skeleton shape="list" rows={3} />
      ) : (
        <>
          <section className="card waitlist-section" aria-labelledby="waitlist-freed">
            <h2 id="waitlist-freed">Times that opened</h2>
            {data.freed.length === 0 ? (
              <p>No time has opened on this day since someone joined the list.</p>
            ) : (
              <ul className="waitlist-freed">
                {data.freed.map((f) => (
                  <li key={f.id}>
                    <p>
                      <strong>{f.time}</strong>
                      {f.crew ? ` · ${f.crew}` : ''} · {REASONS[f.reason]} ·{' '}
                      <span className={f.status === 'filled' ? 'waitlist-filled' : undefined}>{freedWords(f)}</span>
                    </p>
                    {f.offers.length > 0 && (
                      <ol className="waitlist-offers" aria-label={`Offered at ${f.time}`}>
                        {f.offers.map((o) => (
                          <li key={`${o.kind} ${o.name}`}>
                            {o.name}: {STATES_OF[o.kind][o.state]}{' '}
                            <span className="muted">(+{o.extraDriveMin} min driving)</span>
                          </li>
                        ))}
                      </ol>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card waitlist-section" aria-labelledby="waitlist-people">
            <h2 id="waitlist-people">Who is waiting</h2>
            {data.entries.length === 0 ? (
              <p>Nobody is on the waiting list for this day.</p>
            ) : (
              <ul className="waitlist-people">
                {data.entries.map((e) => (
                  <li key={e.id}>
                    <p>
                      <strong>{e.name}</strong> · {e.serviceName}, {formatUsd(e.total)} ·{' '}
                      <span className={e.status === 'filled' ? 'waitlist-filled' : undefined}>
                        {ENTRY_STATES[e.status]}
                      </span>
                    </p>
                    <p className="muted">
                      {e.address} · <a href={`mailto:${e.email}`}>{e.email}</a>
                      {e.phone ? ` · ${e.phone}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
