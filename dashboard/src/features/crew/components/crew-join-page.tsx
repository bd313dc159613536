/**
 * /crew/join?token=: the link of a crew member's invitation mail (docs/product.md#crew-members;
 * docs/decisions/024). It first checks the link and says who is invited to which crew; the
 * crew member types a password twice, and saving logs them in to their jobs (/crew). The same
 * page sets a new password when the owner sent a new link to an active login.
 */
import type { ErrorCode } from '@slotwise/shared/errors';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { client } from '../../../lib/api.ts';
import { serverErrorOr } from '../../../lib/errors.ts';
import { useLinkedPassword } from '../../../lib/linked-password.ts';

const STALE_LINK: readonly ErrorCode[] = ['CREW_INVITE_INVALID', 'CREW_INVITE_USED', 'CREW_INVITE_EXPIRED'];
export const INVITE_LINK_MISSING =
  'This invitation link is not valid. Open the link in your invitation e-mail, or ask the business owner to send it again.';
export const JOIN_NETWORK_FAILED = 'Could not reach the server. Check your connection and try again.';

export function CrewJoinPage() {
  const [params] = useSearchParams();
  const { link, password, setPassword, confirm, setConfirm, error, submitting, submit } = useLinkedPassword({
    token: params.get('token') ?? '',
    missing: INVITE_LINK_MISSING,
    check: (token) => client.auth.crewInvitation({ query: { token } }),
    save: (token, password) => client.auth.acceptCrewInvitation({ body: { token, password } }),
    failure: (err) => serverErrorOr(err, JOIN_NETWORK_FAILED),
    stale: STALE_LINK,
  });

  return (
    <main className="center-screen">
      <div className="center-card">
        <div className="center-brand">
          <Brand />
        </div>
        <div className="card">
          <h1>Join Your Crew</h1>
          {link.kind === 'checking' && <Skeleton shape="form" rows={2} />}
          {link.kind === 'invalid' && <Notice kind="error">{link.message}</Notice>}
          {link.kind === 'valid' && (
            <>
              <p>
                {link.businessName ?? 'The business'} invited you to see <strong>{link.crewName}</strong>'s jobs: each
                day's jobs with the customer's address and phone.
              </p>
              <p className="muted">You will log in as {link.email}</p>
              {error && <Notice kind="error">{error}</Notice>}
              <form onSubmit={submit} noValidate>
                <div className="field">
                  <label htmlFor="crew-password">Choose a Password</label>
                  <input
                    id="crew-password"
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
                  <label htmlFor="crew-confirm">Confirm Password</label>
                  <input
                    id="crew-confirm"
                    className="input"
                    type="password"
                    autoComplete="new-password"
                    required
                    value={confirm}
                    onChange={(e) => setConfirm(e.currentTarget.value)}
                  />
                </div>
                <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
                  {submitting ? 'Saving...' : 'Save Password and See My Jobs'}
                </button>
              </form>
            </>
          )}
          <p className="center-foot">
            Already set your password? <Link to="/login">Log in</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
