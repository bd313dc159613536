import { useSignals } from '@preact/signals-react/runtime';
import type { DistancePricing } from '@slotwise/shared/api';
import { formatUsd } from '@slotwise/shared/money';
import type { NearbyShare } from '@slotwise/shared/route-fit';
import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../components/toaster.tsx';
import { client } from '../../../lib/api.ts';
import { isNetworkError, serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';

const RATE_INVALID = 'Distance pricing rate must be greater than 0.';
const DISTANCE_SAVED = 'Distance pricing updated successfully';
const FLOOR_INVALID = 'Lowest travel charge must be 0 or more, in dollars and cents.';

function DistanceForm({ initial, onSaved }: { initial: DistancePricing; onSaved: (v: DistancePricing) => void }) {
  const id = useId();
  const [on, setOn] = useState(initial.chargeForDistance);
  // A rate switched off is kept by the server, so switching on again starts from it.
  const [value, setValue] = useState(initial.pricePerMile > 0 ? String(initial.pricePerMile) : '');
  const [invalid, setInvalid] = useState(false);
  // Price by route fit (docs/decisions/055): none of a nearby slot's saving goes to the customer until the owner says.
  const [share, setShare] = useState<NearbyShare>(initial.nearbyShare ?? 'none');
  const [floor, setFloor] = useState(initial.nearbyFloor ? String(initial.nearbyFloor) : '');
  const [floorInvalid, setFloorInvalid] = useState(false);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const rate = Number(value);
    if (on && (value.trim() === '' || !Number.isFinite(rate) || rate <= 0)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const lowest = floor.trim() === '' ? 0 : Number(floor);
    if (
      on &&
      share !== 'none' &&
      (!Number.isFinite(lowest) || lowest < 0 || Math.round(lowest * 100) !== lowest * 100)
    ) {
      setFloorInvalid(true);
      return;
    }
    setFloorInvalid(false);
    setSaving(true);
    try {
      const body = on
        ? {
            chargeForDistance: true,
            pricePerMile: rate,
            nearbyShare: share,
            nearbyFloor: share === 'none' ? 0 : lowest,
          }
        : { chargeForDistance: false };
      onSaved(await client.dashboard.updateDistancePricing({ body }));
      showToast(DISTANCE_SAVED);
    } catch (err) {
      setFailure({ detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      {failure && (
        <Notice kind="error" detail={failure.detail}>
          Failed to update distance pricing
        </Notice>
      )}
      <p className="muted">
        {initial.chargeForDistance
          ? `Currently ${formatUsd(initial.pricePerMile)} per mile.`
          : 'Distance pricing is off: quotes add nothing for travel.'}
      </p>
      <label className="switch-label">
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={on}
          aria-checked={on}
          onChange={(e) => {
            setOn(e.currentTarget.checked);
            setInvalid(false);
          }}
        />
        <span>Charge for distance</span>
      </label>
      {on && (
        <div className="field field--narrow distance-rate">
          <label htmlFor={`${id}-rate`}>Price per Mile ($)</label>
          <input
            id={`${id}-rate`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="e.g. 1.50"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          {invalid && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {RATE_INVALID}
            </p>
          )}
        </div>
      )}
      {on && (
        <div className="field field--narrow">
          <label htmlFor={`${id}-share`}>Nearby discount: share of the saving to the customer</label>
          <select
            id={`${id}-share`}
            className="input"
            aria-describedby={`${id}-share-hint`}
            value={share}
            onChange={(e) => setShare(e.currentTarget.value as NearbyShare)}
          >
            <option value="none">None</option>
            <option value="half">Half</option>
            <option value="all">All</option>
          </select>
          <p id={`${id}-share-hint`} className="muted">
            A time next to a job you already have that day costs you less driving. Share that saving and the widget
            shows it on the time: "we're nearby, $12.00 less".
          </p>
        </div>
      )}
      {on && share !== 'none' && (
        <div className="field field--narrow">
          <label htmlFor={`${id}-floor`}>Lowest travel charge ($)</label>
          <input
            id={`${id}-floor`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="0.00"
            aria-invalid={floorInvalid || undefined}
            aria-describedby={floorInvalid ? `${id}-floor-error` : undefined}
            value={floor}
            onChange={(e) => setFloor(e.currentTarget.value)}
          />
          {floorInvalid && (
            <p id={`${id}-floor-error`} className="field-error" role="alert">
              {FLOOR_INVALID}
            </p>
          )}
        </div>
      )}
      <div className="row section-actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Distance Pricing'}
        </button>
      </div>
    </form>
  );
}

export function DistancePricingSection() {
  useSignals();
  const pricing = useResource(
    () => client.dashboard.distancePricing(),
    (err) => (isNetworkError(err) ? (err as Error).message : 'Failed to fetch distance pricing'),
  );
  const data = pricing.data.value;
  return (
    <section className="card section" aria-labelledby="distance-heading">
      <h2 id="distance-heading">Distance Pricing</h2>
      <p className="section-intro">
        Charge for travel: the rate times the miles from your address to the customer's, or less for a time next to a
        job you already have that day if you share that saving. Switch it off to quote without distance; your rate is
        kept.
      </p>
      {pricing.error.value ? (
        <p className="notice notice--error" role="alert">
          {pricing.error.value}
        </p>
      ) : !data ? (
        <Skeleton shape="form" rows={1} />
      ) : (
        <DistanceForm initial={data} onSaved={pricing.set} />
      )}
    </section>
  );
}
