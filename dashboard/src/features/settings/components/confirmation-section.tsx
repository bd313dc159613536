/**
 * Settings, Confirming bookings (docs/product.md#confirming-bookings): whether each customer's
 * booking waits for the owner's Approve (the default) or is confirmed at once. A self-contained
 * section: its own load, save and message; a service may choose otherwise in its editor.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ConfirmationSettings } from '@slotwise/shared/api';
import type { Confirmation } from '@slotwise/shared/confirmation';
import { type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail, serverErrorOr } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import './confirmation-section.css';

const LOAD_FAILED = 'Failed to load how bookings are confirmed.';
const SAVE_FAILED = 'Failed to save how bookings are confirmed. Please try again.';

const CHOICES: readonly { value: Confirmation; name: string; hint: string }[] = [
  {
    value: 'myself',
    name: 'Confirm bookings myself',
    hint: 'Each booking waits for your Approve or Decline. Customers are told you will confirm.',
  },
  {
    value: 'automatically',
    name: 'Confirm automatically',
    hint: 'Customers are booked at once and told so. A booking with a deposit is confirmed when it is paid.',
  },
];

const SAVED: Record<Confirmation, string> = {
  myself: 'Saved. New bookings wait for your approval.',
  automatically: 'Saved. New bookings are confirmed automatically.',
};

function ConfirmationForm({
  current,
  onSaved,
  flash,
}: {
  current: Confirmation;
  onSaved: (s: ConfirmationSettings) => void;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState(current);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await client.dashboard.updateConfirmation({ body: { confirmation: choice } });
      onSaved(saved);
      flash({ kind: 'success', text: SAVED[saved.confirmation] });
    } catch (err) {
      flash({ kind: 'error', text: SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save}>
      <fieldset className="confirmation-choice">
        <legend className="visually-hidden">Who confirms bookings</legend>
        {CHOICES.map((c) => (
          <label key={c.value} className="confirmation-option">
            <input
              type="radio"
              name={`${id}-confirmation`}
              value={c.value}
              checked={choice === c.value}
              onChange={() => setChoice(c.value)}
              aria-describedby={`${id}-${c.value}`}
            />
            <span>
              <strong>{c.name}</strong>
              <span id={`${id}-${c.value}`} className="hint">
                {c.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="hint">A service can choose otherwise: Services, Edit.</p>
      <button type="submit" className="btn btn--primary" disabled={saving || choice === current}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

export function ConfirmationSection() {
  useSignals();
  const settings = useResource(
    () => client.dashboard.confirmation(),
    (err) => serverErrorOr(err, LOAD_FAILED),
  );
  const flash = useFlash();
  const data = settings.data.value;
  return (
    <section className="card section" id="confirming-bookings" aria-labelledby="confirming-heading">
      <h2 id="confirming-heading">Confirming bookings</h2>
      <p className="section-intro">Whether a customer's booking waits for your answer or is confirmed at once.</p>
      <FlashMessage message={flash.message} />
      {settings.error.value ? (
        <p className="notice notice--error" role="alert">
          {settings.error.value}
        </p>
      ) : !data ? (
        <Skeleton shape="form" rows={1} />
      ) : (
        <ConfirmationForm
          key={data.confirmation}
          current={data.confirmation}
          onSaved={(s) => settings.set(s)}
          flash={flash.show}
        />
      )}
    </section>
  );
}
