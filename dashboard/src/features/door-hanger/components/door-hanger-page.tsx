/**
 * The door-hanger (issue 45 item 4; docs/decisions/058): a printable card to leave on the neighbours'
 * doors after a job, "Your neighbour on Oak St booked us on Tuesday: book the same day, we're already
 * nearby.", with a QR code (drawn by the server) opening the booking page on a coming Tuesday. Two
 * half-letter cards to a letter page, cut along the middle; the screen shows them smaller, with the
 * day to print and Print. A lazy page of its own (app/router.tsx), reached from a booking's Door-hanger.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { longDate } from '@slotwise/shared/time-zone';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import '../door-hanger.css';

const LOAD_FAILED = 'Failed to load the door-hanger.';

export function DoorHangerPage() {
  const { id = '' } = useParams();
  return <Hanger key={id} bookingId={id} />;
}

function Hanger({ bookingId }: { bookingId: string }) {
  useSignals();
  const card = useResource(
    () => client.dashboard.doorHanger({ params: { id: bookingId } }),
    (err) => serverErrorOr(err, LOAD_FAILED),
  );
  const [chosen, setChosen] = useState(0);
  const data = card.data.value;
  const day = data?.days[chosen] ?? data?.days[0];

  return (
    <section className="door-hanger-page">
      <div className="page-head door-hanger-controls">
        <div>
          <h1>Door-hanger</h1>
          <p className="muted">
            Print it and leave it on the neighbours' doors. It names the street only, never your customer.
          </p>
        </div>
        <Link className="btn btn--small" to="/dashboard/calendar">
          Back to the calendar
        </Link>
      </div>
      {card.error.value ? (
        <div className="notice notice--error" role="alert">
          <p>{card.error.value}</p>
          <button type="button" className="btn btn--small" onClick={() => void card.refresh()}>
            Try again
          </button>
        </div>
      ) : !data || !day ? (
        <Skeleton shape="list" rows={3} />
      ) : (
        <>
          <div className="card door-hanger-controls door-hanger-form">
            <div className="field">
              <label htmlFor="door-hanger-day">{`The ${data.weekday} the code opens`}</label>
              <select
                id="door-hanger-day"
                className="input"
                value={chosen}
                onChange={(e) => setChosen(Number(e.currentTarget.value))}
              >
                {data.days.map((d, i) => (
                  <option key={d.day} value={i}>
                    {longDate(d.day)}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="btn btn--primary" onClick={() => window.print()}>
              Print
            </button>
          </div>
          {/* Two to a page: cut along the middle. */}
          <div className="door-hanger-sheet">
            {[0, 1].map((copy) => (
              <article key={copy} className="door-hanger-card" aria-hidden={copy === 1 ? true : undefined}>
                <div className="door-hanger-text">
                  <p className="door-hanger-business">{data.businessName}</p>
                  <p className="door-hanger-sentence">{data.sentence}</p>
                  <p className="door-hanger-when">{`Scan to book ${longDate(day.day)}.`}</p>
                  <p className="door-hanger-url">{day.bookingUrl}</p>
                </div>
                <img
                  className="door-hanger-qr"
                  src={day.qrSvgUrl}
                  alt={copy === 0 ? `QR code: the booking page on ${longDate(day.day)}` : ''}
                  width={180}
                  height={180}
                />
              </article>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
