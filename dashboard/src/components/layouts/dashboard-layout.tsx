/**
 * The protected /dashboard layout (docs/product.md#screens): the top bar with the seven
 * links and Log Out, and the nested page beneath it. A page-shaped skeleton (its hidden
 * words 'Loading...') while the session is checked; a signed-out visitor goes to /login.
 * On a phone (under 640 px) the same links but Insights (`tab: false`) become a tab bar along the bottom of
 * the screen, each with an icon, and the top bar keeps only the name and the account menu
 * (account-menu.tsx: Insights, Send feedback and Log Out): one nav, restyled.
 *
 * A link to a page in a chunk of its own starts loading that chunk when the owner shows
 * the intent to follow it (a pointer over it, a finger on it, the focus on it), so the
 * click finds it loaded or on its way (measured: docs/decisions/007).
 */

import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet } from 'react-router';
import { businessProfile, nextOnboardingStep } from '../../lib/business.ts';
import { usePhone } from '../../lib/media.ts';
import { registerWorker } from '../../lib/register-worker.ts';
import { useSharedResource } from '../../lib/resource.ts';
import { currentUser, sessionStatus } from '../../lib/session.ts';
import { signOutHere } from '../../lib/sign-out.ts';
import { badgeText, waitingResource } from '../../lib/waiting.ts';
import { Brand } from '../brand.tsx';
import { OfflineNote } from '../offline-note.tsx';
import { AccountMenu } from './account-menu.tsx';
import './dashboard-layout.css';
import { Skeleton } from '../skeleton.tsx';

/** 24 x 24 outline icons (stroke currentColor), shown above the labels in the phone's tab bar. */
const ICONS = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  bookings: 'M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01',
  services: 'M20 12l-8 8-9-9V3h8zM7.5 7.5h.01',
  settings:
    'M12 9a3 3 0 100 6 3 3 0 000-6zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1',
  insights: 'M4 20h16M7 16v-4M12 16V6M17 16v-7',
  payments: 'M3 6h18v12H3zM3 10h18M7 15h4',
  clients: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7M18 14a6 6 0 0 1 4 7',
} as const;

/**
 * The top bar's links. `tab: false` keeps a link out of the phone's tab bar: Insights (issue 29)
 * is not a sixth tab. Measured in Chromium, six tabs with these labels need 357 px: at 320 px
 * (e2e/phone.spec.ts checks it) Settings falls off the screen, and at 375 px the labels touch
 * ("Calendar Bookings Services" reads as one line); Apple's and Google's guidance also stop a
 * bottom bar at five. The tabs are the daily pages; Insights is a
 * weekly look, so a phone owner finds it in the Account menu (account-menu.tsx) and under My
 * Dashboard's heading (features/overview), and the top bar on wider screens keeps all six.
 */
const LINKS = [
  { to: '/dashboard', label: 'My Dashboard', icon: ICONS.home, end: true },
  { to: '/dashboard/calendar', label: 'Calendar', icon: ICONS.calendar },
  { to: '/dashboard/bookings', label: 'Bookings', icon: ICONS.bookings, badge: true },
  { to: '/dashboard/services', label: 'Services', icon: ICONS.services },
  // Issue 42: on a phone in the Account menu (the tab bar stops at five, as for Insights).
  { to: '/dashboard/clients', label: 'Clients', icon: ICONS.clients, tab: false },
  { to: '/dashboard/insights', label: 'Insights', icon: ICONS.insights, tab: false },
  // Issue 43: the owner's money; on a phone in the Account menu too.
  { to: '/dashboard/payments', label: 'Payments', icon: ICONS.payments, tab: false },
  { to: '/dashboard/settings', label: 'Settings', icon: ICONS.settings },
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

/** The shell's main region, where the skip link leads. */
const MAIN_ID = 'main';

/**
 * The first stop of Tab, out of sight until focused: past the top bar's links to the page. It
 * moves the focus itself rather than leave #main in the address, which the router would keep.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/** The signed-in owner's dashboard is what is installed and opened offline (lib/register-worker.ts). */
function RegisterWorker() {
  useEffect(registerWorker, []);
  return null;
}

/**
 * The count of requests waiting for the owner's answer, on the Bookings link (issue "The owner's
 * front door"): the badge shows it and the link's name says it ("Bookings 2 waiting"). Loaded with the
 * layout, so every page shows it; lib/waiting.ts keeps it fresh after each decision.
 */
function useWaitingCount(): number | undefined {
  return useSharedResource(waitingResource).data.value?.count;
}

/** Loads a page's chunk ahead of a visit, by the link's path. */
export type PreloadByPath = Readonly<Record<string, () => Promise<unknown>>>;

export function DashboardLayout({ preload = {} }: { preload?: PreloadByPath }) {
  useSignals();
  const status = sessionStatus.value;
  if (status === 'loading') return <Skeleton shape="page" />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  // A crew member's login opens their jobs, never the owner's pages (docs/decisions/024).
  if (currentUser.value?.k === 'crew') return <Navigate to="/crew" replace />;
  return <OwnerShell preload={preload} />;
}

/**
 * The signed-in owner's frame. Apart from DashboardLayout's checks so that what it loads (the
 * waiting count, an owner's call) is asked only for an owner: a crew member's session asking it
 * was refused, and the refusal signed them out instead of sending them to their jobs.
 */
function OwnerShell({ preload }: { preload: PreloadByPath }) {
  useSignals();
  const phone = usePhone();
  const waiting = useWaitingCount();
  return (
    <div className="shell">
      <SkipLink />
      <RegisterWorker />
      <header className="topbar">
        <div className="topbar-inner">
          <Brand href="/dashboard" />
          <nav className="topbar-nav" aria-label="Dashboard">
            {LINKS.filter((link) => !phone || link.tab !== false).map((link) => {
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
                  <svg className="topbar-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={link.icon} />
                  </svg>
                  {/* Named by its content ("Bookings 2 waiting"): the visible count and a hidden word,
                      never an aria-label that leaves the count out (axe's label-content-name-mismatch). */}
                  <span>{link.label}</span>
                  {link.badge && !!waiting && (
                    <>
                      {' '}
                      <span className="topbar-badge">
                        {badgeText(waiting)} <span className="visually-hidden">waiting</span>
                      </span>
                    </>
                  )}
                </NavLink>
              );
            })}
          </nav>
          <div className="topbar-user">
            {phone ? (
              <AccountMenu />
            ) : (
              <>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => void signOutHere('owner')}
                  // Eight links leave no room for the e-mail beside them (it was there with six); it is Log Out's title.
                  title={currentUser.value?.email ? `Signed in as ${currentUser.value.email}` : undefined}
                >
                  Log Out
                </button>
              </>
            )}
          </div>
        </div>
      </header>
      <main id={MAIN_ID} className="shell-main" tabIndex={-1}>
        <OfflineNote />
        <OnboardingBanner />
        <Outlet />
      </main>
    </div>
  );
}
