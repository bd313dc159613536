import { ApiError } from '@slotwise/shared/client';
import { PASSWORD_MIN_LENGTH } from '@slotwise/shared/domain';
import type { ErrorCode } from '@slotwise/shared/errors';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { login } from '../../../lib/session.ts';
import { NETWORK_FAILED } from './forgot-password-page.tsx';

/** A link that went stale (unknown, used or expired): the page offers a new one. */
const STALE_LINK: readonly ErrorCode[] = ['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED'];

export const PASSWORDS_DIFFER = 'The two passwords do not match.';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const LINK_MISSING = 'This reset link is not valid. Request a new one below.';

type LinkState = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'invalid'; message: string };

/** /reset-password?token=: checks the mailed link, then sets a new password typed twice and logs the owner in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [link, setLink] = useState<LinkState>(
    token ? { kind: 'checking' } : { kind: 'invalid', message: LINK_MISSING },
  );
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    client.auth.resetStatus({ query: { token } }).then(
      (s) => live && setLink({ kind: 'valid', email: s.email }),
      (err: unknown) =>
        live &&
        setLink({ kind: 'invalid', message: err instanceof ApiError && err.fromServer ? err.message : NETWORK_FAILED }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(PASSWORD_TOO_SHORT);
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    setSubmitting(true);
    try {
      const { token: session } = await client.auth.resetPassword({ body: { token, password } });
      login(session);
    } catch (err) {
      const message = err instanceof ApiError && err.fromServer ? err.message : NETWORK_FAILED;
      // A link that went stale meanwhile: show the reason with the way to a new one.
      if (err instanceof ApiError && STALE_LINK.includes(err.code)) setLink({ kind: 'invalid', message });
      else setError(message);
      setSubmitting(false);
    }
  }

  return (
    <main className="center-screen">
      <div className="center-card">
        <div className="center-brand">
          <Brand />
        </div>
        <div className="card">
          <h1>Set a New Password</h1>
          {link.kind === 'checking' && <Skeleton shape="form" rows={2} />}
          {link.kind === 'invalid' && (
            <>
              <Notice kind="error">{link.message}</Notice>
              <p>
                <Link className="btn btn--primary btn--block" to="/forgot-password">
                  Request a new link
                </Link>
              </p>
            </>
          )}
          {link.kind === 'valid' && (
            <>
              <p className="muted">For {link.email}</p>
              {error && <Notice kind="error">{error}</Notice>}
              <form onSubmit={submit} noValidate>
                <div className="field">
                  <label htmlFor="reset-password">New Password</label>
                  <input
                    id="reset-password"
                    className="input"
                    type="password"
                    autoComplete="new-password"
                    placeholder="Min. 8 characters"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                  />
                </div>
                <div className="field">
                  <label htmlFor="reset-confirm">Confirm New Password</label>
                  <input
                    id="reset-confirm"
                    className="input"
                    type="password"
                    autoComplete="new-password"
                    required
                    value={confirm}
                    onChange={(e) => setConfirm(e.currentTarget.value)}
                  />
                </div>
                <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
                  {submitting ? 'Saving...' : 'Save New Password'}
                </button>
              </form>
            </>
          )}
          <p className="center-foot">
            <Link to="/login">Back to Log In</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
