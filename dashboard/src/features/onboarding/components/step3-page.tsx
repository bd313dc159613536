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

export const ADDRESS_REQUIRED = 'Please type your street address and pick it from the list.';

/**
 * A saved address as the form shows it: chosen already. Only its words are ever sent again,
 * so it needs no place id of its own.
 */
function savedPlace(saved: string | null): PlaceSuggestion | null {
  return saved ? { description: saved, placeId: '' } : null;
}

function AddressForm({ saved }: { saved: string | null }) {
  const navigate = useNavigate();
  const [place, setPlace] = useState<PlaceSuggestion | null>(() => savedPlace(saved));
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaveOnce();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!place) {
      setError(ADDRESS_REQUIRED);
      return;
    }
    await run(async () => {
      try {
        businessProfile.set(await client.onboarding.step3({ body: { address: place.description } }));
        // Onboarding ends on the booking page, live, before the dashboard.
        navigate('/onboarding/live');
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
        <StepLoading start={start} shape="form" rows={1} />
      )}
    </OnboardingFrame>
  );
}
