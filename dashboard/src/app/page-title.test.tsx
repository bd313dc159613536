import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fake-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { storeToken } from '../testing/tokens.ts';
import { pageTitle } from './page-title.ts';

describe('page titles', () => {
  it.each([
    ['/login', 'Log In - Slotwise'],
    ['/signup', 'Sign Up - Slotwise'],
    ['/onboarding/step2', 'Set Up Your Business - Slotwise'],
    ['/dashboard', 'My Dashboard - Slotwise'],
    ['/dashboard/', 'My Dashboard - Slotwise'],
    ['/dashboard/calendar', 'Calendar - Slotwise'],
    ['/dashboard/route/5f0c6d5e-2222-4a1a-8a1a-000000000001/2026-12-02', "The Day's Route - Slotwise"],
    ['/crew/route', "Today's Route - Slotwise"],
    ['/dashboard/bookings', 'Bookings - Slotwise'],
    ['/dashboard/services', 'Services - Slotwise'],
    ['/dashboard/settings', 'Settings - Slotwise'],
    ['/dashboard/settings/hours', 'Settings - Slotwise'],
    ['/dashboard/insights', 'Insights - Slotwise'],
    ['/customer/cancel', 'Cancel Your Booking - Slotwise'],
    ['/pricing', 'Page Not Found - Slotwise'],
    ['/Signup', 'Page Not Found - Slotwise'],
    ['/dashboard/nope', 'Page Not Found - Slotwise'],
  ])('%s is titled %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });

  it('the app sets the title of the page it shows', async () => {
    fakeApi();
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Log In - Slotwise'));
  });

  it.each(['/pricing', '/Signup', '/SIGNUP'])(
    '%s shows "Page not found" with a way home (paths are case-sensitive, as on the server)',
    async (path) => {
      fakeApi();
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      expect(document.title).toBe('Page Not Found - Slotwise');
    },
  );

  it('an unknown dashboard address keeps the top bar, titled Page Not Found', async () => {
    storeToken();
    fakeApi();
    renderApp('/dashboard/Calendar');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found - Slotwise'));
  });
});
