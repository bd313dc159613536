/**
 * A client's places (each with its own notes: a gate code, where to park) and the things served
 * for them (a vehicle, a pool: the answers that describe each), on their page, each with an
 * editor that sends the whole list (docs/decisions/037: kept by id, new without, missing removed).
 */
import type { ClientDetail } from '@slotwise/shared/api';
import { type FormEvent, useId, useState } from 'react';
import { client } from '../../../lib/api.ts';
import { directionsLink } from '../../../lib/contact-links.ts';
import { serverErrorOr } from '../../../lib/errors.ts';

type Saved = (next: ClientDetail) => void;

/** The Save / Cancel of a list editor, and its refusal. */
function useListSave(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(event: FormEvent, send: () => Promise<void>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send();
      onDone();
    } catch (err) {
      setError(serverErrorOr(err, 'Saving failed. Please try again.', 'Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}

export function ClientPlaces({ c, onSaved }: { c: ClientDetail; onSaved: Saved }) {
  const id = useId();
  const [draft, setDraft] = useState<{ _id?: string; address: string; notes: string }[] | null>(null);
  const editDraft = (change: (d: NonNullable<typeof draft>) => NonNullable<typeof draft>) =>
    setDraft((d) => (d ? change(d) : d));
  const save = useListSave(() => setDraft(null));
  return (
    <section className="card section" aria-labelledby="client-places">
      <div className="client-section-head">
        <h2 id="client-places">Places</h2>
        {!draft && (
          <button type="button" className="btn btn--small" onClick={() => setDraft(c.addresses.map((a) => ({ ...a })))}>
            Edit<span className="visually-hidden"> places</span>
          </button>
        )}
      </div>
      {draft ? (
        <form
          noValidate
          className="client-form"
          onSubmit={(e) =>
            void save.run(e, async () =>
              onSaved(await client.dashboard.clientPlaces({ params: { id: c._id }, body: { places: draft } })),
            )
          }
        >
          {save.error && (
            <p className="notice notice--error" role="alert">
              {save.error}
            </p>
          )}
          {draft.map((p, i) => (
            <fieldset key={p._id ?? `new-${i}`} className="client-place-edit">
              <legend>Place {i + 1}</legend>
              <div className="field">
                <label htmlFor={`${id}-address-${i}`}>Address</label>
                <input
                  id={`${id}-address-${i}`}
                  className="input"
                  value={p.address}
                  onChange={(e) => {
                    const address = e.currentTarget.value;
                    editDraft((d) => d.map((x, j) => (j === i ? { ...x, address } : x)));
                  }}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-notes-${i}`}>Notes for this place</label>
                <input
                  id={`${id}-notes-${i}`}
                  className="input"
                  placeholder="Gate code, where to park"
                  value={p.notes}
                  onChange={(e) => {
                    const notes = e.currentTarget.value;
                    editDraft((d) => d.map((x, j) => (j === i ? { ...x, notes } : x)));
                  }}
                />
              </div>
              <button
                type="button"
                className="btn btn--small btn--danger"
                onClick={() => editDraft((d) => d.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> place {i + 1}</span>
              </button>
            </fieldset>
          ))}
          <div className="row section-actions">
            <button type="button" className="btn" onClick={() => editDraft((d) => [...d, { address: '', notes: '' }])}>
              Add a place
            </button>
            <button type="submit" className="btn btn--primary" disabled={save.busy}>
              {save.busy ? 'Saving...' : 'Save places'}
            </button>
            <button type="button" className="btn" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : c.addresses.length === 0 ? (
        <p className="muted">No places yet.</p>
      ) : (
        <ul className="client-history">
          {c.addresses.map((a) => (
            <li key={a._id}>
              <span>
                <a href={directionsLink(a.address)} target="_blank" rel="noopener noreferrer">
                  {a.address}
                </a>
                {a.notes && <span className="client-place-notes">{a.notes}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ClientThings({ c, onSaved }: { c: ClientDetail; onSaved: Saved }) {
  const id = useId();
  const [draft, setDraft] = useState<{ _id?: string; label: string }[] | null>(null);
  const editDraft = (change: (d: NonNullable<typeof draft>) => NonNullable<typeof draft>) =>
    setDraft((d) => (d ? change(d) : d));
  const save = useListSave(() => setDraft(null));
  return (
    <section className="card section" aria-labelledby="client-things">
      <div className="client-section-head">
        <h2 id="client-things">Things served</h2>
        {!draft && (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setDraft(c.things.map((t) => ({ _id: t._id, label: t.label })))}
          >
            Edit<span className="visually-hidden"> things served</span>
          </button>
        )}
      </div>
      {draft ? (
        <form
          noValidate
          className="client-form"
          onSubmit={(e) =>
            void save.run(e, async () =>
              onSaved(await client.dashboard.clientThings({ params: { id: c._id }, body: { things: draft } })),
            )
          }
        >
          {save.error && (
            <p className="notice notice--error" role="alert">
              {save.error}
            </p>
          )}
          {draft.map((t, i) => (
            <div key={t._id ?? `new-${i}`} className="client-thing-edit">
              <div className="field">
                <label htmlFor={`${id}-thing-${i}`}>Name</label>
                <input
                  id={`${id}-thing-${i}`}
                  className="input"
                  placeholder="2019 Honda CR-V"
                  value={t.label}
                  onChange={(e) => {
                    const label = e.currentTarget.value;
                    editDraft((d) => d.map((x, j) => (j === i ? { ...x, label } : x)));
                  }}
                />
              </div>
              <button
                type="button"
                className="btn btn--small btn--danger"
                onClick={() => editDraft((d) => d.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> {t.label || `thing ${i + 1}`}</span>
              </button>
            </div>
          ))}
          <div className="row section-actions">
            <button type="button" className="btn" onClick={() => editDraft((d) => [...d, { label: '' }])}>
              Add a thing
            </button>
            <button type="submit" className="btn btn--primary" disabled={save.busy}>
              {save.busy ? 'Saving...' : 'Save things'}
            </button>
            <button type="button" className="btn" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : c.things.length === 0 ? (
        <p className="muted">Nothing yet: a booking's answers add the vehicle, pool or lawn they describe.</p>
      ) : (
        <ul className="client-history">
          {c.things.map((t) => (
            <li key={t._id}>
              <span>
                <strong>{t.label}</strong>
                {t.answers.length > 0 && (
                  <span className="client-place-notes">
                    {t.answers.map((a) => `${a.question} ${a.answer}`).join('; ')}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
