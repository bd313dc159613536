import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { readToken } from '../../../lib/session.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';
import { NextButton, StepLoading, useSaveOnce, useStepStart } from './step-start.tsx';

export const NOT_AUTHENTICATED = 'User not authenticated. Please log in again.';

function NameForm({ saved }: { saved: string }) {
  const navigate = useNavigate();
  const [name, setName] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaveOnce();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setError(null);
    if (!readToken()) {
      setError(NOT_AUTHENTICATED);
      return;
    }
    await run(async () => {
      try {
        businessProfile.set(await client.onboarding.step1({ body: { name: name.trim() } }));
        navigate('/onboarding/step2');
      } catch (err) {
        setError(serverErrorOr(err, 'Failed to save business name.', NETWORK_FAILURE));
      }
    });
  }

  return (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit} aria-busy={saving}>
        <div className="field">
          <label htmlFor="business-name">Business Name</label>
          <input
            id="business-name"
            className="input"
            type="text"
            name="organization"
            autoComplete="organization"
            placeholder="e.g. Sparkle Auto Detailing"
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <NextButton enabled={!!name.trim()} busy={saving} />
      </form>
    </>
  );
}

export function Step1Page() {
  const start = useStepStart();
  return (
    <OnboardingFrame step={1} title="What's your business called?" intro="Customers see this name when they book.">
      {start.ready ? (
        <NameForm saved={start.profile?.name ?? ''} />
      ) : (
        <StepLoading start={start} shape="form" rows={1} />
      )}
    </OnboardingFrame>
  );
}
