import { ApiError } from '@slotwise/shared/client';
import type { ErrorCode } from '@slotwise/shared/errors';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { login } from '../../../lib/session.ts';
import '../auth.css';

const LOGIN_FAILED = 'An error occurred. Please try again later.';

/**
 * The first version showed one catch-all for every failure; issue 2 asks for the server's own
 * words when they help (wrong credentials, too many attempts), and the catch-all
 * for the rest (server down, network).
 */
/** Refusals whose sentence helps the owner: wrong credentials, too many attempts, a malformed field. */
const LOGIN_REFUSALS: readonly ErrorCode[] = ['BAD_CREDENTIALS', 'RATE_LIMITED', 'VALIDATION_FAILED', 'INVALID_BODY'];

function loginError(err: unknown): string {
  if (err instanceof ApiError && err.fromServer && LOGIN_REFUSALS.includes(err.code)) return err.message;
  return LOGIN_FAILED;
}

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const { token } = await client.auth.login({ body: { email, password } });
      login(token);
    } catch (err) {
      setError(loginError(err));
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
          <h1>Welcome Back</h1>
          <p className="muted">Log in to continue to your dashboard</p>
          {error && <Notice kind="error">{error}</Notice>}
          <form onSubmit={submit}>
            <div className="field">
              <label htmlFor="login-email">Email Address</label>
              <input
                id="login-email"
                className="input"
                type="email"
                name="email"
                autoComplete="email"
                placeholder="Enter your email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
            </div>
            <div className="field">
              <div className="auth-label-row">
                <label htmlFor="login-password">Password</label>
                <Link to="/forgot-password">Forgot Password?</Link>
              </div>
              <input
                id="login-password"
                className="input"
                type="password"
                name="password"
                autoComplete="current-password"
                placeholder="Enter your password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </div>
            <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
              Log In
            </button>
          </form>
          <p className="center-foot">
            Don't have an account? <Link to="/signup">Sign up</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
