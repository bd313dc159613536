/**
 * The route table (docs/product.md#screens). Features never import each other; this file
 * composes them. Declarative react-router (<Routes>), not the data router: the app uses
 * no loaders, actions or fetchers, and the data router weighs on the first download
 * (issue 4; the figures are in docs/decisions/007).
 */
import { useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useNavigate } from 'react-router';
import { DashboardLayout } from '../components/layouts/dashboard-layout.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { BookingsPage } from '../features/bookings/components/bookings-page.tsx';
import { OverviewPage } from '../features/overview/components/overview-page.tsx';
import { bindNavigation } from '../lib/session.ts';
import { lazyPage } from './lazy-page.tsx';
import { DashboardNotFound, NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteBoundary } from './route-boundary.tsx';

/**
 * Pages loaded on first visit, each in its own chunk: the first download carries only the
 * shell, log-in and the daily pages (overview, bookings). The calendar's chunk is the
 * largest (react-big-calendar); bench/calendar.ts finds it by its import() in the entry.
 */
const lazyPages = {
  ForgotPassword: lazyPage(
    () => import('../features/account/components/forgot-password-page.tsx'),
    'ForgotPasswordPage',
  ),
  ResetPassword: lazyPage(() => import('../features/account/components/reset-password-page.tsx'), 'ResetPasswordPage'),
  Step1: lazyPage(() => import('../features/onboarding/components/step1-page.tsx'), 'Step1Page'),
  Step2: lazyPage(() => import('../features/onboarding/components/step2-page.tsx'), 'Step2Page'),
  Step3: lazyPage(() => import('../features/onboarding/components/step3-page.tsx'), 'Step3Page'),
  Live: lazyPage(() => import('../features/onboarding/components/live-page.tsx'), 'LivePage'),
  Reschedule: lazyPage(() => import('../features/customer/components/reschedule-page.tsx'), 'ReschedulePage'),
  Cancel: lazyPage(() => import('../features/customer/components/cancel-page.tsx'), 'CancelPage'),
  Price: lazyPage(() => import('../features/customer/components/price-page.tsx'), 'PricePage'),
  // An offer's link and the leave-the-list link: one page, by its path (docs/decisions/056).
  Waitlisted: lazyPage(() => import('../features/customer/components/offer-page.tsx'), 'WaitlistLinkPage'),
  Calendar: lazyPage(() => import('../features/calendar/calendar-page.tsx'), 'CalendarPage'),
  // A booking the owner enters (issue 42): from the calendar, My Dashboard or a client's page.
  NewBooking: lazyPage(() => import('../features/new-booking/components/new-booking-page.tsx'), 'NewBookingPage'),
  Services: lazyPage(() => import('../features/services/components/services-page.tsx'), 'ServicesPage'),
  Settings: lazyPage(() => import('../features/settings/components/settings-page.tsx'), 'SettingsPage'),
  // Issue 29: the funnel, money and missed work, with its chart library (uPlot) in this chunk only;
  // bench/calendar.ts weighs it by its import() in the entry, as the calendar's.
  Quotes: lazyPage(() => import('../features/quotes/components/quotes-page.tsx'), 'QuotesPage'),
  QuoteLink: lazyPage(() => import('../features/customer/components/quote-page.tsx'), 'QuotePage'),
  // Issue 43: the invoice behind a pay link, its tip and Stripe Checkout, and the receipt.
  InvoiceLink: lazyPage(() => import('../features/customer/components/invoice-page.tsx'), 'InvoicePage'),
  Insights: lazyPage(() => import('../features/insights/components/insights-page.tsx'), 'InsightsPage'),
  // Issue 43: the owner's money (deposits, payments, tips, refunds, what is owed, the CSV).
  Payments: lazyPage(() => import('../features/payments/components/payments-page.tsx'), 'PaymentsPage'),
  // Issue 42: the client list and a client's page, each a chunk of its own (docs/decisions/037).
  Clients: lazyPage(() => import('../features/clients/components/clients-page.tsx'), 'ClientsPage'),
  Client: lazyPage(() => import('../features/clients/components/client-page.tsx'), 'ClientPage'),
  // The Bookings page's Plans tab (issue 24): the page is in the first download, its plans are not.
  Plans: lazyPage(() => import('../features/bookings/components/plans-view.tsx'), 'PlansView'),
  // Issue 42: a CSV of clients from another tool, previewed and imported; the clients exported.
  ClientImport: lazyPage(
    () => import('../features/client-import/components/client-import-page.tsx'),
    'ClientImportPage',
  ),
  // A crew member's pages (docs/decisions/024): their jobs, and their invitation's link.
  CrewHome: lazyPage(() => import('../features/crew/components/crew-home-page.tsx'), 'CrewHomePage'),
  OwnerRoute: lazyPage(() => import('../features/route/components/owner-route-page.tsx'), 'OwnerRoutePage'),
  Waitlist: lazyPage(() => import('../features/waitlist/components/waitlist-page.tsx'), 'WaitlistPage'),
  CrewRoute: lazyPage(() => import('../features/route/components/crew-route-page.tsx'), 'CrewRoutePage'),
  CrewJoin: lazyPage(() => import('../features/crew/components/crew-join-page.tsx'), 'CrewJoinPage'),
  DoorHanger: lazyPage(() => import('../features/door-hanger/components/door-hanger-page.tsx'), 'DoorHangerPage'),
};

/** The dashboard's top-bar links whose pages are in chunks of their own: loaded when the owner heads for one. */
const PRELOAD_ON_INTENT = {
  '/dashboard/calendar': lazyPages.Calendar.preload,
  '/dashboard/services': lazyPages.Services.preload,
  '/dashboard/settings': lazyPages.Settings.preload,
  '/dashboard/insights': lazyPages.Insights.preload,
  '/dashboard/payments': lazyPages.Payments.preload,
  '/dashboard/clients': lazyPages.Clients.preload,
};

/** Loads every lazy page now, so tests render pages at once (testing/render-app.tsx). */
export function preloadPages(): Promise<unknown> {
  return Promise.all(Object.values(lazyPages).map((page) => page.preload()));
}

/** Hands the router's navigate to the session, so expiry and 401s move the user from outside React. */
function BindNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigation((to, options) => void navigate(to, options));
  }, [navigate]);
  return null;
}

/**
 * The whole app beneath a router: <BrowserRouter> in main.tsx, <MemoryRouter> in tests. Paths are
 * case-sensitive, as the server's are: /Signup is "Page not found" on both sides.
 */
export function AppRoutes() {
  return (
    <>
      <BindNavigation />
      <Routes>
        <Route
          element={
            <RouteBoundary>
              <RootLayout />
            </RouteBoundary>
          }
        >
          {/* The server answers "/" with the landing page; this only matters under `vite dev`. */}
          <Route caseSensitive path="/" element={<Navigate to="/dashboard" replace />} />
          <Route caseSensitive path="/login" element={<LoginPage />} />
          <Route caseSensitive path="/signup" element={<SignupPage />} />
          <Route caseSensitive path="/forgot-password" element={<lazyPages.ForgotPassword />} />
          <Route caseSensitive path="/reset-password" element={<lazyPages.ResetPassword />} />
          <Route caseSensitive path="/onboarding" element={<Navigate to="/onboarding/step1" replace />} />
          <Route caseSensitive path="/onboarding/step1" element={<lazyPages.Step1 />} />
          <Route caseSensitive path="/onboarding/step2" element={<lazyPages.Step2 />} />
          <Route caseSensitive path="/onboarding/step3" element={<lazyPages.Step3 />} />
          <Route caseSensitive path="/onboarding/live" element={<lazyPages.Live />} />
          {/* Customer pages from e-mailed links: public, no session. */}
          <Route caseSensitive path="/customer/reschedule" element={<lazyPages.Reschedule />} />
          <Route caseSensitive path="/customer/cancel" element={<lazyPages.Cancel />} />
          <Route caseSensitive path="/customer/price" element={<lazyPages.Price />} />
          <Route caseSensitive path="/customer/offer" element={<lazyPages.Waitlisted />} />
          <Route caseSensitive path="/customer/waitlist" element={<lazyPages.Waitlisted />} />
          <Route caseSensitive path="/customer/quote" element={<lazyPages.QuoteLink />} />
          <Route caseSensitive path="/customer/invoice" element={<lazyPages.InvoiceLink />} />
          {/* A crew member's jobs (their own login) and the link of their invitation mail. */}
          <Route caseSensitive path="/crew" element={<lazyPages.CrewHome />} />
          <Route caseSensitive path="/crew/join" element={<lazyPages.CrewJoin />} />
          <Route caseSensitive path="/crew/route" element={<lazyPages.CrewRoute />} />
          <Route caseSensitive path="/dashboard" element={<DashboardLayout preload={PRELOAD_ON_INTENT} />}>
            {/* A failing or loading page keeps the top bar, so the owner can go elsewhere. */}
            <Route
              element={
                <RouteBoundary>
                  <Outlet />
                </RouteBoundary>
              }
            >
              <Route index element={<OverviewPage />} />
              <Route caseSensitive path="calendar" element={<lazyPages.Calendar />} />
              <Route caseSensitive path="route/:crewId/:day" element={<lazyPages.OwnerRoute />} />
              <Route caseSensitive path="waitlist/:day" element={<lazyPages.Waitlist />} />
              <Route caseSensitive path="bookings" element={<BookingsPage Plans={lazyPages.Plans} />} />
              <Route caseSensitive path="bookings/new" element={<lazyPages.NewBooking />} />
              <Route caseSensitive path="services" element={<lazyPages.Services />} />
              {/* Its sections at addresses of their own (features/settings/sections.tsx). */}
              <Route caseSensitive path="settings/*" element={<lazyPages.Settings />} />
              <Route caseSensitive path="insights" element={<lazyPages.Insights />} />
              <Route caseSensitive path="payments" element={<lazyPages.Payments />} />
              <Route caseSensitive path="clients/import" element={<lazyPages.ClientImport />} />
              <Route caseSensitive path="quotes" element={<lazyPages.Quotes />} />
              <Route caseSensitive path="clients" element={<lazyPages.Clients />} />
              <Route caseSensitive path="clients/:id" element={<lazyPages.Client />} />
              <Route caseSensitive path="door-hanger/:id" element={<lazyPages.DoorHanger />} />
              <Route path="*" element={<DashboardNotFound />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
