import { ApiError } from '@slotwise/shared/client';
import { FORGOT_PASSWORD_ANSWER } from '@slotwise/shared/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';

export const NETWORK_FAILED = 'Something went wrong. Please try again.';

/**
 * Asks for a reset link. The answer is the same whether or not an account exists,
 * so this page cannot be used to find out who has one.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await client.auth.forgotPassword({ body: { email } });
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError && err.fromServer ? err.message : NETWORK_FAILED);
    } finally {
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
          <h1>Forgot Password?</h1>
          <p className="muted">
            Enter the email address of your account and we will send you a link to set a new password.
          </p>
          {error && <Notice kind="error">{error}</Notice>}
          {sent ? (
            <Notice kind="success">{FORGOT_PASSWORD_ANSWER}</Notice>
          ) : (
            <form onSubmit={submit}>
              <div className="field">
                <label htmlFor="forgot-email">Email Address</label>
                <input
                  id="forgot-email"
                  className="input"
                  type="email"
                  autoComplete="email"
                  placeholder="Enter your email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                />
              </div>
              <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
                {submitting ? 'Sending...' : 'Send Reset Link'}
              </button>
            </form>
          )}
          <p className="center-foot">
            <Link to="/login">Back to Log In</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
