import type { ClientDetail } from '@slotwise/shared/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

// jsdom's accessible names join a button's text and its visually hidden part without the space a
// browser keeps ("Edit places" reads "Editplaces"), so those names are matched with an optional space.
import { fakeApi } from '../../../testing/fake-api.ts';
import { storeToken } from '../../../testing/tokens.ts';
import { ClientPlaces, ClientThings } from './client-lists.tsx';

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const PLACE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const THING = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

const nora: ClientDetail = {
  _id: ID,
  firstName: 'Nora',
  lastName: 'Quinn',
  email: 'nora@example.com',
  phone: '+15552010001',
  address: '12 Ocean Ave, Austin, TX',
  lastVisit: null,
  nextVisit: null,
  spentCents: 0,
  bookings: 0,
  addresses: [{ _id: PLACE, address: '12 Ocean Ave, Austin, TX', notes: 'Gate 4411' }],
  things: [{ _id: THING, label: 'Vehicle: SUV', answers: [{ question: 'Vehicle', answer: 'SUV' }] }],
  notes: '',
  tags: [],
  textsConsent: false,
  marketingConsent: false,
  source: 'owner',
  createdAt: '2026-12-01T15:00:00.000Z',
  nextBookings: [],
  pastBookings: [],
  plans: [],
  messages: [],
  quotes: [],
  totals: { visits: 0, upcomingCents: 0 },
};

describe("a client's places and things served", () => {
  it('edits the places as one list: a note changed, one added, one removed, sent whole and shown as saved', async () => {
    storeToken();
    const saved: ClientDetail = {
      ...nora,
      addresses: [{ _id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', address: '9 Elm St, Austin, TX', notes: '' }],
    };
    const api = fakeApi({ [`PUT /api/business-dashboard/clients/${ID}/places`]: { body: saved } });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ClientPlaces c={nora} onSaved={onSaved} />);
    expect(screen.getByRole('link', { name: '12 Ocean Ave, Austin, TX' })).toBeInTheDocument();
    expect(screen.getByText('Gate 4411')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Edit ?places$/ }));
    const first = screen.getByRole('group', { name: 'Place 1' });
    await user.clear(within(first).getByLabelText('Notes for this place'));
    await user.type(within(first).getByLabelText('Notes for this place'), 'Gate 9000');
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    await user.type(within(screen.getByRole('group', { name: 'Place 2' })).getByLabelText('Address'), '9 Elm St');
    await user.click(screen.getByRole('button', { name: /^Remove ?place 1$/ }));
    expect(screen.queryByRole('group', { name: 'Place 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save places' }));

    expect(api.callsTo(`PUT /api/business-dashboard/clients/${ID}/places`).map((c) => c.body)).toEqual([
      { places: [{ address: '9 Elm St', notes: '' }] },
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(screen.queryByRole('button', { name: 'Save places' })).not.toBeInTheDocument();
  });

  it("keeps the draft and says the server's reason when a save is refused; Cancel drops the draft", async () => {
    storeToken();
    fakeApi({
      [`PUT /api/business-dashboard/clients/${ID}/things`]: {
        status: 400,
        body: { error: 'Name must be at most 100 characters.', code: 'VALIDATION_ERROR' },
      },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ClientThings c={nora} onSaved={onSaved} />);
    expect(screen.getByText('Vehicle SUV')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Edit ?things served$/ }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '2019 Honda CR-V');
    await user.click(screen.getByRole('button', { name: 'Save things' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name must be at most 100 characters.');
    expect(screen.getByLabelText('Name')).toHaveValue('2019 Honda CR-V');
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /^Remove ?2019 Honda CR-V$/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Vehicle: SUV')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save things' })).not.toBeInTheDocument();
  });
});
