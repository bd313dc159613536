import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { makeUndelivered } from '../../../testing/undelivered.ts';
import { UndeliveredSection } from './undelivered-section.tsx';

const LIST = 'GET /api/business-dashboard/messages/undelivered';

describe('Settings > Notifications, Not delivered', () => {
  it("lists the last days' undelivered messages with their booking, and sends one again", async () => {
    storeToken();
    const reminder = makeUndelivered();
    const past = makeUndelivered({
      what: '"booking received" mail',
      to: 'sam@example.com',
      booking: { firstName: 'Sam', lastName: 'Lee', serviceName: 'Quick Wash', day: '2026-03-01', startTime: '14:30' },
      cannotResend: 'The visit has already started: it would come too late.',
    });
    const api = fakeApi({
      [LIST]: { body: { days: 14, messages: [reminder, past] } },
      'POST /api/business-dashboard/messages/:id/resend': (req) => ({
        body: { _id: req.params.id, queuedAt: '2026-03-04T19:00:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    render(<UndeliveredSection headingId="undelivered" />);
    const section = await screen.findByRole('region', { name: 'Not delivered' });
    expect(
      await within(section).findByText(
        'Mails and texts of the last 14 days that could not be delivered. Send again tries once more, now.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByText('Full Detail for Dana Scully, Thu, Mar 5, 2026 at 10:00 AM')).toBeInTheDocument();
    expect(within(section).getByText('Quick Wash for Sam Lee, Sun, Mar 1, 2026 at 2:30 PM')).toBeInTheDocument();
    expect(
      within(section).getByText(
        'The "booking received" mail could not be delivered to sam@example.com: 10 attempts failed; the last: connect ECONNREFUSED 127.0.0.1:25',
      ),
    ).toBeInTheDocument();
    expect(within(section).getAllByRole('button', { name: 'Send again' })).toHaveLength(1);
    await user.click(within(section).getByRole('button', { name: 'Send again' }));
    expect(await within(section).findByText('The reminder was queued again for dana@example.com.')).toBeInTheDocument();
    expect(within(section).queryByText(/^The reminder could not be delivered/)).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/business-dashboard/messages/:id/resend')).toHaveLength(1);
  });

  it('says when everything was delivered', async () => {
    storeToken();
    fakeApi({ [LIST]: { body: { days: 14, messages: [] } } });
    render(<UndeliveredSection headingId="undelivered" />);
    expect(await screen.findByText('Every mail and text of the last 14 days was delivered.')).toBeInTheDocument();
  });
});
