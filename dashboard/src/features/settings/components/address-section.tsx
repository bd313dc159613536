import { useSignals } from '@preact/signals-react/runtime';
import type { PlaceSuggestion } from '@slotwise/shared/api';
import { zoneLabel } from '@slotwise/shared/time-zone';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { AddressSearch } from '../../../components/address-search.tsx';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { useFlash } from '../../../lib/use-flash.ts';

const ADDRESS_SAVED = 'Business address updated successfully!';
const ADDRESS_SAVE_FAILED = 'Failed to update business address. Please try again.';
const ADDRESS_LOAD_FAILED = 'Failed to load business address.';
const ADDRESS_REQUIRED = 'Please type your street address and pick it from the list.';

export function AddressSection() {
  useSignals();
  const id = useId();
  const address = useResource(
    () => client.dashboard.address(),
    () => ADDRESS_LOAD_FAILED,
  );
  const flash = useFlash();
  const [editing, setEditing] = useState(false);
  const [place, setPlace] = useState<PlaceSuggestion | null>(null);
  const [saving, setSaving] = useState(false);

  const loadError = address.error.value;
  const { show } = flash;
  useEffect(() => {
    if (loadError) show({ kind: 'error', text: loadError });
  }, [loadError, show]);

  function startEdit() {
    setPlace(null);
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!place) {
      flash.show({ kind: 'error', text: ADDRESS_REQUIRED });
      return;
    }
    setSaving(true);
    const zoneBefore = businessProfile.data.peek()?.timeZone;
    try {
      const profile = await client.dashboard.updateAddress({ body: { address: place.description } });
      address.set({ address: profile.address });
      businessProfile.set(profile);
      setEditing(false);
      flash.show({
        kind: 'success',
        text: ADDRESS_SAVED,
        detail:
          zoneBefore && zoneBefore !== profile.timeZone ? `Time zone is now ${zoneLabel(profile.timeZone)}.` : null,
      });
    } catch (err) {
      flash.show({ kind: 'error', text: ADDRESS_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  const current = address.data.value;
  return (
    <section className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Business Address</h2>
      <p className="section-intro">Where you start from: travel distance and your time zone come from it.</p>
      <FlashMessage message={flash.message} />
      {editing ? (
        <form onSubmit={save} noValidate aria-label="Edit business address">
          <AddressSearch selected={place} onSelect={setPlace} autoFocus />
          <div className="row">
            <button type="submit" className="btn btn--primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save Address'}
            </button>
            <button type="button" className="btn" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : current === undefined ? (
        loadError ? (
          <button type="button" className="btn" onClick={() => void address.refresh()}>
            Try again
          </button>
        ) : (
          <Skeleton rows={2} />
        )
      ) : (
        <div className="address-current">
          <p className="address-text">{current.address ?? 'No address yet.'}</p>
          <button type="button" className="btn" onClick={startEdit}>
            Edit Address
          </button>
        </div>
      )}
    </section>
  );
}
