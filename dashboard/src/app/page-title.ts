/**
 * Each screen's document title, "Calendar - Slotwise" (docs/product.md#screens): what a tab,
 * the history list and a home-screen shortcut show. One table for every route of app/router.tsx.
 */
const TITLES: Record<string, string> = {
  '/login': 'Log In',
  '/signup': 'Sign Up',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/onboarding/step1': 'Set Up Your Business',
  '/onboarding/step2': 'Set Up Your Business',
  '/onboarding/step3': 'Set Up Your Business',
  '/onboarding/live': 'Your Booking Page Is Live',
  '/customer/reschedule': 'Reschedule Your Booking',
  '/customer/cancel': 'Cancel Your Booking',
  '/customer/price': 'A New Price for Your Booking',
  '/dashboard': 'My Dashboard',
  '/dashboard/calendar': 'Calendar',
  '/dashboard/bookings': 'Bookings',
  '/dashboard/services': 'Services',
  '/dashboard/settings': 'Settings',
  '/dashboard/insights': 'Insights',
  '/dashboard/payments': 'Payments',
  '/dashboard/clients': 'Clients',
  '/crew': 'Your Jobs',
  '/crew/join': 'Join Your Crew',
  '/crew/route': "Today's Route",
  '/dashboard/route': "The Day's Route",
};

/**
 * Pages whose sub-pages carry the page's title: Settings' sections (features/settings/sections.tsx)
 * live in the Settings chunk, so their names are not in the first download to title them by; a
 * crew's day route (/dashboard/route/<crew>/<day>) is one page whatever the crew and day.
 */
const WITH_SUB_PAGES = ['/dashboard/settings', '/dashboard/clients', '/dashboard/route'];

/** The title for a path; "Page Not Found" for any the app does not route (paths are case-sensitive). */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parent = WITH_SUB_PAGES.find((prefix) => path.startsWith(`${prefix}/`));
  return `${TITLES[parent ?? path] ?? 'Page Not Found'} - Slotwise`;
}
