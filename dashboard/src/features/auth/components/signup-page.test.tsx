import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, type Reply } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeToken } from '../../../testing/tokens.ts';

type User = ReturnType<typeof renderApp>['user'];

async function fill(user: User, fields: { email?: string; password?: string; phone?: string } = {}) {
  const { email = 'new@example.com', password = 'longenough', phone = '5551234567' } = fields;
  if (email) await user.type(screen.getByLabelText('Email Address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (phone) await user.type(screen.getByLabelText('Phone Number'), phone);
}

describe('Signup', () => {
  it('shows the spec texts and the ten country codes, +1 United States first chosen', () => {
    fakeApi();
    renderApp('/signup');
    expect(screen.getByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Min. 8 characters');
    const select = screen.getByLabelText('Country Code') as HTMLSelectElement;
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(10);
    expect(new Set(options.map((o) => (o as HTMLOptionElement).value)).size).toBe(10);
    expect(select.selectedOptions[0]).toHaveTextContent('+1 United States');
    expect(options.map((o) => o.textContent)).toContain('+1 Canada');
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute('href', '/login');
  });

  it('asks for every field before calling the server', async () => {
    const api = fakeApi();
    const { user } = renderApp('/signup');
    await fill(user, { phone: '' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');
    expect(api.callsTo('POST /api/auth/signup')).toHaveLength(0);
  });

  it('marks each empty field, says so beside it, and puts the cursor in the first', async () => {
    const api = fakeApi();
    const { user } = renderApp('/signup');
    await fill(user, { email: '', phone: '' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required.');
    const email = screen.getByLabelText('Email Address');
    const phone = screen.getByLabelText('Phone Number');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Enter your phone number.');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveFocus();
    // Typing into a marked field takes its mark away; the other keeps its own.
    await user.type(email, 'new@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter your email address.')).not.toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/auth/signup')).toHaveLength(0);
  });

  it("joins the country code and number, shows 'Creating Account...' disabled, then stores the token and starts onboarding", async () => {
    const answer = deferred<Reply>();
    const token = makeToken();
    const api = fakeApi({ 'POST /api/auth/signup': () => answer.promise });
    const { user, pathname } = renderApp('/signup');
    await fill(user);
    await user.selectOptions(screen.getByLabelText('Country Code'), 'United Kingdom');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const busy = await screen.findByRole('button', { name: 'Creating Account...' });
    expect(busy).toBeDisabled();
    answer.resolve({ status: 201, body: { token } });
    await waitFor(() => expect(pathname()).toBe('/onboarding/step1'));
    expect(localStorage.getItem('token')).toBe(token);
    expect(api.callsTo('POST /api/auth/signup')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'longenough',
      phoneNumber: '+44 5551234567',
    });
  });

  it('sends +1 for Canada as well as for the United States', async () => {
    const api = fakeApi({ 'POST /api/auth/signup': { status: 201, body: { token: makeToken() } } });
    const { user, pathname } = renderApp('/signup');
    await fill(user);
    await user.selectOptions(screen.getByLabelText('Country Code'), 'Canada');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(pathname()).toBe('/onboarding/step1'));
    expect(api.callsTo('POST /api/auth/signup')[0]?.body).toMatchObject({ phoneNumber: '+1 5551234567' });
  });

  it("shows the server's error, or the fallback when it sent none", async () => {
    const api = fakeApi({
      'POST /api/auth/signup': {
        status: 409,
        body: { error: 'An account with this email already exists. Log in instead, or use another email.' },
      },
    });
    const { user } = renderApp('/signup');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();

    api.on('POST /api/auth/signup', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during signup.'));
  });

  it('shows the network message when the server cannot be reached', async () => {
    fakeApi({ 'POST /api/auth/signup': 'network' });
    const { user, pathname } = renderApp('/signup');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(pathname()).toBe('/signup');
  });
});
