/**
 * /dashboard/clients/:id (issue 42; docs/decisions/037): one client. On a phone the top is what
 * the owner reaches for (call, text, navigate, book); then what they spent and have coming, the
 * record (edit), places with their notes, things served, next and past bookings, plans, and the
 * quotes sent them, and the messages sent with where their delivery stands.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ClientBooking, ClientDetail } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import { StatusBadge } from '@slotwise/ui/status-badge.tsx';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { DoorHangerLink } from '../../../components/door-hanger-link.tsx';
import { JobStepsButton } from '../../../components/job-steps-button.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PhotosButton } from '../../../components/photos-button.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { directionsLink, smsHref } from '../../../lib/contact-links.ts';
import { isNetworkError } from '../../../lib/errors.ts';
import { formatDay, formatTime } from '../../../lib/format.ts';
import { formatPhone, telHref } from '../../../lib/phone.ts';
import { useResource } from '../../../lib/resource.ts';
import { QUOTE_STATUS } from '../../quotes/quote-words.ts';
import { CLIENT_FAILED, clientName, loadClient, money } from '../clients-data.ts';
import { ClientPlaces, ClientThings } from './client-lists.tsx';
import { ClientPayments } from './client-payments.tsx';
import { ClientRecord } from './client-record.tsx';
import { ClientSavedCard } from './client-saved-card.tsx';
import '../clients.css';

const SOURCES: Record<ClientDetail['source'], string> = {
  widget: 'the booking form on your website',
  booking_page: 'your booking page',
  owner: 'you',
  quote: 'a quote',
  import: 'an import',
  earlier: 'bookings before the client list',
};

const FREQUENCIES: Record<ClientDetail['plans'][number]['frequency'], string> = {
  weekly: 'Every week',
  every_2_weeks: 'Every 2 weeks',
  every_4_weeks: 'Every 4 weeks',
  monthly: 'Every month',
};

export function ClientPage() {
  useSignals();
  const { id = '' } = useParams();
  const detail = useResource(
    () => loadClient(id),
    (err) => (isNetworkError(err) ? (err as Error).message : CLIENT_FAILED),
  );
  // Another client's page (a merge's result) loads its own.
  useEffect(() => {
    if (detail.data.value && detail.data.value._id !== id) void detail.refresh();
  }, [detail, id]);
  const c = detail.data.value?._id === id ? detail.data.value : undefined;
  if (!c)
    return detail.error.value ? (
      <section className="client-page">
        <h1>Client</h1>
        <LoadFailed message={detail.error.value} onRetry={() => void detail.refresh()} />
        <p>
          <Link to="/dashboard/clients">Back to Clients</Link>
        </p>
      </section>
    ) : (
      <Skeleton shape="page" />
    );
  const save = (next: ClientDetail) => detail.set(next);
  return (
    <section className="client-page">
      <p className="client-back">
        <Link to="/dashboard/clients">← Clients</Link>
      </p>
      <div className="page-head">
        <div>
          <h1>{clientName(c)}</h1>
          <p className="muted">
            Came from {SOURCES[c.source]}; a client since {formatDay(c.createdAt.slice(0, 10))}.
          </p>
        </div>
      </div>
      <ContactActions c={c} />
      <dl className="card client-totals" aria-label="Totals">
        <div>
          <dt>Spent</dt>
          <dd>{money(c.spentCents)}</dd>
        </div>
        <div>
          <dt>Visits done</dt>
          <dd>{c.totals.visits}</dd>
        </div>
        <div>
          <dt>Coming up</dt>
          <dd>{money(c.totals.upcomingCents)}</dd>
        </div>
        <div>
          <dt>Bookings</dt>
          <dd>{c.bookings}</dd>
        </div>
      </dl>
      <ClientRecord c={c} onSaved={save} />
      <ClientPlaces c={c} onSaved={save} />
      <ClientThings c={c} onSaved={save} />
      <ClientSavedCard clientId={c._id} />
      <Bookings title="Next bookings" rows={c.nextBookings} empty="Nothing booked." />
      <Bookings title="Past bookings" rows={c.pastBookings} empty="No past bookings." />
      <ClientPayments key={c._id} clientId={c._id} />
      <section className="card section" aria-labelledby="client-plans">
        <h2 id="client-plans">Plans</h2>
        {c.plans.length === 0 ? (
          <p className="muted">No plans.</p>
        ) : (
          <ul className="client-history">
            {c.plans.map((p) => (
              <li key={p._id}>
                <span>
                  <strong>{p.serviceName}</strong> · {FREQUENCIES[p.frequency]} from {formatDay(p.startDay)}
                </span>
                <span className="client-history-end">
                  {money(p.priceCents)} ·{' '}
                  {p.status === 'active' ? 'Active' : p.status === 'paused' ? 'Paused' : 'Ended'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card section" aria-labelledby="client-quotes">
        <h2 id="client-quotes">Quotes</h2>
        {c.quotes.length === 0 ? (
          <p className="muted">No quotes sent.</p>
        ) : (
          <ul className="client-history">
            {c.quotes.map((q) => (
              <li key={q._id}>
                <span>
                  <strong>{q.serviceName}</strong> · {formatUsd(q.totalQuote)}
                  {q.sentAt && <span className="muted"> · sent {formatDay(q.sentAt.slice(0, 10))}</span>}
                </span>
                <span className="client-history-end">
                  <span className={`sw-badge sw-badge--${QUOTE_STATUS[q.status].color}`}>
                    {QUOTE_STATUS[q.status].label}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/dashboard/quotes">All quotes</Link>
      </section>
      <section className="card section" aria-labelledby="client-messages">
        <h2 id="client-messages">Messages sent</h2>
        {c.messages.length === 0 ? (
          <p className="muted">No messages yet.</p>
        ) : (
          <ul className="client-history">
            {c.messages.map((m) => (
              <li key={m._id}>
                <span>
                  <strong>{m.name}</strong> · {m.channel === 'text' ? 'Text' : 'E-mail'} to{' '}
                  {m.channel === 'text' ? formatPhone(m.to) : m.to}
                  {m.reason && m.state === 'failed' && <span className="muted"> · {m.reason}</span>}
                </span>
                <span className={`client-message-state client-message-state--${m.state}`}>
                  {m.state === 'sent' ? 'Delivered' : m.state === 'failed' ? 'Not delivered' : 'Waiting to send'} ·{' '}
                  {formatDay(m.at.slice(0, 10))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** Tap to call, text or navigate, and Book: the phone's reasons to open a client. */
function ContactActions({ c }: { c: ClientDetail }) {
  const tel = telHref(c.phone);
  const sms = smsHref(c.phone);
  return (
    <div className="client-actions">
      {tel && (
        <a className="btn" href={tel}>
          Call
        </a>
      )}
      {sms && (
        <a className="btn" href={sms}>
          Text
        </a>
      )}
      {c.address && (
        <a className="btn" href={directionsLink(c.address)} target="_blank" rel="noopener noreferrer">
          Navigate<span className="visually-hidden"> to {c.address} (opens your map app)</span>
        </a>
      )}
      <Link className="btn btn--primary" to={`/dashboard/bookings/new?client=${c._id}`}>
        Book
      </Link>
    </div>
  );
}

function Bookings({ title, rows, empty }: { title: string; rows: ClientBooking[]; empty: string }) {
  const headingId = `client-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="client-history">
          {rows.map((b) => (
            <li key={b._id}>
              <span id={`client-booking-${b._id}`}>
                <strong>{formatDay(b.day)}</strong> at {formatTime(b.startTime)} · {b.serviceName}
              </span>
              <span className="client-history-end">
                {money(b.totalCents)} <StatusBadge status={b.status} />
                <JobStepsButton booking={b} describedBy={`client-booking-${b._id}`} />
                <PhotosButton booking={b} describedBy={`client-booking-${b._id}`} />
                <DoorHangerLink booking={b} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
