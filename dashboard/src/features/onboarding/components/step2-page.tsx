import { NICHE_STORAGE_KEY, NICHES, type Niche } from '@slotwise/shared/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { NICHE_CHOICES } from '../niches.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';
import { NextButton, StepLoading, useSaveOnce, useStepStart } from './step-start.tsx';

/** A saved niche as the tiles show it: one of the eleven, or Other with the trade in words. */
function savedChoice(saved: string | null): { niche: Niche | null; otherText: string } {
  if (!saved) return { niche: null, otherText: '' };
  return (NICHES as readonly string[]).includes(saved)
    ? { niche: saved as Niche, otherText: '' }
    : { niche: 'other', otherText: saved };
}

function NicheForm({ saved }: { saved: string | null }) {
  const navigate = useNavigate();
  const [niche, setNiche] = useState<Niche | null>(() => savedChoice(saved).niche);
  const [otherText, setOtherText] = useState(() => savedChoice(saved).otherText);
  // Set once the owner picks a tile here: a saved Other shows its field without taking the focus.
  const [picked, setPicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaveOnce();

  const value = niche === 'other' ? otherText.trim() : niche;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) return;
    setError(null);
    await run(async () => {
      try {
        businessProfile.set(await client.onboarding.step2({ body: { niche: value } }));
        localStorage.setItem(NICHE_STORAGE_KEY, value);
        navigate('/onboarding/step3');
      } catch (err) {
        setError(serverErrorOr(err, 'Failed to save niche.', NETWORK_FAILURE));
      }
    });
  }

  return (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit} aria-busy={saving}>
        <fieldset className="niche-fieldset">
          <legend className="visually-hidden">Niche</legend>
          <div className="niche-grid">
            {NICHE_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className={niche === choice.value ? 'niche-option is-selected' : 'niche-option'}
              >
                <input
                  type="radio"
                  name="niche"
                  value={choice.value}
                  checked={niche === choice.value}
                  onChange={() => {
                    setNiche(choice.value);
                    setPicked(true);
                  }}
                />
                <span>{choice.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {niche === 'other' && (
          <div className="field">
            <label htmlFor="niche-other">Your niche</label>
            <input
              id="niche-other"
              className="input"
              type="text"
              placeholder="e.g. Window cleaning"
              maxLength={80}
              // biome-ignore lint/a11y/noAutofocus: the field appears because the user just chose Other
              autoFocus={picked}
              value={otherText}
              onChange={(e) => setOtherText(e.currentTarget.value)}
            />
          </div>
        )}
        <NextButton enabled={!!value} busy={saving} />
      </form>
    </>
  );
}

export function Step2Page() {
  const start = useStepStart();
  return (
    <OnboardingFrame step={2} title="What kind of business is it?" intro="Pick the niche closest to what you do.">
      {start.ready ? (
        <NicheForm saved={start.profile?.niche ?? null} />
      ) : (
        <StepLoading start={start} shape="tiles" rows={NICHE_CHOICES.length} />
      )}
    </OnboardingFrame>
  );
}
