import { Link } from 'react-router-dom';
import { Brand } from '../../../components/brand.tsx';

/** Placeholder until password reset is built: tells the owner how to get back in. */
export function ForgotPasswordPage() {
  return (
    <main className="center-screen">
      <div className="center-card">
        <div className="center-brand">
          <Brand />
        </div>
        <div className="card">
          <h1>Forgot Password?</h1>
          <p>
            Password reset by e-mail is not available yet. Please contact support from the e-mail address of your
            account and we will help you back in.
          </p>
          <p className="center-foot">
            <Link to="/login">Back to Log In</Link>
          </p>
        </div>
      </div>
    </main>
  );
}
