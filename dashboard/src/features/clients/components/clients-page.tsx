/**
 * /dashboard/clients (issue 42; docs/decisions/037): the people the business serves, searched by
 * name, phone, e-mail or street as the owner types (asked after a short pause, the query and sort
 * kept in the address so Back returns to them), sorted by last visit, next visit, money spent or
 * name; and the records that may be one person, to merge. A lazy page (app/router.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ClientSummary } from '@slotwise/shared/api';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { isNetworkError } from '../../../lib/errors.ts';
import { newBookingHref } from '../../../lib/new-booking-link.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { useResource } from '../../../lib/resource.ts';
import {
  type ClientSort,
  clientName,
  LIST_FAILED,
  loadClients,
  money,
  parseSort,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PARAM,
  SORT_PARAM,
  SORTS,
  visitText,
} from '../clients-data.ts';
import { PossibleDuplicates } from './possible-duplicates.tsx';
import '../clients.css';

export function ClientsPage() {
  useSignals();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get(SEARCH_PARAM) ?? '';
  const sort = parseSort(params.get(SORT_PARAM));
  const [typed, setTyped] = useState(q);
  const wanted = useRef({ q, sort });
  wanted.current = { q, sort };
  const asked = useRef<{ q: string; sort: ClientSort } | null>(null);
  const list = useResource(
    async () => {
      const query = wanted.current;
      asked.current = query;
      return { query, answer: await loadClients(query.q, query.sort) };
    },
    (err) => (isNetworkError(err) ? (err as Error).message : LIST_FAILED),
  );

  useEffect(() => {
    if (asked.current?.q !== q || asked.current.sort !== sort) void list.refresh();
  }, [list, q, sort]);

  // Back and Forward change the address: the box follows it.
  useEffect(() => setTyped(q), [q]);

  // The address follows the box after a pause; one history entry per search, replaced while typing.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (typed.trim() === '') p.delete(SEARCH_PARAM);
          else p.set(SEARCH_PARAM, typed.trim());
          return p;
        },
        { replace: q !== '' },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  function chooseSort(next: ClientSort) {
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set(SORT_PARAM, next);
      return p;
    });
  }

  const data = list.data.value;
  const rows = data?.answer.clients;
  const stale = !data || data.query.q !== q || data.query.sort !== sort;

  return (
    <section className="clients-page">
      <div className="page-head">
        <div>
          <h1>Clients</h1>
          <p className="muted">Everyone who booked you, with their places, visits and what they spent.</p>
        </div>
        <div className="clients-head-actions">
          <Link className="btn btn--primary btn--small" to={newBookingHref()}>
            + New booking
          </Link>
          <Link className="btn btn--small" to="/dashboard/clients/import">
            Import or export
          </Link>
        </div>
      </div>
      <PossibleDuplicates />
      <div className="card section clients-controls">
        <div className="field">
          <label htmlFor={`${id}-search`}>Search clients</label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            placeholder="Name, phone, e-mail or street"
            autoComplete="off"
            maxLength={100}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            className="input"
            value={sort}
            onChange={(e) => chooseSort(e.currentTarget.value as ClientSort)}
          >
            {SORTS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.error.value && !rows ? (
        <LoadFailed message={list.error.value} onRetry={() => void list.refresh()} />
      ) : !rows ? (
        <Skeleton shape="list" />
      ) : rows.length === 0 ? (
        <p className="empty-state card">
          {q ? `No client matches “${q}”.` : 'No clients yet: everyone who books you appears here.'}
        </p>
      ) : (
        <ul className="clients-list" aria-label="Clients" aria-busy={stale || list.loading.value}>
          {rows.map((c) => (
            <ClientRow key={c._id} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClientRow({ c }: { c: ClientSummary }) {
  return (
    <li className="card client-row">
      <Link className="client-row-name" to={`/dashboard/clients/${c._id}`}>
        {clientName(c)}
      </Link>
      <span className="client-row-contact muted">{c.phone ? formatPhone(c.phone) : c.email || 'No phone'}</span>
      <dl className="client-row-figures">
        <div>
          <dt>Last visit</dt>
          <dd>{visitText(c.lastVisit)}</dd>
        </div>
        <div>
          <dt>Next visit</dt>
          <dd>{visitText(c.nextVisit)}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd>{money(c.spentCents)}</dd>
        </div>
      </dl>
    </li>
  );
}
