import { Link } from 'react-router';
import { Brand } from '../components/brand.tsx';

export function NotFoundPage() {
  return (
    <main className="center-screen">
      <div className="center-card">
        <div className="center-brand">
          <Brand />
        </div>
        <div className="card">
          <h1>Page not found</h1>
          <p className="muted">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
          {/* A full page load: "/" is the landing page, served outside this app. */}
          <a className="btn btn--primary" href="/">
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  );
}

/** An unknown /dashboard/... address: keeps the top bar. */
export function DashboardNotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p className="muted">There is no dashboard page at this address.</p>
      <Link className="btn" to="/dashboard">
        Back to My Dashboard
      </Link>
    </section>
  );
}
