/**
 * A client's places (each with its own notes: a gate code, where to park) and the things served
 * for them (a vehicle, a pool: the answers that describe each), on their page, each with an
 * editor that sends the whole list (docs/decisions/037: kept by id, new without, missing removed).
 * Both are one ListSection: its heading and Edit, the list as shown, and the editor's rows,
 * Add, Save, Cancel and refusal.
 */
import type { ClientDetail } from '@slotwise/shared/api';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { client } from '../../../lib/api.ts';
import { directionsLink } from '../../../lib/contact-links.ts';
import { serverErrorOr } from '../../../lib/errors.ts';

type Saved = (next: ClientDetail) => void;

/** One row of a list being edited: `_id` kept for a row that was saved, none for a new one. */
type DraftRow = { _id?: string };

/** How one row of the editor is drawn: `set` changes it, `remove` takes it out. */
type RowEditor<R> = (
  row: R,
  i: number,
  edit: { fieldId: string; set: (change: Partial<R>) => void; remove: ReactNode },
) => ReactNode;

/**
 * A section of the client's page holding one list: shown as `view` (or `empty` when there is
 * nothing), and, after Edit, as a form of its rows that sends them all at once with `send`.
 */
function ListSection<R extends DraftRow>(props: {
  /** The heading's id, also what the Edit button and the rows' fields are named from. */
  headingId: string;
  title: string;
  /** What Edit edits, for a screen reader ("places"). */
  what: string;
  /** The rows the editor starts from: the list as saved. */
  rows: () => R[];
  blank: () => R;
  addLabel: string;
  saveLabel: string;
  /** "Remove" followed by what a screen reader hears of the row. */
  removeName: (row: R, i: number) => string;
  send: (rows: R[]) => Promise<ClientDetail>;
  onSaved: Saved;
  row: RowEditor<R>;
  /** How a row is laid out in the editor: a fieldset with a legend, or a plain group. */
  wrap: (row: R, i: number, children: ReactNode) => ReactNode;
  view: ReactNode;
}) {
  const id = useId();
  const [draft, setDraft] = useState<R[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editDraft = (change: (d: R[]) => R[]) => setDraft((d) => (d ? change(d) : d));

  async function save(event: FormEvent, rows: R[]) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      props.onSaved(await props.send(rows));
      setDraft(null);
    } catch (err) {
      setError(serverErrorOr(err, 'Saving failed. Please try again.', 'Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card section" aria-labelledby={props.headingId}>
      <div className="client-section-head">
        <h2 id={props.headingId}>{props.title}</h2>
        {!draft && (
          <button type="button" className="btn btn--small" onClick={() => setDraft(props.rows())}>
            Edit<span className="visually-hidden">{` ${props.what}`}</span>
          </button>
        )}
      </div>
      {draft ? (
        <form noValidate className="client-form" onSubmit={(e) => void save(e, draft)}>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          {draft.map((r, i) =>
            props.wrap(
              r,
              i,
              props.row(r, i, {
                fieldId: `${id}-${props.headingId}-${i}`,
                set: (change) => editDraft((d) => d.map((x, j) => (j === i ? { ...x, ...change } : x))),
                remove: (
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    onClick={() => editDraft((d) => d.filter((_, j) => j !== i))}
                  >
                    Remove<span className="visually-hidden">{` ${props.removeName(r, i)}`}</span>
                  </button>
                ),
              }),
            ),
          )}
          <div className="row section-actions">
            <button type="button" className="btn" onClick={() => editDraft((d) => [...d, props.blank()])}>
              {props.addLabel}
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Saving...' : props.saveLabel}
            </button>
            <button type="button" className="btn" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        props.view
      )}
    </section>
  );
}

type PlaceRow = DraftRow & { address: string; notes: string };

export function ClientPlaces({ c, onSaved }: { c: ClientDetail; onSaved: Saved }) {
  return (
    <ListSection<PlaceRow>
      headingId="client-places"
      title="Places"
      what="places"
      rows={() => c.addresses.map((a) => ({ ...a }))}
      blank={() => ({ address: '', notes: '' })}
      addLabel="Add a place"
      saveLabel="Save places"
      removeName={(_, i) => `place ${i + 1}`}
      send={(places) => client.dashboard.clientPlaces({ params: { id: c._id }, body: { places } })}
      onSaved={onSaved}
      wrap={(p, i, children) => (
        <fieldset key={p._id ?? `new-${i}`} className="client-place-edit">
          <legend>Place {i + 1}</legend>
          {children}
        </fieldset>
      )}
      row={(p, _, { fieldId, set, remove }) => (
        <>
          <div className="field">
            <label htmlFor={`${fieldId}-address`}>Address</label>
            <input
              id={`${fieldId}-address`}
              className="input"
              value={p.address}
              onChange={(e) => set({ address: e.currentTarget.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${fieldId}-notes`}>Notes for this place</label>
            <input
              id={`${fieldId}-notes`}
              className="input"
              placeholder="Gate code, where to park"
              value={p.notes}
              onChange={(e) => set({ notes: e.currentTarget.value })}
            />
          </div>
          {remove}
        </>
      )}
      view={
        c.addresses.length === 0 ? (
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
        )
      }
    />
  );
}

type ThingRow = DraftRow & { label: string };

export function ClientThings({ c, onSaved }: { c: ClientDetail; onSaved: Saved }) {
  return (
    <ListSection<ThingRow>
      headingId="client-things"
      title="Things served"
      what="things served"
      rows={() => c.things.map((t) => ({ _id: t._id, label: t.label }))}
      blank={() => ({ label: '' })}
      addLabel="Add a thing"
      saveLabel="Save things"
      removeName={(t, i) => t.label || `thing ${i + 1}`}
      send={(things) => client.dashboard.clientThings({ params: { id: c._id }, body: { things } })}
      onSaved={onSaved}
      wrap={(t, i, children) => (
        <div key={t._id ?? `new-${i}`} className="client-thing-edit">
          {children}
        </div>
      )}
      row={(t, _, { fieldId, set, remove }) => (
        <>
          <div className="field">
            <label htmlFor={fieldId}>Name</label>
            <input
              id={fieldId}
              className="input"
              placeholder="2019 Honda CR-V"
              value={t.label}
              onChange={(e) => set({ label: e.currentTarget.value })}
            />
          </div>
          {remove}
        </>
      )}
      view={
        c.things.length === 0 ? (
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
        )
      }
    />
  );
}
