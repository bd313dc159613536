import type { PlaceSuggestion } from '@slotwise/shared/api';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AddressSearch } from '../../../components/address-search.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';
import { NextButton, StepLoading, useSaveOnce, useStepStart } from './step-start.tsx';

export const ADDRESS_REQUIRED = 'Please enter your house number and select an address.';

/**
 * A saved address ("{house number}, {chosen suggestion}") as the form shows it. Only the
 * suggestion's words are ever sent again, so it needs no place id of its own.
 */
function savedAddress(saved: string | null): { houseNumber: string; place: PlaceSuggestion | null } {
  const comma = saved?.indexOf(', ') ?? -1;
  if (!saved || comma < 1) return { houseNumber: '', place: null };
  return { houseNumber: saved.slice(0, comma), place: { description: saved.slice(comma + 2), placeId: '' } };
}

function AddressForm({ saved }: { saved: string | null }) {
  const navigate = useNavigate();
  const [place, setPlace] = useState<PlaceSuggestion | null>(() => savedAddress(saved).place);
  const [houseNumber, setHouseNumber] = useState(() => savedAddress(saved).houseNumber);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaveOnce();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!houseNumber.trim() || !place) {
      setError(ADDRESS_REQUIRED);
      return;
    }
    await run(async () => {
      try {
        businessProfile.set(
          await client.onboarding.step3({ body: { address: `${houseNumber.trim()}, ${place.description}` } }),
        );
        navigate('/dashboard');
      } catch (err) {
        setError(serverErrorOr(err, 'Failed to save address.', NETWORK_FAILURE));
      }
    });
  }

  return (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit} noValidate aria-busy={saving}>
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
        <NextButton enabled busy={saving} />
      </form>
    </>
  );
}

export function Step3Page() {
  const start = useStepStart();
  return (
    <OnboardingFrame
      step={3}
      title="Where is your business based?"
      intro="We use it to work out travel distance and your time zone."
    >
      {start.ready ? (
        <AddressForm saved={start.profile?.address ?? null} />
      ) : (
        <StepLoading start={start} shape="form" rows={2} />
      )}
    </OnboardingFrame>
  );
}
