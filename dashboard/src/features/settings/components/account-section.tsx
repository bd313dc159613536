import { useSignals } from '@preact/signals-react/runtime';
import type { Account } from '@slotwise/shared/api';
import { ApiError } from '@slotwise/shared/client';
import { COUNTRY_CODES, PASSWORD_MIN_LENGTH } from '@slotwise/shared/domain';
import { type FormEvent, useId, useState } from 'react';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverDetail } from '../../../lib/errors.ts';
import { useResource } from '../../../lib/resource.ts';
import { replaceToken } from '../../../lib/session.ts';
import { useFlash } from '../../../lib/use-flash.ts';
import { type Country, joinPhone, splitPhone } from '../phone.ts';

const ACCOUNT_LOAD_FAILED = 'Failed to load your account details.';
const PHONE_SAVED = 'Phone number updated successfully!';
const PHONE_SAVE_FAILED = 'Failed to update phone number. Please try again.';
const PHONE_REQUIRED = 'Please enter your phone number.';
const PASSWORD_CHANGED = 'Password changed. Other sessions have been logged out.';
const PASSWORD_CHANGE_FAILED = 'Failed to change password. Please try again.';
const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
const PASSWORD_TOO_SHORT = `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
const PASSWORDS_DIFFER = 'The two new passwords do not match.';

function PhoneForm({ current, onSaved }: { current: string; onSaved: (a: Account) => void }) {
  const id = useId();
  const flash = useFlash();
  const [country, setCountry] = useState<Country>(() => splitPhone(current).country);
  const [number, setNumber] = useState(() => splitPhone(current).number);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!number.trim()) {
      flash.show({ kind: 'error', text: PHONE_REQUIRED });
      return;
    }
    setSaving(true);
    try {
      const account = await client.account.changePhone({ body: { phoneNumber: joinPhone(country, number) } });
      const saved = splitPhone(account.phoneNumber);
      setCountry(saved.country);
      setNumber(saved.number);
      onSaved(account);
      flash.show({ kind: 'success', text: PHONE_SAVED });
    } catch (err) {
      flash.show({ kind: 'error', text: PHONE_SAVE_FAILED, detail: serverDetail(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby={`${id}-heading`} className="account-form">
      <h3 id={`${id}-heading`}>Phone Number</h3>
      <FlashMessage message={flash.message} />
      <div className="account-phone">
        <div className="field">
          <label htmlFor={`${id}-country`}>Country Code</label>
          <select
            id={`${id}-country`}
            className="input"
            autoComplete="tel-country-code"
            value={country}
            onChange={(e) => setCountry(e.currentTarget.value as Country)}
          >
            {COUNTRY_CODES.map((c) => (
              <option key={c.country} value={c.country}>
                {c.code} {c.country}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone Number</label>
          <input
            id={`${id}-phone`}
            className="input"
            type="tel"
            autoComplete="tel-national"
            placeholder="Enter your phone number"
            maxLength={30}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
          />
        </div>
      </div>
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Phone Number'}
      </button>
    </form>
  );
}

function PasswordForm({ email }: { email: string | undefined }) {
  const id = useId();
  const flash = useFlash();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [saving, setSaving] = useState(false);

  function refusal(): string | null {
    if (!current) return CURRENT_PASSWORD_REQUIRED;
    if (next.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
    if (next !== again) return PASSWORDS_DIFFER;
    return null;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const refused = refusal();
    if (refused) {
      flash.show({ kind: 'error', text: refused });
      return;
    }
    setSaving(true);
    try {
      const { token } = await client.account.changePassword({ body: { currentPassword: current, newPassword: next } });
      // Every token signed before this one, ours included, no longer works.
      replaceToken(token);
      setCurrent('');
      setNext('');
      setAgain('');
      flash.show({ kind: 'success', text: PASSWORD_CHANGED });
    } catch (err) {
      // "Your current password is not correct." and the server's other refusals are shown as it words them.
      if (err instanceof ApiError && err.fromServer) flash.show({ kind: 'error', text: err.message });
      else if (err instanceof ApiError)
        flash.show({ kind: 'error', text: PASSWORD_CHANGE_FAILED, detail: serverDetail(err) });
      else flash.show({ kind: 'error', text: PASSWORD_CHANGE_FAILED, detail: (err as Error).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby={`${id}-heading`} className="account-form">
      <h3 id={`${id}-heading`}>Change Password</h3>
      <FlashMessage message={flash.message} />
      {/* Lets a password manager file the new password under the right account. */}
      {email && <input type="email" autoComplete="username" value={email} readOnly hidden />}
      <div className="field field--narrow">
        <label htmlFor={`${id}-current`}>Current Password</label>
        <input
          id={`${id}-current`}
          className="input"
          type="password"
          autoComplete="current-password"
          placeholder="Enter your current password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
      </div>
      <div className="field field--narrow">
        <label htmlFor={`${id}-new`}>New Password</label>
        <input
          id={`${id}-new`}
          className="input"
          type="password"
          autoComplete="new-password"
          placeholder={`Min. ${PASSWORD_MIN_LENGTH} characters`}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
        />
      </div>
      <div className="field field--narrow">
        <label htmlFor={`${id}-again`}>Confirm New Password</label>
        <input
          id={`${id}-again`}
          className="input"
          type="password"
          autoComplete="new-password"
          placeholder="Type the new password again"
          aria-invalid={again !== '' && again !== next}
          value={again}
          onChange={(e) => setAgain(e.currentTarget.value)}
        />
      </div>
      <p className="hint account-hint">Changing it logs you out everywhere else; this page stays signed in.</p>
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Change Password'}
      </button>
    </form>
  );
}

export function AccountSection() {
  useSignals();
  const id = useId();
  const account = useResource(
    () => client.account.get(),
    () => ACCOUNT_LOAD_FAILED,
  );
  const data = account.data.value;
  const loadError = account.error.value;

  return (
    <section className="card section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Account</h2>
      <p className="section-intro">How you log in, and the phone number on your account.</p>
      {data ? (
        <>
          <div className="field account-email">
            <label htmlFor={`${id}-email`}>Email Address</label>
            <input id={`${id}-email`} className="input" type="email" readOnly value={data.email} />
            <p className="hint">You log in with this address. It cannot be changed here.</p>
          </div>
          <PhoneForm current={data.phoneNumber} onSaved={account.set} />
        </>
      ) : loadError ? (
        <div className="notice notice--error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="btn btn--small account-retry" onClick={() => void account.refresh()}>
            Try again
          </button>
        </div>
      ) : (
        <Skeleton shape="form" rows={2} />
      )}
      <PasswordForm email={data?.email} />
    </section>
  );
}
