import type { ErrorCode } from '@slotwise/shared/errors';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { useLinkedPassword } from '../../../lib/linked-password.ts';
import { NETWORK_FAILED } from './forgot-password-page.tsx';

/** A link that went stale (unknown, used or expired): the page offers a new one. */
const STALE_LINK: readonly ErrorCode[] = ['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED'];

export const LINK_MISSING = 'This reset link is not valid. Request a new one below.';

/** /reset-password?token=: checks the mailed link, then sets a new password typed twice and logs the owner in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const { link, password, setPassword, confirm, setConfirm, error, submitting, submit } = useLinkedPassword({
    token: params.get('token') ?? '',
    missing: LINK_MISSING,
    check: (token) => client.auth.resetStatus({ query: { token } }),
    save: (token, password) => client.auth.resetPassword({ body: { token, password } }),
    failure: (err) => serverErrorOr(err, NETWORK_FAILED),
    stale: STALE_LINK,
  });

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
