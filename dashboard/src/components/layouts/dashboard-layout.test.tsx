import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { checkSession } from '../../lib/session.ts';
import { fakeApi, onboardedProfile } from '../../testing/fake-api.ts';
import { onPhone } from '../../testing/phone.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { storeToken } from '../../testing/tokens.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

describe('dashboard layout', () => {
  it('has the eight links and Log Out', async () => {
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
      ['Clients', '/dashboard/clients'],
      ['Insights', '/dashboard/insights'],
      ['Payments', '/dashboard/payments'],
      ['Settings', '/dashboard/settings'],
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('opens with a Skip to content link, the first stop of Tab, that moves the focus to the main region', async () => {
    storeToken();
    fakeApi();
    renderApp('/dashboard/bookings');
    await screen.findByRole('heading', { level: 1, name: 'Bookings Management' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    const user = userEvent.setup();
    await user.tab();
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it('keeps five tabs on a phone: Insights is reached from the Account menu and My Dashboard', async () => {
    onPhone();
    storeToken();
    fakeApi();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['My Dashboard', 'Calendar', 'Bookings', 'Services', 'Settings']);
  });

  it('loads the insights page lazily under the top bar, and marks its link', async () => {
    storeToken();
    fakeApi();
    renderApp('/dashboard/insights');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
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

  it("starts loading a page's chunk when the owner heads for its link: pointer, focus or touch", async () => {
    storeToken();
    fakeApi();
    checkSession();
    const calendar = vi.fn(() => Promise.resolve());
    const services = vi.fn(() => Promise.resolve());
    // A chunk that cannot load now is left to the click to report: no unhandled rejection
    // here. (A plain function: vi.fn would handle the promise it returns itself.)
    let settingsCalls = 0;
    const settings = () => {
      settingsCalls++;
      return Promise.reject(new Error('Failed to fetch dynamically imported module'));
    };
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardLayout
          preload={{
            '/dashboard/calendar': calendar,
            '/dashboard/services': services,
            '/dashboard/settings': settings,
          }}
        />
      </MemoryRouter>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    expect(calendar).not.toHaveBeenCalled();
    await user.hover(link('Calendar'));
    expect(calendar).toHaveBeenCalled();
    await user.hover(link('Bookings'));
    await user.pointer({ keys: '[TouchA>]', target: link('Services') });
    expect(services).toHaveBeenCalled();
    expect(settingsCalls).toBe(0);
    link('Settings').focus();
    expect(settingsCalls).toBe(1);
    // A turn of the event loop, for an unhandled rejection to surface within this test.
    await new Promise((resolve) => setTimeout(resolve, 0));
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
    ['/dashboard/insights', 'Insights Page'],
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
