import type { PlaceSuggestion } from '@slotwise/shared/api';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AddressSearch } from '../../../components/address-search.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';

export const ADDRESS_REQUIRED = 'Please enter your house number and select an address.';

export function Step3Page() {
  const navigate = useNavigate();
  const [place, setPlace] = useState<PlaceSuggestion | null>(null);
  const [houseNumber, setHouseNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!houseNumber.trim() || !place) {
      setError(ADDRESS_REQUIRED);
      return;
    }
    setSaving(true);
    try {
      businessProfile.set(
        await client.onboarding.step3({ body: { address: `${houseNumber.trim()}, ${place.description}` } }),
      );
      navigate('/dashboard');
    } catch (err) {
      setError(serverErrorOr(err, 'Failed to save address.', NETWORK_FAILURE));
      setSaving(false);
    }
  }

  return (
    <OnboardingFrame
      step={3}
      title="Where is your business based?"
      intro="We use it to work out travel distance and your time zone."
    >
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit} noValidate>
        <AddressSearch selected={place} onSelect={setPlace} />
        <div className="field onboarding-house">
          <label htmlFor="house-number">House Number</label>
          <input
            id="house-number"
            className="input"
            type="text"
            placeholder="e.g. 42"
            maxLength={20}
            value={houseNumber}
            onChange={(e) => setHouseNumber(e.currentTarget.value)}
          />
        </div>
        <div className="onboarding-actions">
          <button type="submit" className="btn btn--primary" disabled={saving}>
            Next
          </button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
