/**
 * Who the booking is for: a client of the list, searched as the owner types (name, phone, e-mail
 * or street; GET clients), or a new client's name and contact. A list of buttons under the box,
 * so a keyboard reaches each with Tab and a screen reader hears each as a button.
 */
import type { ClientSummary } from '@slotwise/shared/api';
import { useEffect, useId, useRef, useState } from 'react';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';

const SEARCH_DEBOUNCE_MS = 200;
const SHOWN = 8;

export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const NO_NEW_CLIENT: NewClient = { firstName: '', lastName: '', email: '', phone: '' };

/** The choice: a client of the list, a new client being typed, or nothing yet. */
export type ClientChoice = { kind: 'existing'; client: ClientSummary } | { kind: 'new'; contact: NewClient } | null;

/** What was searched starts the new client: an e-mail, a phone number, or a name. */
function contactFromSearch(query: string): NewClient {
  if (query.includes('@')) return { ...NO_NEW_CLIENT, email: query };
  if (/\d/.test(query)) return { ...NO_NEW_CLIENT, phone: query };
  const [firstName = '', ...rest] = query.split(/\s+/);
  return { ...NO_NEW_CLIENT, firstName, lastName: rest.join(' ') };
}

function fullName(c: Pick<ClientSummary, 'firstName' | 'lastName'>): string {
  return `${c.firstName} ${c.lastName}`.trim();
}

export function ClientPicker({ choice, onChoose }: { choice: ClientChoice; onChoose: (choice: ClientChoice) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<ClientSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const query = text.trim();
  useEffect(() => {
    if (query === '') {
      setFound(null);
      return;
    }
    let stale = false;
    const timer = setTimeout(async () => {
      try {
        const page = await client.dashboard.clients({ query: { q: query, limit: SHOWN } });
        if (stale) return;
        setFound(page.clients);
        setError(null);
      } catch (err) {
        if (!stale) setError(serverErrorOr(err, 'Searching your clients failed. Please try again.'));
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);

  if (choice?.kind === 'existing') {
    const c = choice.client;
    return (
      <div className="nb-chosen">
        <div>
          <p className="nb-chosen-name">{fullName(c)}</p>
          <p className="muted">{[c.phone, c.email].filter(Boolean).join(' · ') || 'No contact details'}</p>
        </div>
        <button type="button" className="btn btn--small" onClick={() => onChoose(null)}>
          Change client
        </button>
      </div>
    );
  }

  if (choice?.kind === 'new') return <NewClientFields contact={choice.contact} onChoose={onChoose} />;

  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={`${id}-search`}>Find a client</label>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          autoComplete="off"
          placeholder="Name, phone, e-mail or street"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {found && (
        <ul className="nb-results" aria-label="Matching clients">
          {found.length === 0 && <li className="muted">No client matches “{query}”.</li>}
          {found.map((c) => (
            <li key={c._id}>
              <button type="button" className="nb-result" onClick={() => onChoose({ kind: 'existing', client: c })}>
                <span className="nb-chosen-name">{fullName(c)}</span>
                <span className="muted">{[c.phone, c.email, c.address].filter(Boolean).join(' · ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => {
            onChoose({ kind: 'new', contact: contactFromSearch(query) });
          }}
        >
          New client
        </button>
      </div>
    </div>
  );
}

/** A new client's name and contact; the first name focused as they open (a keyboard goes on from there). */
function NewClientFields({ contact, onChoose }: { contact: NewClient; onChoose: (choice: ClientChoice) => void }) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const set = (patch: Partial<NewClient>) => onChoose({ kind: 'new', contact: { ...contact, ...patch } });
  return (
    <div className="stack">
      <div className="nb-row">
        <div className="field">
          <label htmlFor={`${id}-first`}>First name</label>
          <input
            ref={first}
            id={`${id}-first`}
            className="input"
            autoComplete="off"
            value={contact.firstName}
            onChange={(e) => set({ firstName: e.currentTarget.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>Last name</label>
          <input
            id={`${id}-last`}
            className="input"
            autoComplete="off"
            value={contact.lastName}
            onChange={(e) => set({ lastName: e.currentTarget.value })}
          />
        </div>
      </div>
      <div className="nb-row">
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone</label>
          <input
            id={`${id}-phone`}
            className="input"
            type="tel"
            autoComplete="off"
            placeholder="+1 512 555 0123"
            aria-describedby={`${id}-contact-hint`}
            value={contact.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>E-mail</label>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            autoComplete="off"
            value={contact.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
          />
        </div>
      </div>
      <p id={`${id}-contact-hint`} className="hint">
        A phone number (with its country code) or an e-mail, or both.
      </p>
      <div>
        <button type="button" className="btn btn--small" onClick={() => onChoose(null)}>
          Search your clients instead
        </button>
      </div>
    </div>
  );
}
