import { COUNTRY_CODES, DEFAULT_COUNTRY_CODE } from '@slotwise/shared/domain';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand.tsx';
import { Notice } from '../../../components/notice.tsx';
import { client } from '../../../lib/api.ts';
import { NETWORK_FAILURE, serverErrorOr } from '../../../lib/errors.ts';
import { signup } from '../../../lib/session.ts';
import '../auth.css';

const FIELDS_REQUIRED = 'All fields are required.';
const SIGNUP_FAILED = 'An error occurred during signup.';

type Field = 'email' | 'password' | 'phone';
/** What each empty field says beside it; the banner keeps the spec's "All fields are required.". */
const EMPTY: Record<Field, string> = {
  email: 'Enter your email address.',
  password: 'Enter a password.',
  phone: 'Enter your phone number.',
};

/** The mark on an empty field: aria-invalid, and its message tied to it. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

// +1 serves both the United States and Canada, so options are keyed by country.
const DEFAULT_COUNTRY = COUNTRY_CODES.find((c) => c.code === DEFAULT_COUNTRY_CODE)?.country ?? 'United States';

export function SignupPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [empty, setEmpty] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
  };
  /** A field typed into loses its mark at once; the others keep theirs until the next Sign Up. */
  const typed = (field: Field) => setEmpty((marks) => ({ ...marks, [field]: undefined }));
  const marked = (field: Field) =>
    empty[field] ? { 'aria-invalid': true, 'aria-describedby': `signup-${field}-error` } : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const missing = (['email', 'password', 'phone'] as const).filter(
      (f) => !{ email: email.trim(), password, phone: phone.trim() }[f],
    );
    setEmpty(Object.fromEntries(missing.map((f) => [f, EMPTY[f]])));
    if (missing.length > 0) {
      setError(FIELDS_REQUIRED);
      // The first empty field, so the owner can type at once.
      inputs[missing[0] as Field].current?.focus();
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
                ref={inputs.email}
                {...marked('email')}
                value={email}
                onChange={(e) => {
                  setEmail(e.currentTarget.value);
                  typed('email');
                }}
              />
              <FieldError id="signup-email-error" message={empty.email} />
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
                ref={inputs.password}
                {...marked('password')}
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  typed('password');
                }}
              />
              <FieldError id="signup-password-error" message={empty.password} />
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
                  ref={inputs.phone}
                  {...marked('phone')}
                  value={phone}
                  onChange={(e) => {
                    setPhone(e.currentTarget.value);
                    typed('phone');
                  }}
                />
                <FieldError id="signup-phone-error" message={empty.phone} />
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
