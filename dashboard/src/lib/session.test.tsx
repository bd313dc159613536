import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fake-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { loadingSkeleton } from '../testing/skeleton.ts';
import { makeToken, storeToken } from '../testing/tokens.ts';
import { client } from './api.ts';
import { checkSession, currentUser, decodeToken, sessionStatus } from './session.ts';

describe('session start-up check', () => {
  it('signs in with a readable, unexpired token and makes its payload the user', () => {
    storeToken(makeToken({ email: 'me@example.com' }));
    checkSession();
    expect(sessionStatus.value).toBe('signedIn');
    expect(currentUser.value?.email).toBe('me@example.com');
  });

  it('logs out when exp * 1000 is before now', () => {
    const now = Date.now();
    storeToken(makeToken({ exp: Math.floor(now / 1000) - 1 }));
    checkSession(now);
    expect(sessionStatus.value).toBe('signedOut');
    expect(currentUser.value).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps a token that expires exactly now (expiry is "before now")', () => {
    const exp = Math.floor(Date.now() / 1000) + 10;
    storeToken(makeToken({ exp }));
    checkSession(exp * 1000);
    expect(sessionStatus.value).toBe('signedIn');
  });

  it.each([
    ['not a JWT', 'garbage'],
    ['bad base64', 'a.%%%.c'],
    ['JSON without exp', `a.${btoa(JSON.stringify({ sub: 'x', email: 'e' }))}.c`],
    ['not JSON', `a.${btoa('hello')}.c`],
  ])('logs out when the token cannot be decoded (%s)', (_what, token) => {
    localStorage.setItem('token', token);
    checkSession();
    expect(sessionStatus.value).toBe('signedOut');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is signed out with no token at all', () => {
    checkSession();
    expect(sessionStatus.value).toBe('signedOut');
  });

  it('decodes base64url payloads with non-ASCII characters', () => {
    const payload = { sub: 's', email: 'zoë@example.com', exp: 2_000_000_000 };
    const bytes = new TextEncoder().encode(JSON.stringify(payload));
    const b64 = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeToken(`h.${b64}.s`)?.email).toBe('zoë@example.com');
  });
});

describe('the dashboard guard', () => {
  it('shows a page-shaped skeleton while the session is being checked', () => {
    fakeApi();
    sessionStatus.value = 'loading';
    renderApp('/dashboard', { checkSession: false });
    loadingSkeleton();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    fakeApi();
    const { pathname } = renderApp('/dashboard/bookings');
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('sends a visitor with an expired token to /login', async () => {
    storeToken(makeToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    fakeApi();
    const { pathname } = renderApp('/dashboard');
    await waitFor(() => expect(pathname()).toBe('/login'));
  });
});

describe('401 from an authenticated call', () => {
  it('logs out to /login from any page, whichever call it was', async () => {
    storeToken();
    fakeApi({ 'GET /api/onboarding/profile': { status: 401, body: { error: 'Your session has expired.' } } });
    const { pathname } = renderApp('/dashboard/settings');
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStatus.value).toBe('signedOut');
    expect(currentUser.value).toBeNull();
  });

  it('applies to every authenticated client call, and not to login', async () => {
    storeToken();
    const api = fakeApi({
      'GET /api/business-dashboard/services': { status: 401, body: { error: 'expired' } },
      'POST /api/auth/login': { status: 401, body: { error: 'Incorrect email or password.', code: 'BAD_CREDENTIALS' } },
    });
    const { pathname, location } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Dashboard' });
    await expect(client.auth.login({ body: { email: 'a@b.co', password: 'x' } })).rejects.toThrow('Incorrect email');
    expect(sessionStatus.value).toBe('signedIn');
    await expect(client.dashboard.services()).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(location().pathname).toBe('/login');
    expect(api.callsTo('GET /api/business-dashboard/services')[0]?.headers.authorization).toMatch(/^Bearer /);
  });
});
