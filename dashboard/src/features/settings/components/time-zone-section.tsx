import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useSharedResource } from '../../../lib/resource.ts';
import { type Flash, useFlash } from '../../../lib/use-flash.ts';

const ZONE_SAVE_FAILED = 'Failed to update time zone. Please try again.';

function zoneList(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

function ZoneForm({ current, flash }: { current: string; flash: (f: Flash) => void }) {
  const id = useId();
  const [zone, setZone] = useState(current);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => zoneList(current), [current]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const profile = await client.dashboard.updateTimeZone({ body: { timeZone: zone } });
      businessProfile.set(profile);
      flash({ kind: 'success', text: `Time zone updated to ${profile.timeZone}.` });
    } catch (err) {
      flash({ kind: 'error', text: ZONE_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save}>
      <p>
        Current time zone: <strong>{current}</strong>
      </p>
      <div className="field field--narrow">
        <label htmlFor={`${id}-zone`}>Business time zone</label>
        <select id={`${id}-zone`} className="input" value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--primary" disabled={saving || zone === current}>
        {saving ? 'Saving...' : 'Save Time Zone'}
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
        // Keyed by the saved zone: a new address may move it, and the form then starts from the new one.
        <ZoneForm key={data.timeZone} current={data.timeZone} flash={flash.show} />
      )}
    </section>
  );
}
