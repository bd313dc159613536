import { useSignals } from '@preact/signals-react/runtime';
import type { OperationsSettings } from '@slotwise/shared/api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import { type ChangeCutoff, CUTOFF_CHOICES, formFrom, type OperationsForm, toSettings } from '../operations.ts';

const OPERATIONS_SAVED = 'Operations settings updated successfully!';
const OPERATIONS_SAVE_FAILED = 'Failed to update operations settings. Please try again.';
const OPERATIONS_LOAD_FAILED = 'Failed to load operations settings.';

function Form({
  initial,
  onSaved,
  flash,
}: {
  initial: OperationsSettings;
  onSaved: (s: OperationsSettings) => void;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [form, setForm] = useState<OperationsForm>(() => formFrom(initial));
  const [saving, setSaving] = useState(false);
  const change = (part: Partial<OperationsForm>) => setForm((f) => ({ ...f, ...part }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = toSettings(form);
    if (!checked.ok) {
      flash({ kind: 'error', text: checked.error });
      return;
    }
    setSaving(true);
    try {
      const saved = await client.dashboard.updateOperations({ body: checked.value });
      setForm(formFrom(saved));
      onSaved(saved);
      flash({ kind: 'success', text: OPERATIONS_SAVED });
    } catch (err) {
      flash({ kind: 'error', text: OPERATIONS_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate>
      <fieldset className="ops-group">
        <legend>Travel</legend>
        <label className="ops-switch">
          <input
            type="checkbox"
            role="switch"
            className="switch"
            checked={form.travel}
            aria-checked={form.travel}
            onChange={(e) => change({ travel: e.currentTarget.checked })}
          />
          <span>I travel to my customers</span>
        </label>
        <p className="hint">
          When on, a time is offered only if you can drive there from your previous job (or your business address) and
          on to the next one.
        </p>
        <div className="ops-numbers">
          <div className="field">
            <label htmlFor={`${id}-speed`}>Average speed (mph)</label>
            <input
              id={`${id}-speed`}
              className="input"
              type="number"
              inputMode="numeric"
              min={5}
              max={80}
              step={1}
              disabled={!form.travel}
              value={form.speedMph}
              onChange={(e) => change({ speedMph: e.currentTarget.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-buffer`}>Buffer (minutes)</label>
            <input
              id={`${id}-buffer`}
              className="input"
              type="number"
              inputMode="numeric"
              min={0}
              max={240}
              step={5}
              disabled={!form.travel}
              aria-describedby={`${id}-buffer-hint`}
              value={form.bufferMinutes}
              onChange={(e) => change({ bufferMinutes: e.currentTarget.value })}
            />
            <p id={`${id}-buffer-hint`} className="hint">
              Added to every drive, for parking and setting up.
            </p>
          </div>
        </div>
        <div className="field ops-wide">
          <label htmlFor={`${id}-vehicle-cost`}>Vehicle cost per mile ($)</label>
          <input
            id={`${id}-vehicle-cost`}
            className="input"
            type="text"
            inputMode="decimal"
            placeholder="0.00"
            aria-describedby={`${id}-vehicle-cost-hint`}
            value={form.vehicleCostPerMile}
            onChange={(e) => change({ vehicleCostPerMile: e.currentTarget.value })}
          />
          <p id={`${id}-vehicle-cost-hint`} className="hint">
            What a mile driven costs you: fuel, wear, insurance (the IRS rate is about $0.70). Insights takes it off
            each job for the miles driven to it. Empty for none.
          </p>
        </div>
      </fieldset>
      <fieldset className="ops-group">
        <legend>Service area</legend>
        <div className="field ops-wide">
          <label htmlFor={`${id}-distance`}>Maximum distance (miles)</label>
          <input
            id={`${id}-distance`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            max={1000}
            step="any"
            placeholder="Anywhere"
            aria-describedby={`${id}-distance-hint`}
            value={form.maxDistanceMiles}
            onChange={(e) => change({ maxDistanceMiles: e.currentTarget.value })}
          />
          <p id={`${id}-distance-hint`} className="hint">
            From your business address. Leave it empty to take bookings from anywhere.
          </p>
        </div>
      </fieldset>
      <fieldset className="ops-group">
        <legend>Change cut-off</legend>
        <div className="field ops-wide">
          <label htmlFor={`${id}-cutoff`}>Cut-off before a booking</label>
          <select
            id={`${id}-cutoff`}
            className="input"
            aria-describedby={`${id}-cutoff-hint`}
            value={form.changeCutoffHours}
            onChange={(e) => change({ changeCutoffHours: Number(e.currentTarget.value) as ChangeCutoff })}
          >
            {CUTOFF_CHOICES.map((c) => (
              <option key={c.hours} value={c.hours}>
                {c.label}
              </option>
            ))}
          </select>
          <p id={`${id}-cutoff-hint`} className="hint">
            Within this time before a booking, customers can no longer reschedule or cancel through their links; they
            are shown your contact details instead.
          </p>
        </div>
      </fieldset>
      <fieldset className="ops-group">
        <legend>Booking window</legend>
        <div className="ops-numbers">
          <div className="field">
            <label htmlFor={`${id}-horizon`}>Book up to (days ahead)</label>
            <input
              id={`${id}-horizon`}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={730}
              step={1}
              value={form.horizonDays}
              onChange={(e) => change({ horizonDays: e.currentTarget.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-notice`}>Minimum notice (hours)</label>
            <input
              id={`${id}-notice`}
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              max={168}
              step={0.5}
              aria-describedby={`${id}-notice-hint`}
              value={form.minNoticeHours}
              onChange={(e) => change({ minNoticeHours: e.currentTarget.value })}
            />
          </div>
        </div>
        <p id={`${id}-notice-hint`} className="hint">
          Customers can book from this many hours from now up to this many days ahead. You can still move bookings
          anywhere on your calendar.
        </p>
      </fieldset>
      <div className="row section-actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Operations'}
        </button>
      </div>
    </form>
  );
}

export function OperationsSection() {
  useSignals();
  const id = useId();
  const settings = useResource(
    () => client.dashboard.operations(),
    () => OPERATIONS_LOAD_FAILED,
  );
  const flash = useFlash();
  const loadError = settings.error.value;
  const { show } = flash;
  useEffect(() => {
    if (loadError) show({ kind: 'error', text: loadError });
  }, [loadError, show]);

  const data = settings.data.value;
  return (
    <section className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Operations</h2>
      <p className="section-intro">
        Travel between jobs, how far you go, how late customers can change a booking, and how far ahead and how soon
        they can book.
      </p>
      <FlashMessage message={flash.message} />
      {data ? (
        <Form initial={data} onSaved={settings.set} flash={show} />
      ) : loadError ? (
        <button type="button" className="btn" onClick={() => void settings.refresh()}>
          Try again
        </button>
      ) : (
        <Skeleton shape="form" rows={3} />
      )}
    </section>
  );
}
