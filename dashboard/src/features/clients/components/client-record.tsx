/**
 * A client's record on their page (docs/decisions/037): contact, consent, tags and the owner's
 * private notes, and its edit form. The server words every refusal (a phone number it cannot
 * read, an e-mail that is not one); the form shows it as it came.
 */
import type { ClientDetail } from '@slotwise/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { formatPhone } from '../../../lib/phone.ts';

export function ClientRecord({ c, onSaved }: { c: ClientDetail; onSaved: (next: ClientDetail) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="card section" aria-labelledby="client-record">
      <div className="client-section-head">
        <h2 id="client-record">Details</h2>
        {!editing && (
          <button type="button" className="btn btn--small" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> details</span>
          </button>
        )}
      </div>
      {editing ? (
        <RecordForm
          c={c}
          onDone={(next) => {
            if (next) onSaved(next);
            setEditing(false);
          }}
        />
      ) : (
        <dl className="client-record">
          <div>
            <dt>E-mail</dt>
            <dd>{c.email || 'None'}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{c.phone ? formatPhone(c.phone) : 'None'}</dd>
          </div>
          <div>
            <dt>Consent</dt>
            <dd>
              {c.textsConsent ? 'Texts about bookings: yes' : 'Texts about bookings: no'};{' '}
              {c.marketingConsent ? 'marketing: yes' : 'marketing: no'}
            </dd>
          </div>
          <div>
            <dt>Tags</dt>
            <dd>
              {c.tags.length === 0 ? (
                'None'
              ) : (
                <ul className="client-tags">
                  {c.tags.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <div className="client-record-notes">
            <dt>Private notes</dt>
            <dd>{c.notes || 'None'}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function RecordForm({ c, onDone }: { c: ClientDetail; onDone: (next?: ClientDetail) => void }) {
  const id = useId();
  const [form, setForm] = useState({
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    notes: c.notes,
    tags: c.tags.join(', '),
    textsConsent: c.textsConsent,
    marketingConsent: c.marketingConsent,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const tags = form.tags
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '');
      onDone(await client.dashboard.updateClient({ params: { id: c._id }, body: { ...form, tags } }));
    } catch (err) {
      setError(serverErrorOr(err, 'Saving failed. Please try again.', 'Check your connection and try again.'));
      setBusy(false);
    }
  }

  const text = (key: 'firstName' | 'lastName' | 'email' | 'phone', label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        type={type}
        value={form[key]}
        onChange={(e) => set({ [key]: e.currentTarget.value })}
      />
    </div>
  );
  return (
    <form onSubmit={save} noValidate className="client-form">
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="client-form-grid">
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
        {text('email', 'E-mail', 'email')}
        {text('phone', 'Phone', 'tel')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-tags`}>Tags</label>
        <input
          id={`${id}-tags`}
          className="input"
          aria-describedby={`${id}-tags-hint`}
          value={form.tags}
          onChange={(e) => set({ tags: e.currentTarget.value })}
        />
        <p id={`${id}-tags-hint`} className="hint">
          Separate tags with commas, like: VIP, fleet.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-notes`}>Private notes</label>
        <textarea
          id={`${id}-notes`}
          className="input"
          rows={4}
          value={form.notes}
          onChange={(e) => set({ notes: e.currentTarget.value })}
        />
      </div>
      <label className="client-check">
        <input
          type="checkbox"
          checked={form.textsConsent}
          onChange={(e) => set({ textsConsent: e.currentTarget.checked })}
        />{' '}
        Agreed to texts about their bookings
      </label>
      <label className="client-check">
        <input
          type="checkbox"
          checked={form.marketingConsent}
          onChange={(e) => set({ marketingConsent: e.currentTarget.checked })}
        />{' '}
        Agreed to marketing
      </label>
      <div className="row section-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save details'}
        </button>
        <button type="button" className="btn" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
