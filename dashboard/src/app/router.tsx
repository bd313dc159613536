/**
 * The route table (SPEC.md section 2). Features never import each other; this file
 * composes them. The calendar loads lazily, in its own chunk (react-big-calendar is large).
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { DashboardLayout } from '../components/layouts/dashboard-layout.tsx';
import { ForgotPasswordPage } from '../features/account/components/forgot-password-page.tsx';
import { ResetPasswordPage } from '../features/account/components/reset-password-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { BookingsPage } from '../features/bookings/components/bookings-page.tsx';
import { CancelPage } from '../features/customer/components/cancel-page.tsx';
import { ReschedulePage } from '../features/customer/components/reschedule-page.tsx';
import { Step1Page } from '../features/onboarding/components/step1-page.tsx';
import { Step2Page } from '../features/onboarding/components/step2-page.tsx';
import { Step3Page } from '../features/onboarding/components/step3-page.tsx';
import { OverviewPage } from '../features/overview/components/overview-page.tsx';
import { ServicesPage } from '../features/services/components/services-page.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { bindNavigation } from '../lib/session.ts';
import { ErrorView } from './error-view.tsx';
import { DashboardNotFound, NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorView />,
    hydrateFallbackElement: <p className="loading">Loading...</p>,
    children: [
      // The server answers "/" with the landing page; this only matters under `vite dev`.
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/onboarding', element: <Navigate to="/onboarding/step1" replace /> },
      { path: '/onboarding/step1', element: <Step1Page /> },
      { path: '/onboarding/step2', element: <Step2Page /> },
      { path: '/onboarding/step3', element: <Step3Page /> },
      // Customer pages from e-mailed links: public, no session.
      { path: '/customer/reschedule', element: <ReschedulePage /> },
      { path: '/customer/cancel', element: <CancelPage /> },
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          {
            // A failing page keeps the top bar, so the owner can go elsewhere.
            errorElement: <ErrorView />,
            children: [
              { index: true, element: <OverviewPage /> },
              {
                path: 'calendar',
                lazy: async () => ({
                  Component: (await import('../features/calendar/calendar-page.tsx')).CalendarPage,
                }),
              },
              { path: 'bookings', element: <BookingsPage /> },
              { path: 'services', element: <ServicesPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: '*', element: <DashboardNotFound /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  bindNavigation((to, options) => void router.navigate(to, options));
  return router;
}
