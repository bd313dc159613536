import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeToken } from '../../../testing/tokens.ts';

const ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';

describe('Forgot password', () => {
  it('sends the address and shows the same answer whatever happens to the account', async () => {
    const api = fakeApi({ 'POST /api/auth/forgot-password': { body: { message: ANSWER } } });
    const { user } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('Email Address'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(ANSWER)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'owner@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Log In' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's words on a refusal and a plain message when offline", async () => {
    const api = fakeApi({
      'POST /api/auth/forgot-password': {
        status: 429,
        body: { error: 'Too many requests. Please wait 15 minutes and try again.' },
      },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('Email Address'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 15 minutes and try again.',
    );
    api.on('POST /api/auth/forgot-password', 'network');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
  });
});

describe('Reset password', () => {
  it('checks the link, wants the password twice and 8+ characters, then logs in', async () => {
    const token = makeToken({ email: 'owner@example.com' });
    const api = fakeApi({
      'GET /api/auth/reset-password': { body: { valid: true, email: 'owner@example.com' } },
      'POST /api/auth/reset-password': { body: { token } },
    });
    const { user, pathname } = renderApp('/reset-password?token=abc123');
    expect(await screen.findByText('For owner@example.com')).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/reset-password')[0]?.url.searchParams.get('token')).toBe('abc123');

    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'a new password');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Save New Password' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      password: 'a new password',
    });
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('says why a used or expired link fails and offers a new one', async () => {
    fakeApi({
      'GET /api/auth/reset-password': {
        status: 410,
        body: { error: 'This reset link has already been used. Request a new one below.' },
      },
    });
    renderApp('/reset-password?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has already been used.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('refuses a link without a token', () => {
    fakeApi();
    renderApp('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is not valid.');
  });
});
