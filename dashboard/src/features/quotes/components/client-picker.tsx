/**
 * The New quote form's "Find a client" (the clients foundation, docs/decisions/037): the owner types
 * part of a name, e-mail, phone or street and picks one of the business's clients, whose contact
 * and last address fill the form; or types a new contact below, who becomes a client with the quote.
 */
import type { ClientSummary } from '@slotwise/shared/api';
import { useEffect, useId, useState } from 'react';
import { client } from '../../../lib/api.ts';

const SEARCH_DEBOUNCE_MS = 250;

export function ClientPicker({
  chosen,
  onPick,
}: {
  /** The client picked, by name; null: a new contact. */
  chosen: string | null;
  onPick: (picked: ClientSummary | null) => void;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ClientSummary[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const text = q.trim();
    if (!text) {
      setFound([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      client.dashboard.clients({ query: { q: text, sort: 'name', limit: 6 } }).then(
        (r) => {
          if (!live) return;
          setFound(r.clients);
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);

  if (chosen)
    return (
      <p className="quote-client">
        Client: <strong>{chosen}</strong>{' '}
        <button type="button" className="btn btn--small" onClick={() => onPick(null)}>
          New contact instead
        </button>
      </p>
    );
  return (
    <div className="field">
      <label htmlFor={`${id}-q`}>Find a client</label>
      <input
        className="input"
        id={`${id}-q`}
        type="search"
        autoComplete="off"
        placeholder="Name, e-mail, phone or street"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {failed && <p className="muted">We could not search your clients; type the contact below.</p>}
      {found.length > 0 && (
        <ul className="quote-client-list" aria-label="Clients found">
          {found.map((c) => (
            <li key={c._id}>
              <button
                type="button"
                className="btn btn--small"
                onClick={() => {
                  setQ('');
                  onPick(c);
                }}
              >
                {`${c.firstName} ${c.lastName}`.trim() || c.email || c.phone}
                <span className="muted"> {c.email || c.phone}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
