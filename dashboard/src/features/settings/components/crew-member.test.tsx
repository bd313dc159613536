import type { Crew } from '@slotwise/shared/api';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type Reply } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { CrewMember } from './crew-member.tsx';

const ID = '5f0c6d5e-2222-4a1a-8a1a-000000000001';
const INVITE = 'POST /api/business-dashboard/crews/:id/member';
const RESEND = 'POST /api/business-dashboard/crews/:id/member/resend';
const REMOVE = 'DELETE /api/business-dashboard/crews/:id/member';

const crew = (member: Crew['member']): Crew => ({
  _id: ID,
  name: 'Truck 2',
  color: '#1d4ed8',
  active: true,
  hours: null,
  startAddress: null,
  serviceIds: null,
  member,
});
const invited = crew({ email: 'sam@example.com', status: 'invited' });
const active = crew({ email: 'sam@example.com', status: 'active' });

function setup(start: Crew, routes: Record<string, Reply> = {}) {
  storeToken();
  const api = fakeApi(routes);
  const onChange = vi.fn();
  const user = userEvent.setup();
  const view = render(<CrewMember crew={start} onChange={onChange} />);
  // The parent places the answered crew back into the component, as the crews section will.
  onChange.mockImplementation((next: Crew) => view.rerender(<CrewMember crew={next} onChange={onChange} />));
  return { api, onChange, user };
}

describe('Settings > Crews: a crew login', () => {
  it('invites by e-mail and shows the crew as invited', async () => {
    const { api, onChange, user } = setup(crew(null), { [INVITE]: { status: 201, body: invited } });
    expect(screen.getByRole('region', { name: 'Crew login' })).toHaveTextContent('No login yet.');
    await user.click(screen.getByRole('button', { name: 'Invite a login' }));
    expect(screen.getByText(/They see only this crew's jobs, without prices/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), ' Sam@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Invite by e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to sam@example.com.');
    expect(api.callsTo(INVITE)[0]?.params.id).toBe(ID);
    expect(api.callsTo(INVITE)[0]?.body).toEqual({ email: 'Sam@Example.com' });
    expect(onChange).toHaveBeenCalledWith(invited);
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByText(/Has not set a password yet/)).toBeInTheDocument();
  });

  it("refuses what is not an e-mail before calling, and shows the server's refusal", async () => {
    const { api, user } = setup(crew(null), {
      [INVITE]: {
        status: 409,
        body: {
          error:
            "sam@example.com already has a Slotwise login (an owner's or another crew's). Invite this crew member with another e-mail.",
          code: 'CREW_EMAIL_TAKEN',
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Invite a login' }));
    await user.type(screen.getByLabelText('E-mail'), 'sam');
    await user.click(screen.getByRole('button', { name: 'Invite by e-mail' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an e-mail address, like sam@example.com.');
    expect(api.callsTo(INVITE)).toHaveLength(0);
    await user.type(screen.getByLabelText('E-mail'), '@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite by e-mail' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not send the invitation.');
    expect(alert).toHaveTextContent('already has a Slotwise login');
    expect(screen.getByLabelText('E-mail')).toHaveValue('sam@example.com');
  });

  it('resends the invitation, and says when it is too soon', async () => {
    const { api, user } = setup(invited, { [RESEND]: { body: invited } });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new invitation went to sam@example.com.');
    api.on(RESEND, {
      status: 429,
      body: {
        error: 'An invitation went to sam@example.com less than a minute ago. Wait 42 seconds before sending another.',
        code: 'RATE_LIMITED',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait 42 seconds');
  });

  it('shows an active login, whose Resend sends a link to set a new password', async () => {
    const { user } = setup(active, { [RESEND]: { body: active } });
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Logs in as Truck 2. Resend mails them a link to set a new password.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A link to set a new password went to sam@example.com.',
    );
  });

  it('removes the access after a confirmation, back to the invitation form', async () => {
    const { api, user } = setup(active, { [REMOVE]: { body: crew(null) } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Remove access' }));
    expect(api.callsTo(REMOVE)).toHaveLength(0);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Remove access' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/^Remove sam@example.com's access to Truck 2\?/));
    expect(await screen.findByRole('status')).toHaveTextContent('sam@example.com can no longer log in as Truck 2.');
    expect(screen.getByRole('button', { name: 'Invite a login' })).toBeInTheDocument();
  });
});
