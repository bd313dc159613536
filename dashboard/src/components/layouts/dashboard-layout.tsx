/**
 * The protected /dashboard layout (docs/product.md#screens): the top bar with the five
 * links and Log Out, and the nested page beneath it. 'Loading...' while the session
 * is checked; a signed-out visitor goes to /login.
 *
 * A link to a page in a chunk of its own starts loading that chunk when the owner shows
 * the intent to follow it (a pointer over it, a finger on it, the focus on it), so the
 * click finds it loaded or on its way (measured: docs/decisions/007).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet } from 'react-router';
import { businessProfile, nextOnboardingStep } from '../../lib/business.ts';
import { registerWorker } from '../../lib/register-worker.ts';
import { useSharedResource } from '../../lib/resource.ts';
import { currentUser, logout, sessionStatus } from '../../lib/session.ts';
import { Brand } from '../brand.tsx';
import { OfflineNote } from '../offline-note.tsx';
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

/** The signed-in owner's dashboard is what is installed and opened offline (lib/register-worker.ts). */
function RegisterWorker() {
  useEffect(registerWorker, []);
  return null;
}

/** Loads a page's chunk ahead of a visit, by the link's path. */
export type PreloadByPath = Readonly<Record<string, () => Promise<unknown>>>;

export function DashboardLayout({ preload = {} }: { preload?: PreloadByPath }) {
  useSignals();
  const status = sessionStatus.value;
  if (status === 'loading') return <p className="loading">Loading...</p>;
  if (status === 'signedOut') return <Navigate to="/login" replace />;

  return (
    <div className="shell">
      <RegisterWorker />
      <header className="topbar">
        <div className="topbar-inner">
          <Brand href="/dashboard" />
          <nav className="topbar-nav" aria-label="Dashboard">
            {LINKS.map((link) => {
              const load = preload[link.to];
              // A chunk that fails to load here is left to the click, which tries again or says why not.
              const onIntent = load ? () => void load().catch(() => {}) : undefined;
              return (
                <NavLink
                  key={link.to}
                  to={link.to}
                  end={link.end}
                  className="topbar-link"
                  onPointerEnter={onIntent}
                  onFocus={onIntent}
                >
                  {link.label}
                </NavLink>
              );
            })}
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
        <OfflineNote />
        <OnboardingBanner />
        <Outlet />
      </main>
    </div>
  );
}
