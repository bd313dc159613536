/**
 * The route table (SPEC.md section 2). Features never import each other; this file
 * composes them. The calendar loads lazily, in its own chunk (react-big-calendar is large).
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { DashboardLayout } from '../components/layouts/dashboard-layout.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { BookingsPage } from '../features/bookings/components/bookings-page.tsx';
import { OverviewPage } from '../features/overview/components/overview-page.tsx';
import { bindNavigation } from '../lib/session.ts';
import { ErrorView } from './error-view.tsx';
import { DashboardNotFound, NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * A page loaded on first visit, in its own chunk: the first download carries only the
 * shell, log-in and the daily pages (overview, bookings).
 */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}

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
      {
        path: '/forgot-password',
        lazy: page(() => import('../features/account/components/forgot-password-page.tsx'), 'ForgotPasswordPage'),
      },
      {
        path: '/reset-password',
        lazy: page(() => import('../features/account/components/reset-password-page.tsx'), 'ResetPasswordPage'),
      },
      { path: '/onboarding', element: <Navigate to="/onboarding/step1" replace /> },
      {
        path: '/onboarding/step1',
        lazy: page(() => import('../features/onboarding/components/step1-page.tsx'), 'Step1Page'),
      },
      {
        path: '/onboarding/step2',
        lazy: page(() => import('../features/onboarding/components/step2-page.tsx'), 'Step2Page'),
      },
      {
        path: '/onboarding/step3',
        lazy: page(() => import('../features/onboarding/components/step3-page.tsx'), 'Step3Page'),
      },
      // Customer pages from e-mailed links: public, no session.
      {
        path: '/customer/reschedule',
        lazy: page(() => import('../features/customer/components/reschedule-page.tsx'), 'ReschedulePage'),
      },
      {
        path: '/customer/cancel',
        lazy: page(() => import('../features/customer/components/cancel-page.tsx'), 'CancelPage'),
      },
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
              {
                path: 'bookings',
                element: <BookingsPage />,
              },
              {
                path: 'services',
                lazy: page(() => import('../features/services/components/services-page.tsx'), 'ServicesPage'),
              },
              {
                path: 'settings',
                lazy: page(() => import('../features/settings/components/settings-page.tsx'), 'SettingsPage'),
              },
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
