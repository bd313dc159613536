/**
 * The protected /dashboard layout (SPEC.md section 2): the top bar with the five
 * links and Log Out, and the nested page beneath it. 'Loading...' while the session
 * is checked; a signed-out visitor goes to /login.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Link, Navigate, NavLink, Outlet } from 'react-router-dom';
import { businessProfile, nextOnboardingStep } from '../../lib/business.ts';
import { useSharedResource } from '../../lib/resource.ts';
import { currentUser, logout, sessionStatus } from '../../lib/session.ts';
import { Brand } from '../brand.tsx';
import './dashboard-layout.css';

const LINKS = [
  { to: '/dashboard', label: 'My Dashboard', end: true },
  { to: '/dashboard/calendar', label: 'Calendar' },
  { to: '/dashboard/bookings', label: 'Bookings' },
  { to: '/dashboard/services', label: 'Services' },
  { to: '/dashboard/settings', label: 'Settings' },
];

function OnboardingBanner() {
  useSignals();
  const profile = useSharedResource(businessProfile).data.value;
  if (!profile || profile.onboarded) return null;
  return (
    <div className="notice notice--warning onboarding-banner" role="status">
      <p>
        Your business is not fully set up yet, so customers cannot book you.{' '}
        <Link to={nextOnboardingStep(profile)}>Finish onboarding</Link>
      </p>
    </div>
  );
}

export function DashboardLayout() {
  useSignals();
  const status = sessionStatus.value;
  if (status === 'loading') return <p className="loading">Loading...</p>;
  if (status === 'signedOut') return <Navigate to="/login" replace />;

  return (
    <div className="shell">
      <header className="topbar">
        <div className="topbar-inner">
          <Brand href="/dashboard" />
          <nav className="topbar-nav" aria-label="Dashboard">
            {LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className="topbar-link">
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="topbar-user">
            {currentUser.value?.email && (
              <span className="topbar-email" title={currentUser.value.email}>
                {currentUser.value.email}
              </span>
            )}
            <button type="button" className="btn btn--small" onClick={logout}>
              Log Out
            </button>
          </div>
        </div>
      </header>
      <main className="shell-main">
        <OnboardingBanner />
        <Outlet />
      </main>
    </div>
  );
}
