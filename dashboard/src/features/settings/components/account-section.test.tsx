import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { checkSession, currentUser } from '../../../lib/session.ts';
import { deferred, type FakeRequest, fakeApi, type Handler, type Reply, settle } from '../../../testing/fake-api.ts';
import { loadingSkeleton } from '../../../testing/skeleton.ts';
import { makeToken, storeToken } from '../../../testing/tokens.ts';
import { AccountSection } from './account-section.tsx';

const ACCOUNT = 'GET /api/business-dashboard/account';
const PHONE = 'PUT /api/business-dashboard/account/phone';
const PASSWORD = 'PUT /api/business-dashboard/account/password';

function setup(over: Record<string, Handler | Reply> = {}) {
  const token = storeToken();
  checkSession();
  const api = fakeApi({
    [ACCOUNT]: { body: { email: 'owner@example.com', phoneNumber: '+447700900123' } },
    [PHONE]: (req: FakeRequest) => ({ body: { email: 'owner@example.com', ...(req.body as object) } }),
    ...over,
  });
  const user = userEvent.setup();
  render(<AccountSection />);
  return { api, user, token };
}

const phoneForm = () => screen.getByRole('form', { name: 'Phone Number' });
const passwordForm = () => screen.getByRole('form', { name: 'Change Password' });

async function typePasswords(user: ReturnType<typeof userEvent.setup>, current: string, next: string, again = next) {
  const form = passwordForm();
  if (current) await user.type(within(form).getByLabelText('Current Password'), current);
  if (next) await user.type(within(form).getByLabelText('New Password'), next);
  if (again) await user.type(within(form).getByLabelText('Confirm New Password'), again);
}

describe('Settings: Account', () => {
  it('shows a skeleton, then the e-mail read-only and the phone split into country and number', async () => {
    storeToken();
    const answer = deferred<Reply>();
    fakeApi({ [ACCOUNT]: () => answer.promise });
    render(<AccountSection />);
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    loadingSkeleton();
    answer.resolve({ body: { email: 'owner@example.com', phoneNumber: '+971501234567' } });
    const email = await screen.findByLabelText('Email Address');
    expect(email).toHaveValue('owner@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(within(phoneForm()).getByLabelText('Country Code')).toHaveValue('United Arab Emirates');
    // Stored as E.164; shown as its country writes it.
    expect(within(phoneForm()).getByLabelText('Phone Number')).toHaveValue('050 123 4567');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('offers every country code of signup', async () => {
    setup();
    const select = (await screen.findByLabelText('Country Code')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '+44 United Kingdom',
      '+1 United States',
      '+91 India',
      '+61 Australia',
      '+81 Japan',
      '+49 Germany',
      '+33 France',
      '+39 Italy',
      '+971 United Arab Emirates',
      '+1 Canada',
    ]);
    expect(select).toHaveValue('United Kingdom');
  });

  it('changes the phone number: country code joined with the number, then the saved number shown', async () => {
    // The server answers the number as it stored it, E.164.
    const { api, user } = setup({ [PHONE]: { body: { email: 'owner@example.com', phoneNumber: '+819012345678' } } });
    const form = await screen.findByRole('form', { name: 'Phone Number' });
    await user.selectOptions(within(form).getByLabelText('Country Code'), 'Japan');
    const number = within(form).getByLabelText('Phone Number');
    await user.clear(number);
    await user.type(number, ' 9012345678 ');
    await user.click(within(form).getByRole('button', { name: 'Save Phone Number' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Phone number updated successfully!');
    expect(api.callsTo(PHONE).map((c) => c.body)).toEqual([{ phoneNumber: '+81 9012345678' }]);
    expect(number).toHaveValue('090-1234-5678');
    expect(within(form).getByLabelText('Country Code')).toHaveValue('Japan');
  });

  it('asks for a number before sending anything', async () => {
    const { api, user } = setup();
    const form = await screen.findByRole('form', { name: 'Phone Number' });
    await user.clear(within(form).getByLabelText('Phone Number'));
    await user.click(within(form).getByRole('button', { name: 'Save Phone Number' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter your phone number.');
    expect(api.callsTo(PHONE)).toHaveLength(0);
  });

  it('shows the phone failure with the server reason', async () => {
    const { user } = setup({
      [PHONE]: { status: 400, body: { error: 'Enter a phone number with its country code, like +1 5551234567.' } },
    });
    const form = await screen.findByRole('form', { name: 'Phone Number' });
    await user.type(within(form).getByLabelText('Phone Number'), 'x');
    await user.click(within(form).getByRole('button', { name: 'Save Phone Number' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update phone number. Please try again.');
    expect(alert).toHaveTextContent('Enter a phone number with its country code, like +1 5551234567.');
  });

  it('phone messages disappear after 3 seconds', async () => {
    setup();
    const save = await screen.findByRole('button', { name: 'Save Phone Number' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(save);
    });
    await settle();
    expect(screen.getByText('Phone number updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Phone number updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Phone number updated successfully!')).not.toBeInTheDocument();
  });

  it('says when the account cannot be loaded, offers to try again, and still allows a password change', async () => {
    const api = fakeApi({ [ACCOUNT]: { status: 500 } });
    storeToken();
    const user = userEvent.setup();
    render(<AccountSection />);
    expect(await screen.findByText('Failed to load your account details.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change Password' })).toBeInTheDocument();
    api.on(ACCOUNT, { body: { email: 'owner@example.com', phoneNumber: '+1 5550001111' } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Email Address')).toHaveValue('owner@example.com');
    expect(screen.getByLabelText('Country Code')).toHaveValue('United States');
  });
});

describe('Settings: Account, change password', () => {
  it('sends the current and new password, stores the fresh token and stays signed in', async () => {
    const fresh = makeToken({ email: 'owner@example.com', exp: Math.floor(Date.now() / 1000) + 7200 });
    const { api, user, token } = setup({ [PASSWORD]: { body: { token: fresh } } });
    await screen.findByLabelText('Email Address');
    expect(currentUser.value?.exp).not.toBe(JSON.parse(atob(fresh.split('.')[1] ?? '')).exp);
    await typePasswords(user, 'old secret 1', 'new secret 2');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    expect(await within(passwordForm()).findByRole('status')).toHaveTextContent(
      'Password changed. Other sessions have been logged out.',
    );
    expect(api.callsTo(PASSWORD).map((c) => c.body)).toEqual([
      { currentPassword: 'old secret 1', newPassword: 'new secret 2' },
    ]);
    expect(api.callsTo(PASSWORD)[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(currentUser.value?.exp).toBe(JSON.parse(atob(fresh.split('.')[1] ?? '')).exp);
    // The fields are emptied, and the next call carries the new token.
    for (const label of ['Current Password', 'New Password', 'Confirm New Password'])
      expect(within(passwordForm()).getByLabelText(label)).toHaveValue('');
    await user.click(within(phoneForm()).getByRole('button', { name: 'Save Phone Number' }));
    await within(phoneForm()).findByRole('status');
    expect(api.callsTo(PHONE)[0]?.headers.authorization).toBe(`Bearer ${fresh}`);
  });

  it("shows the server's 'Your current password is not correct.' and keeps the session", async () => {
    const { user, token } = setup({
      [PASSWORD]: { status: 400, body: { error: 'Your current password is not correct.' } },
    });
    await typePasswords(user, 'wrong guess', 'new secret 2');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent(
      /^Your current password is not correct\.$/,
    );
    expect(localStorage.getItem('token')).toBe(token);
    expect(currentUser.value).not.toBeNull();
  });

  it('shows a general failure when the server cannot be reached', async () => {
    const { user } = setup({ [PASSWORD]: 'network' });
    await typePasswords(user, 'old secret 1', 'new secret 2');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    const alert = await within(passwordForm()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to change password. Please try again.');
    expect(alert).toHaveTextContent('Could not reach the server.');
  });

  it.each([
    ['no current password', '', 'new secret 2', 'new secret 2', 'Enter your current password.'],
    [
      'a new password under 8 characters',
      'old secret 1',
      'short12',
      'short12',
      'The new password must be at least 8 characters.',
    ],
    [
      'the new password typed differently',
      'old secret 1',
      'new secret 2',
      'new secret 3',
      'The two new passwords do not match.',
    ],
  ])('refuses %s without calling the server', async (_what, current, next, again, message) => {
    const { api, user } = setup();
    await typePasswords(user, current, next, again);
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    expect(within(passwordForm()).getByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo(PASSWORD)).toHaveLength(0);
  });

  it('accepts exactly 8 characters', async () => {
    const { api, user } = setup({ [PASSWORD]: { body: { token: makeToken() } } });
    await typePasswords(user, 'old secret 1', '12345678');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    await within(passwordForm()).findByRole('status');
    expect(api.callsTo(PASSWORD)).toHaveLength(1);
  });

  it("shows 'Saving...' while the change is in flight", async () => {
    const answer = deferred<Reply>();
    const { user } = setup({ [PASSWORD]: () => answer.promise });
    await typePasswords(user, 'old secret 1', 'new secret 2');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    expect(within(passwordForm()).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve({ body: { token: makeToken() } });
    expect(await within(passwordForm()).findByRole('button', { name: 'Change Password' })).toBeEnabled();
  });

  it('password messages disappear after 3 seconds', async () => {
    const { user } = setup({ [PASSWORD]: { body: { token: makeToken() } } });
    await typePasswords(user, 'old secret 1', 'new secret 2');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    });
    await settle();
    const text = 'Password changed. Other sessions have been logged out.';
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });
});
