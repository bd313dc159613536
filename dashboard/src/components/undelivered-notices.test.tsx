import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, settle } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { makeUndelivered } from '../testing/undelivered.ts';
import { UndeliveredNotices } from './undelivered-notices.tsx';

const LIST = 'GET /api/business-dashboard/messages/undelivered';
const RESEND = 'POST /api/business-dashboard/messages/:id/resend';
const BOOKING = '00000000-0000-4000-8000-000000000042';

describe('UndeliveredNotices', () => {
  it('shows nothing when everything about the booking was delivered, or the list cannot load', async () => {
    storeToken();
    const api = fakeApi({ [LIST]: { status: 503, body: { code: 'DATABASE_UNAVAILABLE', error: 'Try again.' } } });
    const { container } = render(<UndeliveredNotices bookingId={BOOKING} />);
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    await settle();
    expect(container).toBeEmptyDOMElement();
  });

  it("says why a message cannot go again instead of offering Send again, and shows the server's refusal", async () => {
    storeToken();
    const late = makeUndelivered({
      bookingId: BOOKING,
      cannotResend: 'The visit has already started: it would come too late.',
    });
    const text = makeUndelivered({
      bookingId: BOOKING,
      channel: 'text',
      what: 'confirmation text',
      to: '+15125550123',
    });
    fakeApi({
      [LIST]: { body: { days: 14, messages: [late, text] } },
      [RESEND]: {
        status: 409,
        body: {
          code: 'MESSAGE_OUTDATED',
          error:
            'The confirmation text to +15125550123 was not sent again. A later message about this booking (the "booking cancelled" mail) replaced it.',
        },
      },
    });
    const user = userEvent.setup();
    render(<UndeliveredNotices bookingId={BOOKING} />);
    expect(
      await screen.findByText('It cannot be sent again: The visit has already started: it would come too late.'),
    ).toBeInTheDocument();
    // One Send again: the text's; the late reminder has none.
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/replaced it\.$/);
    expect(screen.getByText(/^The confirmation text could not be delivered to \+15125550123/)).toBeInTheDocument();
  });
});
