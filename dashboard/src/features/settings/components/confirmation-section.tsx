/**
 * Settings, Confirming bookings (docs/product.md#confirming-bookings): whether each customer's
 * booking waits for the owner's Approve (the default) or is confirmed at once; and how long a
 * request waits (docs/decisions/051): the owner's one reminder, and the cut-off at which it expires,
 * its time freed and the customer told. A self-contained section: its own load, save and message; a
 * service may choose otherwise in its editor.
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

/** The bounds the server keeps (shared/src/contract/business.schemas.ts ConfirmationSettings). */
const NUDGE_MAX = 72;
const EXPIRY_MAX = 168;

/** A whole number of hours from 0 to `max`, or null. */
function hoursOf(value: string, max: number): number | null {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

function ConfirmationForm({
  current,
  onSaved,
  flash,
}: {
  current: Required<ConfirmationSettings>;
  onSaved: (s: ConfirmationSettings) => void;
  flash: (f: Flash) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState(current.confirmation);
  const [nudge, setNudge] = useState(String(current.nudgeHours));
  const [expiry, setExpiry] = useState(String(current.expiryHours));
  const [invalid, setInvalid] = useState<'nudge' | 'expiry' | null>(null);
  const [saving, setSaving] = useState(false);
  const changed =
    choice !== current.confirmation || nudge !== String(current.nudgeHours) || expiry !== String(current.expiryHours);

  async function save(event: FormEvent) {
    event.preventDefault();
    const nudgeHours = hoursOf(nudge, NUDGE_MAX);
    const expiryHours = hoursOf(expiry, EXPIRY_MAX);
    if (nudgeHours === null || expiryHours === null) {
      setInvalid(nudgeHours === null ? 'nudge' : 'expiry');
      return;
    }
    setInvalid(null);
    setSaving(true);
    try {
      const saved = await client.dashboard.updateConfirmation({
        body: { confirmation: choice, nudgeHours, expiryHours },
      });
      onSaved(saved);
      flash({ kind: 'success', text: SAVED[saved.confirmation] });
    } catch (err) {
      flash({ kind: 'error', text: SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate>
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
      <fieldset className="request-waits">
        <legend>Requests waiting for your answer</legend>
        <div className="field">
          <label htmlFor={`${id}-nudge`}>Remind me of a request still unanswered after (hours)</label>
          <input
            id={`${id}-nudge`}
            className="input request-waits-input"
            type="number"
            inputMode="numeric"
            min={0}
            max={NUDGE_MAX}
            value={nudge}
            aria-describedby={`${id}-nudge-hint`}
            aria-invalid={invalid === 'nudge' ? true : undefined}
            onChange={(e) => setNudge(e.currentTarget.value)}
          />
          <p id={`${id}-nudge-hint`} className="hint">
            One e-mail (and a text, if you get your notices by text). 0: no reminder.
          </p>
          {invalid === 'nudge' && (
            <p className="field-error" role="alert">
              Enter whole hours from 0 to {NUDGE_MAX}.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiry`}>Let a request expire if unanswered after (hours)</label>
          <input
            id={`${id}-expiry`}
            className="input request-waits-input"
            type="number"
            inputMode="numeric"
            min={0}
            max={EXPIRY_MAX}
            value={expiry}
            aria-describedby={`${id}-expiry-hint`}
            aria-invalid={invalid === 'expiry' ? true : undefined}
            onChange={(e) => setExpiry(e.currentTarget.value)}
          />
          <p id={`${id}-expiry-hint`} className="hint">
            Or earlier, before the job's minimum notice starts, so the customer can still book another time. The time is
            freed and the customer gets a kind e-mail with your booking page. Requests with a paid deposit and plans
            never expire. 0: requests wait for your answer.
          </p>
          {invalid === 'expiry' && (
            <p className="field-error" role="alert">
              Enter whole hours from 0 to {EXPIRY_MAX}.
            </p>
          )}
        </div>
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={saving || !changed}>
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
      <p className="section-intro">
        Whether a customer's booking waits for your answer or is confirmed at once, and how long a request waits.
      </p>
      <FlashMessage message={flash.message} />
      {settings.error.value ? (
        <p className="notice notice--error" role="alert">
          {settings.error.value}
        </p>
      ) : !data ? (
        <Skeleton shape="form" rows={1} />
      ) : (
        <ConfirmationForm
          key={`${data.confirmation}-${data.nudgeHours}-${data.expiryHours}`}
          current={{ nudgeHours: 2, expiryHours: 24, ...data }}
          onSaved={(s) => settings.set(s)}
          flash={flash.show}
        />
      )}
    </section>
  );
}
