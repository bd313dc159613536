import type { FeedbackRequest } from '@slotwise/shared/api';
import { FeedbackButton } from '@slotwise/ui/feedback-button.tsx';
import type { FeedbackPlace } from '@slotwise/ui/feedback-form.tsx';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../components/toaster.tsx';
import { client } from '../lib/api.ts';
import { pageTitle } from './page-title.ts';

const PLACES: [prefix: string, place: FeedbackPlace][] = [
  ['/dashboard/calendar', 'Calendar Page'],
  ['/dashboard/bookings', 'Bookings Page'],
  ['/dashboard/services', 'Services Page'],
  ['/dashboard/settings', 'Settings Page'],
];

/** The Feedback form's "Where" for the page the user is on. */
function feedbackPlace(pathname: string): FeedbackPlace {
  return PLACES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? 'Home Page';
}

const sendFeedback = (body: FeedbackRequest) => client.feedback.send({ body });

/** Wraps every screen of the app: the page, its document title, and the floating Feedback button (docs/product.md#feedback). */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return (
    <>
      <Outlet />
      <Toaster />
      <FeedbackButton where={feedbackPlace(pathname)} send={sendFeedback} />
    </>
  );
}
