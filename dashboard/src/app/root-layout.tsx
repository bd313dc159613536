import { useSignals } from '@preact/signals-react/runtime';
import { FeedbackButton } from '@slotwise/ui/feedback-button.tsx';
import { FeedbackForm, type FeedbackPlace } from '@slotwise/ui/feedback-form.tsx';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ACCOUNT_BUTTON_ID } from '../components/layouts/account-menu.tsx';
import { Toaster } from '../components/toaster.tsx';
import { feedbackAlert, feedbackOpen, sendFeedback } from '../lib/feedback.ts';
import { usePhone } from '../lib/media.ts';
import { pageTitle } from './page-title.ts';

const PLACES: [prefix: string, place: FeedbackPlace][] = [
  ['/dashboard/calendar', 'Calendar Page'],
  ['/dashboard/bookings', 'Bookings Page'],
  ['/dashboard/services', 'Services Page'],
  ['/dashboard/settings', 'Settings Page'],
  ['/dashboard/insights', 'Insights Page'],
];

/** The Feedback form's "Where" for the page the user is on. */
function feedbackPlace(pathname: string): FeedbackPlace {
  return PLACES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? 'Home Page';
}

/**
 * Wraps every screen of the app: the page, its document title, and the floating Feedback
 * button (docs/product.md#feedback). In the dashboard on a phone the button gives way to
 * the account menu's "Send feedback" (lib/feedback.ts), so it never covers the page.
 */
export function RootLayout() {
  useSignals();
  const { pathname } = useLocation();
  const phone = usePhone();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  const where = feedbackPlace(pathname);
  const inMenu = phone && pathname.startsWith('/dashboard');
  return (
    <>
      <Outlet />
      <Toaster />
      {!inMenu ? (
        <FeedbackButton where={where} send={sendFeedback} alert={feedbackAlert} />
      ) : (
        feedbackOpen.value && (
          <div className="sw-feedback sw-feedback--right">
            <FeedbackForm
              where={where}
              send={sendFeedback}
              alert={feedbackAlert}
              onClose={() => {
                feedbackOpen.value = false;
                document.getElementById(ACCOUNT_BUTTON_ID)?.focus();
              }}
            />
          </div>
        )
      )}
    </>
  );
}
