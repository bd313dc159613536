import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeToken } from '../../../testing/tokens.ts';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Email Address'), 'owner@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('Login', () => {
  it('shows the spec texts, fields and links', () => {
    fakeApi();
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Log in to continue to your dashboard')).toBeInTheDocument();
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('placeholder', 'Enter your email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('placeholder', 'Enter your password');
    expect(password).toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/Don't have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('stores the token, sets the user and goes to /dashboard on success', async () => {
    const token = makeToken({ email: 'owner@example.com' });
    const api = fakeApi({ 'POST /api/auth/login': { body: { token, account: 'owner' } } });
    const { user, pathname } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe(token);
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'owner@example.com',
      password: 'correct horse',
    });
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toHaveAttribute('title', 'Signed in as owner@example.com');
  });

  it("sends a crew member to their jobs (/crew), never to the owner's dashboard", async () => {
    const token = makeToken({ email: 'sam@example.com', k: 'crew' });
    fakeApi({
      'POST /api/auth/login': { body: { token, account: 'crew' } },
      'GET /api/crew/schedule': { status: 500, body: { error: 'Down for a moment.', code: 'INTERNAL' } },
    });
    const { user, pathname } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(pathname()).toBe('/crew'));
    expect(localStorage.getItem('token')).toBe(token);
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it("shows the server's message for wrong credentials and stays on /login", async () => {
    fakeApi({
      'POST /api/auth/login': { status: 401, body: { error: 'Incorrect email or password.', code: 'BAD_CREDENTIALS' } },
    });
    const { user, pathname } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's words when wrong passwords hold the log-in up: how long, and what else to do", async () => {
    // The server's sentence (packages/server/src/auth/login-backoff.ts), shown as it is sent.
    const words =
      'Too many wrong passwords for this account. Try again in 4 minutes, log in on a device you have logged in on before, or reset your password (Forgot Password?; crew members ask the business owner to resend your invitation).';
    fakeApi({ 'POST /api/auth/login': { status: 429, body: { error: words, code: 'RATE_LIMITED' } } });
    const { user, pathname } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(pathname()).toBe('/login');
    // The way out it names is on the page, and the form can be sent again.
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('shows the catch-all for a server failure and for a network failure', async () => {
    const api = fakeApi({
      'POST /api/auth/login': { status: 500, body: { error: 'Something went wrong on our side.', code: 'INTERNAL' } },
    });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');

    api.on('POST /api/auth/login', 'network');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/login')).toHaveLength(2));
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  });

  it('writes nothing to the console, not even on failure', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    fakeApi({
      'POST /api/auth/login': { status: 401, body: { error: 'Incorrect email or password.', code: 'BAD_CREDENTIALS' } },
    });
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    await screen.findByRole('alert');
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
