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
    expect(api.callsTo(`PUT ${CONFIRMATION}`)[0]?.body).toEqual({ confirmation: 'automatically' });
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
});
