/**
 * Adding or editing a crew (Settings > Crews, issue 25), in a dialog: its name and colour,
 * whether it takes jobs, its hours (the business's or its own week), where its day starts
 * (the business address or another), and the services it does. Remove is here too. The
 * server's refusals (LAST_CREW, CREW_HAS_BOOKINGS, an address it cannot place) are shown
 * in its own words, which are written for the owner.
 */
import type { Crew, CrewsResponse, Service } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { type FormEvent, useId, useState } from 'react';
import { AddressSearch } from '../../../components/address-search.tsx';
import { CrewDot } from '../../../components/crew-chip.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError, serverErrorOr } from '../../../lib/errors.ts';
import { CREW_COLOURS, type CrewDraft, colourWarning, draftFrom, HEX, toCrewRequest } from '../crews.ts';
import { type DayRow, rowsFrom } from '../hours.ts';
import { WeekHoursFields } from './week-hours-fields.tsx';

const SAVE_FAILED = 'Failed to save the crew. Please try again.';
const REMOVE_FAILED = 'Failed to remove the crew. Please try again.';

type Problem = { text: string; detail: string | null; canPause?: boolean };

function problemOf(err: unknown, fallback: string): Problem {
  return {
    text: serverErrorOr(err, fallback),
    detail: isNetworkError(err) ? (err as Error).message : null,
    // A crew with jobs ahead cannot go; pausing it keeps them and stops new ones.
    canPause: err instanceof ApiError && err.code === 'CREW_HAS_BOOKINGS',
  };
}

/** Two choices as radio buttons, the second revealing more of the form. */
function Choice({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly [first: string, second: string];
  /** True: the second option. */
  value: boolean;
  onChange: (second: boolean) => void;
}) {
  return (
    <fieldset className="crew-choice">
      <legend>{legend}</legend>
      {options.map((label, i) => (
        <label key={label} className="clock-option">
          <input type="radio" name={name} checked={value === (i === 1)} onChange={() => onChange(i === 1)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

export function CrewForm({
  crew,
  crews,
  services,
  onSaved,
  onRemoved,
  onClose,
}: {
  /** null: a new crew. */
  crew: Crew | null;
  crews: readonly Crew[];
  /** The business's services; undefined while they load or when they could not be. */
  services: readonly Service[] | undefined;
  onSaved: (crew: Crew) => void;
  onRemoved: (answer: CrewsResponse) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<CrewDraft>(() => draftFrom(crew, crews));
  const [busy, setBusy] = useState(false);
  const [seeding, setSeeding] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const change = (part: Partial<CrewDraft>) => setDraft((d) => ({ ...d, ...part }));

  function updateDay(day: DayRow['day'], part: Partial<DayRow>) {
    setDraft((d) => ({ ...d, rows: d.rows?.map((r) => (r.day === day ? { ...r, ...part } : r)) ?? null }));
  }

  /** A crew's own week starts as a copy of the business hours, which are read when first needed. */
  async function chooseOwnHours(own: boolean) {
    change({ ownHours: own });
    if (!own || draft.rows || seeding) return;
    setSeeding(true);
    let rows: DayRow[];
    try {
      rows = rowsFrom(await client.dashboard.availability());
    } catch {
      rows = rowsFrom([]);
    }
    setDraft((d) => ({ ...d, rows: d.rows ?? rows }));
    setSeeding(false);
  }

  async function send(next: CrewDraft) {
    const checked = toCrewRequest(next, services ?? []);
    if (!checked.ok) {
      setProblem({ text: checked.error, detail: null });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = crew
        ? await client.dashboard.editCrew({ params: { id: crew._id }, body: checked.value })
        : await client.dashboard.createCrew({ body: checked.value });
      onSaved(saved);
    } catch (err) {
      setProblem(problemOf(err, SAVE_FAILED));
      setBusy(false);
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (!busy) void send(draft);
  }

  async function pauseInstead() {
    const paused = { ...draft, active: false };
    setDraft(paused);
    await send(paused);
  }

  async function remove() {
    if (!crew || busy) return;
    if (
      !window.confirm(
        `Remove the crew "${crew.name}"? New bookings will no longer go to it. Its past jobs stay in your bookings.`,
      )
    )
      return;
    setBusy(true);
    setProblem(null);
    try {
      onRemoved(await client.dashboard.deleteCrew({ params: { id: crew._id } }));
    } catch (err) {
      setProblem(problemOf(err, REMOVE_FAILED));
      setBusy(false);
    }
  }

  const warning = colourWarning(draft.color);
  return (
    <Modal title={crew ? `Edit ${crew.name}` : 'Add a crew'} onClose={onClose} wide>
      <form className="crew-form" onSubmit={save} noValidate aria-label={crew ? `Edit ${crew.name}` : 'Add a crew'}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            className="input"
            type="text"
            maxLength={60}
            placeholder='"Truck 2" or "Sam"'
            autoComplete="off"
            data-autofocus
            value={draft.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
          />
        </div>

        <fieldset className="crew-colours">
          <legend>Colour</legend>
          <div className="crew-swatches">
            {CREW_COLOURS.map((c) => (
              <label key={c.hex} className="crew-swatch" title={c.name}>
                <input
                  type="radio"
                  name={`${id}-colour`}
                  value={c.hex}
                  aria-label={c.name}
                  checked={draft.color.trim().toLowerCase() === c.hex}
                  onChange={() => change({ color: c.hex })}
                />
                <span style={{ background: c.hex }} aria-hidden="true" />
              </label>
            ))}
          </div>
          <div className="crew-hex">
            <label htmlFor={`${id}-hex`}>Hex colour</label>
            <CrewDot color={HEX.test(draft.color.trim()) ? draft.color.trim() : 'transparent'} />
            <input
              id={`${id}-hex`}
              className="input crew-hex-input"
              type="text"
              maxLength={7}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={warning ? `${id}-hex-warning` : undefined}
              value={draft.color}
              onChange={(e) => change({ color: e.currentTarget.value })}
            />
          </div>
          {warning && (
            <p id={`${id}-hex-warning`} className="hint crew-warning">
              {warning}
            </p>
          )}
        </fieldset>

        <div className="crew-group">
          <label className="switch-label">
            <input
              type="checkbox"
              role="switch"
              className="switch"
              checked={draft.active}
              aria-checked={draft.active}
              aria-describedby={`${id}-active-hint`}
              onChange={(e) => change({ active: e.currentTarget.checked })}
            />
            Takes jobs
          </label>
          <p id={`${id}-active-hint`} className="hint">
            Off: the crew is paused. It keeps the jobs it has and gets no new ones.
          </p>
        </div>

        <div className="crew-group">
          <Choice
            legend="Hours"
            name={`${id}-hours`}
            options={['Same as business hours', 'Own hours']}
            value={draft.ownHours}
            onChange={(own) => void chooseOwnHours(own)}
          />
          {draft.ownHours &&
            (draft.rows ? (
              <WeekHoursFields
                rows={draft.rows}
                legend={`${draft.name.trim() || 'The crew'}'s hours`}
                words={['Works', 'Off']}
                onChange={updateDay}
                onToggle={(r) => updateDay(r.day, { enabled: !r.enabled })}
              />
            ) : (
              <Skeleton shape="list" rows={7} />
            ))}
        </div>

        <div className="crew-group">
          <Choice
            legend="Starts the day from"
            name={`${id}-start`}
            options={['Business address', 'Another address']}
            value={draft.ownStart}
            onChange={(own) => change({ ownStart: own })}
          />
          {draft.ownStart && (
            <AddressSearch label="Start address" selected={draft.start} onSelect={(start) => change({ start })} />
          )}
        </div>

        <div className="crew-group">
          <Choice
            legend="Services"
            name={`${id}-services`}
            options={['Every service', 'Only some services']}
            value={!draft.everyService}
            onChange={(some) => change({ everyService: !some })}
          />
          {!draft.everyService &&
            (services === undefined ? (
              <Skeleton rows={2} />
            ) : services.length === 0 ? (
              <p className="hint">You have no services yet. Add them on the Services page.</p>
            ) : (
              <fieldset className="crew-services">
                <legend className="visually-hidden">Services the crew does</legend>
                {services.map((s) => (
                  <label key={s._id} className="clock-option">
                    <input
                      type="checkbox"
                      checked={draft.serviceIds.includes(s._id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setDraft((d) => ({
                          ...d,
                          serviceIds: on ? [...d.serviceIds, s._id] : d.serviceIds.filter((x) => x !== s._id),
                        }));
                      }}
                    />
                    {s.serviceName}
                  </label>
                ))}
              </fieldset>
            ))}
        </div>

        {problem && (
          <div className="crew-problem">
            <Notice kind="error" detail={problem.detail}>
              {problem.text}
            </Notice>
            {problem.canPause && draft.active && (
              <button type="button" className="btn" disabled={busy} onClick={() => void pauseInstead()}>
                Pause this crew instead
              </button>
            )}
          </div>
        )}
        <div className="crew-actions">
          {crew && (
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void remove()}>
              Remove crew
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : crew ? 'Save crew' : 'Add crew'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
