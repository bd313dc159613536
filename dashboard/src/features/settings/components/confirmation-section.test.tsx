import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { ConfirmationSection } from './confirmation-section.tsx';

const CONFIRMATION = '/api/business-dashboard/settings/confirmation';

function section() {
  return screen.getByRole('heading', { name: 'Confirming bookings' }).closest('section') as HTMLElement;
}

describe('Settings: Confirming bookings', () => {
  it("starts at the business's choice and switches to confirming automatically", async () => {
    storeToken();
    const api = fakeApi({
      [`GET ${CONFIRMATION}`]: { body: { confirmation: 'myself' } },
      [`PUT ${CONFIRMATION}`]: (r) => ({ body: r.body }),
    });
    const user = userEvent.setup();
    render(<ConfirmationSection />);
    const mine = await screen.findByRole('radio', { name: /Confirm bookings myself/ });
    expect(mine).toBeChecked();
    const save = within(section()).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(section()).getByRole('radio', { name: /Confirm automatically/ }));
    await user.click(save);
    expect(await within(section()).findByText('Saved. New bookings are confirmed automatically.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${CONFIRMATION}`)[0]?.body).toEqual({
      confirmation: 'automatically',
      nudgeHours: 2,
      expiryHours: 24,
    });
    expect(within(section()).getByRole('radio', { name: /Confirm automatically/ })).toBeChecked();
  });

  it('says why a save failed and keeps the choice', async () => {
    storeToken();
    fakeApi({
      [`GET ${CONFIRMATION}`]: { body: { confirmation: 'myself' } },
      [`PUT ${CONFIRMATION}`]: { status: 500, body: { error: 'The database is busy.', code: 'INTERNAL' } },
    });
    const user = userEvent.setup();
    render(<ConfirmationSection />);
    await user.click(await screen.findByRole('radio', { name: /Confirm automatically/ }));
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    expect(
      await within(section()).findByText(/Failed to save how bookings are confirmed\. Please try again\./),
    ).toBeInTheDocument();
    expect(within(section()).getByRole('radio', { name: /Confirm automatically/ })).toBeChecked();
  });

  it('sets how long a request waits: the reminder and the cut-off, whole hours within bounds', async () => {
    storeToken();
    const api = fakeApi({
      [`GET ${CONFIRMATION}`]: { body: { confirmation: 'myself', nudgeHours: 2, expiryHours: 24 } },
      [`PUT ${CONFIRMATION}`]: (r) => ({ body: r.body }),
    });
    const user = userEvent.setup();
    render(<ConfirmationSection />);
    const nudge = await screen.findByRole('spinbutton', {
      name: 'Remind me of a request still unanswered after (hours)',
    });
    const expiry = within(section()).getByRole('spinbutton', {
      name: 'Let a request expire if unanswered after (hours)',
    });
    expect(nudge).toHaveValue(2);
    expect(expiry).toHaveValue(24);
    expect(expiry).toHaveAccessibleDescription(/before the job's minimum notice starts/);
    const save = within(section()).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(expiry);
    await user.type(expiry, '200');
    await user.click(save);
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Enter whole hours from 0 to 168.');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`PUT ${CONFIRMATION}`)).toHaveLength(0);

    await user.clear(expiry);
    await user.type(expiry, '12');
    await user.clear(nudge);
    await user.type(nudge, '0');
    await user.click(save);
    expect(await within(section()).findByText('Saved. New bookings wait for your approval.')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${CONFIRMATION}`)[0]?.body).toEqual({
      confirmation: 'myself',
      nudgeHours: 0,
      expiryHours: 12,
    });
    expect(within(section()).getByRole('spinbutton', { name: /expire if unanswered/ })).toHaveValue(12);
  });
});
