import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '@slotwise/shared/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { signup } from '../../../lib/session.ts';
import '../auth.css';

const FIELDS_REQUIRED = 'All fields are required.';
const SIGNUP_FAILED = 'An error occurred during signup.';

// +1 serves both the United States and Canada, so options are keyed by country.
const DEFAULT_COUNTRY = COUNTRY_CODES.find((c) => c.code === DEFAULT_COUNTRY_CODE)?.country ?? 'United States';

export function SignupPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password || !phone.trim()) {
      setError(FIELDS_REQUIRED);
      return;
    }
    const code = COUNTRY_CODES.find((c) => c.country === country)?.code ?? DEFAULT_COUNTRY_CODE;
    setSubmitting(true);
    try {
      const { token } = await client.auth.signup({
        body: { email: email.trim(), password, phoneNumber: `${code} ${phone.trim()}` },
      });
      signup(token);
    } catch (err) {
      setError(serverErrorOr(err, SIGNUP_FAILED, NETWORK_FAILURE));
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
          <h1>Create Your Account</h1>
          <p className="muted">Start taking bookings and sending instant quotes.</p>
          {error && <Notice kind="error">{error}</Notice>}
          {/* noValidate: a missing field gets the page's own message (FIELDS_REQUIRED), not the browser's bubble. */}
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor="signup-email">Email Address</label>
              <input
                id="signup-email"
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
              <label htmlFor="signup-password">Password</label>
              <input
                id="signup-password"
                className="input"
                type="password"
                name="password"
                autoComplete="new-password"
                placeholder="Min. 8 characters"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </div>
            <div className="auth-phone">
              <div className="field auth-phone-code">
                <label htmlFor="signup-country">Country Code</label>
                <select
                  id="signup-country"
                  className="input"
                  name="country"
                  autoComplete="tel-country-code"
                  value={country}
                  onChange={(e) => setCountry(e.currentTarget.value)}
                >
                  {COUNTRY_CODES.map((c) => (
                    <option key={c.country} value={c.country}>
                      {c.code} {c.country}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field auth-phone-number">
                <label htmlFor="signup-phone">Phone Number</label>
                <input
                  id="signup-phone"
                  className="input"
                  type="tel"
                  name="phone"
                  autoComplete="tel-national"
                  placeholder="Enter your phone number"
                  required
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                />
              </div>
            </div>
            <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
              {submitting ? 'Creating Account...' : 'Sign Up'}
            </button>
          </form>
          <p className="center-foot">
            <Link to="/login">Already have an account? Log in</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
