import { useSignals } from '@preact/signals-react/runtime';
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { zoneLabel } from '@slotwise/shared/time-zone';
import { type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useSharedResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';
import { TimeZonePicker } from './time-zone-picker.tsx';

const ZONE_SAVE_FAILED = 'Failed to update time zone. Please try again.';
const FORMAT_SAVE_FAILED = 'Failed to update the time format. Please try again.';

function ZoneForm({ current, flash }: { current: string; flash: (f: Flash) => void }) {
  const id = useId();
  const [zone, setZone] = useState(current);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const profile = await client.dashboard.updateTimeZone({ body: { timeZone: zone } });
      businessProfile.set(profile);
      flash({ kind: 'success', text: `Time zone updated to ${zoneLabel(profile.timeZone)}.` });
    } catch (err) {
      flash({ kind: 'error', text: ZONE_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save}>
      <p>
        Current time zone: <strong>{zoneLabel(current)}</strong>
      </p>
      <div className="field field--narrow">
        <label htmlFor={`${id}-zone`}>Business time zone</label>
        <TimeZonePicker id={`${id}-zone`} value={zone} onChange={setZone} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={saving || zone === current}>
        {saving ? 'Saving...' : 'Save Time Zone'}
      </button>
    </form>
  );
}

/** How every time is shown: on the dashboard, in mails, in the widget and on the customer's pages. */
const CLOCKS: readonly { value: TimeFormat; name: string }[] = [
  { value: '12h', name: '12-hour' },
  { value: '24h', name: '24-hour' },
];
const EXAMPLE = '14:30';

function ClockForm({ current, flash }: { current: TimeFormat; flash: (f: Flash) => void }) {
  const id = useId();
  const [clock, setClock] = useState(current);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const profile = await client.dashboard.updateTimeFormat({ body: { timeFormat: clock } });
      businessProfile.set(profile);
      flash({ kind: 'success', text: `Times now show like ${formatClock(EXAMPLE, profile.timeFormat)}.` });
    } catch (err) {
      flash({ kind: 'error', text: FORMAT_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="clock-form">
      <fieldset className="clock-choice">
        <legend className="field-label">Show times as</legend>
        {CLOCKS.map((c) => (
          <label key={c.value} className="clock-option">
            <input
              type="radio"
              name={`${id}-clock`}
              value={c.value}
              checked={clock === c.value}
              onChange={() => setClock(c.value)}
            />
            {c.name} <span className="muted">({formatClock(EXAMPLE, c.value)})</span>
          </label>
        ))}
      </fieldset>
      <p className="hint">On your dashboard, in e-mails and in the booking widget your customers use.</p>
      <button type="submit" className="btn btn--primary" disabled={saving || clock === current}>
        {saving ? 'Saving...' : 'Save Time Format'}
      </button>
    </form>
  );
}

export function TimeZoneSection() {
  useSignals();
  const profile = useSharedResource(businessProfile);
  const flash = useFlash();
  const data = profile.data.value;
  return (
    <section className="card section" aria-labelledby="zone-heading">
      <h2 id="zone-heading">Time Zone</h2>
      <p className="section-intro">
        Business hours and bookings are in this zone. It is set from your address; change it here if it is wrong.
      </p>
      <FlashMessage message={flash.message} />
      {profile.error.value ? (
        <p className="notice notice--error" role="alert">
          {profile.error.value}
        </p>
      ) : !data ? (
        <Skeleton shape="form" rows={1} />
      ) : (
        <>
          {/* Keyed by the saved zone: a new address may move it, and the form then starts from the new one. */}
          <ZoneForm key={data.timeZone} current={data.timeZone} flash={flash.show} />
          <ClockForm key={data.timeFormat} current={data.timeFormat} flash={flash.show} />
        </>
      )}
    </section>
  );
}
