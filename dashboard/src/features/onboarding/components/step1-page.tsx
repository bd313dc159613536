import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { businessProfile } from '../../../lib/business.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { readToken } from '../../../lib/session.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';

export const NOT_AUTHENTICATED = 'User not authenticated. Please log in again.';

export function Step1Page() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setError(null);
    if (!readToken()) {
      setError(NOT_AUTHENTICATED);
      return;
    }
    setSaving(true);
    try {
      businessProfile.set(await client.onboarding.step1({ body: { name: name.trim() } }));
      navigate('/onboarding/step2');
    } catch (err) {
      setError(serverErrorOr(err, 'Failed to save business name.', NETWORK_FAILURE));
      setSaving(false);
    }
  }

  return (
    <OnboardingFrame step={1} title="What's your business called?" intro="Customers see this name when they book.">
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit}>
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
        <div className="onboarding-actions">
          <button type="submit" className="btn btn--primary" disabled={!name.trim() || saving}>
            Next
          </button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
