import { NICHE_STORAGE_KEY, type Niche } from '@slotwise/shared/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { NICHE_CHOICES } from '../niches.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';

export function Step2Page() {
  const navigate = useNavigate();
  const [niche, setNiche] = useState<Niche | null>(null);
  const [otherText, setOtherText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const value = niche === 'other' ? otherText.trim() : niche;
  const ready = !!value;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) return;
    setError(null);
    setSaving(true);
    try {
      businessProfile.set(await client.onboarding.step2({ body: { niche: value } }));
      localStorage.setItem(NICHE_STORAGE_KEY, value);
      navigate('/onboarding/step3');
    } catch (err) {
      setError(serverErrorOr(err, 'Failed to save niche.', NETWORK_FAILURE));
      setSaving(false);
    }
  }

  return (
    <OnboardingFrame step={2} title="What kind of business is it?" intro="Pick the niche closest to what you do.">
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit}>
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
                  onChange={() => setNiche(choice.value)}
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
              autoFocus
              value={otherText}
              onChange={(e) => setOtherText(e.currentTarget.value)}
            />
          </div>
        )}
        <div className="onboarding-actions">
          <button type="submit" className="btn btn--primary" disabled={!ready || saving}>
            Next
          </button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
