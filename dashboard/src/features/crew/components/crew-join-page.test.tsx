import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeToken } from '../../../testing/tokens.ts';

const STATUS = 'GET /api/auth/crew-invitation';
const ACCEPT = 'POST /api/auth/crew-invitation';
const INVITED = { email: 'sam@example.com', crewName: 'Truck 2', businessName: 'Shiny Cars' };

describe('/crew/join: a crew member sets their password from the invitation', () => {
  it('checks the link, says who is invited to which crew, wants the password twice, then opens their jobs', async () => {
    const token = makeToken({ email: 'sam@example.com', k: 'crew' });
    const api = fakeApi({
      [STATUS]: { body: INVITED },
      [ACCEPT]: { body: { token } },
      'GET /api/crew/schedule': 'stall',
    });
    const { user, pathname } = renderApp('/crew/join?token=invite-123');
    expect(await screen.findByText('You will log in as sam@example.com')).toBeInTheDocument();
    expect(screen.getByText(/Shiny Cars invited you to see/)).toHaveTextContent(
      "Shiny Cars invited you to see Truck 2's jobs: each day's jobs with the customer's address and phone.",
    );
    expect(api.callsTo(STATUS)[0]?.url.searchParams.get('token')).toBe('invite-123');

    const save = screen.getByRole('button', { name: 'Save Password and See My Jobs' });
    await user.type(screen.getByLabelText('Choose a Password'), 'short');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');
    await user.clear(screen.getByLabelText('Choose a Password'));
    await user.type(screen.getByLabelText('Choose a Password'), 'long enough one');
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough two');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(api.callsTo(ACCEPT)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough one');
    await user.click(save);
    await waitFor(() => expect(pathname()).toBe('/crew'));
    expect(api.callsTo(ACCEPT)[0]?.body).toEqual({ token: 'invite-123', password: 'long enough one' });
    expect(localStorage.getItem('token')).toBe(token);
  });

  it("shows the server's reason for a link that no longer works, and the way to log in", async () => {
    fakeApi({
      [STATUS]: {
        status: 410,
        body: {
          error: 'This invitation link has expired (links last 7 days). Ask the business owner to send it again.',
          code: 'CREW_INVITE_EXPIRED',
        },
      },
    });
    renderApp('/crew/join?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link has expired (links last 7 days). Ask the business owner to send it again.',
    );
    expect(screen.queryByLabelText('Choose a Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says so when the page is opened without a link, and when a link is used up while typing', async () => {
    fakeApi();
    const first = renderApp('/crew/join');
    expect(screen.getByRole('alert')).toHaveTextContent(/This invitation link is not valid/);
    first.unmount();

    fakeApi({
      [STATUS]: { body: INVITED },
      [ACCEPT]: {
        status: 410,
        body: {
          error: 'This invitation link was already used. Log in with your e-mail and password.',
          code: 'CREW_INVITE_USED',
        },
      },
    });
    const { user } = renderApp('/crew/join?token=abc');
    await user.type(await screen.findByLabelText('Choose a Password'), 'long enough one');
    await user.type(screen.getByLabelText('Confirm Password'), 'long enough one');
    await user.click(screen.getByRole('button', { name: 'Save Password and See My Jobs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link was already used.');
    expect(screen.queryByLabelText('Choose a Password')).not.toBeInTheDocument();
  });
});
