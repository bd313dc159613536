import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { onPhone } from '../../testing/phone.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { storeToken } from '../../testing/tokens.ts';

describe('the account menu on a phone', () => {
  it('holds Log Out and Send feedback; no floating Feedback button covers the page', async () => {
    onPhone();
    storeToken();
    fakeApi();
    const { user, pathname } = renderApp('/dashboard');
    const account = await screen.findByRole('button', { name: 'Account' });
    expect(screen.queryByRole('button', { name: 'Feedback' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(account).toHaveAttribute('aria-expanded', 'false');

    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('owner@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    const form = await screen.findByRole('dialog', { name: 'Send Feedback' });
    // The form knows the page it was opened on.
    expect(within(form).getByRole('combobox', { name: /Where/ })).toHaveValue('Home Page');
    await user.click(within(form).getByRole('button', { name: /Close/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Feedback' })).not.toBeInTheDocument());
    expect(account).toHaveFocus();

    await user.click(account);
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(pathname()).toBe('/login'));
  });

  it('leads to Insights, which is not one of the five tabs', async () => {
    onPhone();
    storeToken();
    fakeApi();
    const { user, pathname } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('link', { name: 'Insights' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard/insights'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape, focus back on its button', async () => {
    onPhone();
    storeToken();
    fakeApi();
    const { user } = renderApp('/dashboard');
    const account = await screen.findByRole('button', { name: 'Account' });
    await user.click(account);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it('is not there on a wide screen, where the e-mail and Log Out sit in the bar and Feedback floats', async () => {
    storeToken();
    fakeApi();
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feedback' })).toBeInTheDocument();
  });
});
