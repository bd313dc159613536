import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shownToasts } from '../../../components/toaster.tsx';
import { fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { ClientSavedCard } from './client-saved-card.tsx';

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const C = `/api/business-dashboard/clients/${ID}/card`;
const VISA = {
  label: 'Visa ending 4242',
  brand: 'visa',
  last4: '4242',
  expMonth: 4,
  expYear: 2029,
  savedAt: '2026-12-03T15:00:00.000Z',
};

describe("a client's card on file", () => {
  it('shows the card and removes it after a confirmation', async () => {
    storeToken();
    const api = fakeApi({ [`GET ${C}`]: { body: { card: VISA } }, [`DELETE ${C}`]: { body: { card: null } } });
    const user = userEvent.setup();
    render(<ClientSavedCard clientId={ID} />);
    expect(await screen.findByText('Visa ending 4242')).toBeInTheDocument();
    expect(screen.getByText(/expires 04\/29/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(api.callsTo(`DELETE ${C}`)).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: 'Remove the card' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText(/No card saved/)).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${C}`)).toHaveLength(1);
    expect(shownToasts()).toContain('Card removed.');
  });

  it("says when none is saved, and the server's reason when removing fails", async () => {
    storeToken();
    fakeApi({
      [`GET ${C}`]: { body: { card: VISA } },
      [`DELETE ${C}`]: {
        status: 404,
        body: { error: 'No card is saved for this client; there is nothing to remove.', code: 'CARD_NOT_SAVED' },
      },
    });
    const user = userEvent.setup();
    render(<ClientSavedCard clientId={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(
      await screen.findByText('No card is saved for this client; there is nothing to remove.'),
    ).toBeInTheDocument();
  });
});
