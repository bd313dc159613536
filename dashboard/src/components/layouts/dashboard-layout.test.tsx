import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, onboardedProfile } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { storeToken } from '../../testing/tokens.ts';

describe('dashboard layout', () => {
  it('has the five links and Log Out', async () => {
    storeToken();
    fakeApi();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['My Dashboard', '/dashboard'],
      ['Calendar', '/dashboard/calendar'],
      ['Bookings', '/dashboard/bookings'],
      ['Services', '/dashboard/services'],
      ['Settings', '/dashboard/settings'],
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('logs out: removes the token, clears the user and goes to /login', async () => {
    storeToken();
    fakeApi();
    const { user, pathname } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    // Back to a protected page: still signed out.
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(pathname()).toBe('/signup');
  });

  it('loads the calendar page lazily under the top bar', async () => {
    storeToken();
    fakeApi();
    renderApp('/dashboard/calendar');
    expect(await screen.findByRole('heading', { name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['name', { name: null, niche: null, address: null }, '/onboarding/step1'],
    ['niche', { niche: null, address: null }, '/onboarding/step2'],
    ['address', { address: null }, '/onboarding/step3'],
  ])('links an owner missing a %s to the right onboarding step', async (_what, missing, step) => {
    storeToken();
    fakeApi({ 'GET /api/onboarding/profile': { body: { ...onboardedProfile, ...missing, onboarded: false } } });
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Finish onboarding' })).toHaveAttribute('href', step);
  });

  it('shows no onboarding banner to an onboarded owner', async () => {
    storeToken();
    const api = fakeApi();
    renderApp('/dashboard');
    await waitFor(() => expect(api.callsTo('GET /api/onboarding/profile')).toHaveLength(1));
    await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Finish onboarding' })).not.toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Home Page'],
    ['/dashboard/calendar', 'Calendar Page'],
    ['/dashboard/bookings', 'Bookings Page'],
    ['/dashboard/services', 'Services Page'],
    ['/dashboard/settings', 'Settings Page'],
    ['/login', 'Home Page'],
  ])('offers Feedback on %s with Where = %s', async (path, place) => {
    storeToken();
    fakeApi();
    const { user } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    expect(screen.getByLabelText('Where')).toHaveValue(place);
  });
});

describe('router fallbacks', () => {
  it('shows a not-found page with a link home for unknown routes', () => {
    fakeApi();
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the forgot-password page', () => {
    fakeApi();
    renderApp('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Forgot Password?' })).toBeInTheDocument();
  });
});
