/**
 * The pop-up with the owner's operations settings (issue 8): an address outside the
 * service area is refused on the address step, before any time is offered; a
 * business that drives to its customers gets the address with the slots query, and
 * a time the owner cannot reach comes back to the times with the server's words.
 */
import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { createStore } from './state.ts';
import { BUSINESS_ID, fakeApi } from './test-api.ts';

const NOW = new Date('2026-12-04T20:00:00Z');
const OUTSIDE = 'We only serve addresses within 25 miles; this one is 31.2 miles away.';
const TRAVEL = 'There is not enough time to travel to you between other jobs at this time. Please pick another slot.';

function setup(api = fakeApi()) {
  const client = createPublicClient({ baseUrl: 'https://api.test', fetch: api.fetch });
  const store = createStore(client, BUSINESS_ID, { now: () => NOW, uuid: () => 'key-1', searchDelay: 0 });
  store.open('book');
  const user = userEvent.setup();
  render(<App store={store} client={client} onClose={() => store.close()} />);
  return { api, user };
}

type User = ReturnType<typeof userEvent.setup>;
const next = (user: User, name = 'Next') => user.click(screen.getByRole('button', { name }));
const heading = (name: string) => screen.findByRole('heading', { level: 3, name });

async function toAddress(user: User) {
  await user.click(await screen.findByRole('radio', { name: /Full Detail/ }));
  await next(user);
  await heading('A quick question');
  await user.selectOptions(screen.getByLabelText('Vehicle size'), 'SUV');
  await next(user);
  await heading('Your address');
}
async function enterAddress(user: User, house: string) {
  const box = screen.getByRole('combobox', { name: 'Street address' });
  await user.clear(box);
  await user.type(box, `${house} Main St, Bever`);
  await user.click(await screen.findByRole('option', { name: `${house} Main St, Beverly Hills, CA 90210, USA` }));
  await next(user, 'Get my quote');
}

describe('service area in the pop-up', () => {
  it('shows the refusal on the address step, before any time is offered', async () => {
    const api = fakeApi();
    api.on('POST /api/customer/quote', () => ({ status: 400, body: { error: OUTSIDE } }));
    const { user } = setup(api);
    await toAddress(user);
    await enterAddress(user, '12');
    expect(await screen.findByRole('alert')).toHaveTextContent(OUTSIDE);
    expect(screen.getByRole('heading', { name: 'Your address' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your instant quote' })).not.toBeInTheDocument();
    expect(api.count('GET /api/customer/get-available-slots')).toBe(0);
  });
});

describe('travel-aware times in the pop-up', () => {
  it('asks for the times with the address, and again when the address changes', async () => {
    const { user, api } = setup();
    await toAddress(user);
    await enterAddress(user, '12');
    await next(user, 'Choose a time');
    await heading('Pick a date and time');
    await screen.findByRole('button', { name: '9:00 AM' });
    expect(api.last('GET /api/customer/get-available-slots')?.query.get('address')).toBe(
      '12 Main St, Beverly Hills, CA 90210, USA',
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Your address');
    await enterAddress(user, '77');
    await next(user, 'Choose a time');
    await heading('Pick a date and time');
    await screen.findByRole('button', { name: '9:00 AM' });
    expect(api.count('GET /api/customer/get-available-slots')).toBe(2);
    expect(api.last('GET /api/customer/get-available-slots')?.query.get('address')).toBe(
      '77 Main St, Beverly Hills, CA 90210, USA',
    );
  });

  it('a time the owner cannot drive to comes back to the times with the reason', async () => {
    const api = fakeApi();
    api.on('POST /api/customer/book', () => ({ status: 409, body: { error: TRAVEL, code: 'TRAVEL_NOT_FEASIBLE' } }));
    const { user } = setup(api);
    await toAddress(user);
    await enterAddress(user, '12');
    await next(user, 'Choose a time');
    await heading('Pick a date and time');
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await next(user, 'Continue');
    await heading('Your details');
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Phone number'), '310 555 0199');
    await next(user, 'Confirm booking');
    await heading('Pick a date and time');
    expect(screen.getByRole('alert')).toHaveTextContent(TRAVEL);
  });
});
