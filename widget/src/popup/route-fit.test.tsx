/**
 * Price by route fit in the widget (docs/decisions/055): a free time near a booked job says what it
 * saves, the details show that total and the booking sends it; a price changed meanwhile is shown
 * and confirmed again.
 */
import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from './app.tsx';
import { createStore } from './state.ts';
import { BUSINESS_ID, fakeApi } from './test-api.ts';

const NOW = new Date('2026-12-04T20:00:00Z');
type User = ReturnType<typeof userEvent.setup>;
const next = (user: User, name = 'Next') => user.click(screen.getByRole('button', { name }));
const heading = (name: string) => screen.findByRole('heading', { level: 3, name });

/** 09:00 is beside a booked job and saves $6.30 (the quote's whole distance line); 09:30 saves nothing. */
function nearbyApi(saving = 6.3) {
  const api = fakeApi();
  api.on('GET /api/customer/get-available-slots', () => ({
    status: 200,
    body: {
      slots: [
        { time: '08:30', available: false },
        { time: '09:00', available: true, saving },
        { time: '09:30', available: true },
      ],
    },
  }));
  return api;
}

async function toSlots(api: ReturnType<typeof fakeApi>) {
  const client = createPublicClient({ baseUrl: 'https://api.test', fetch: api.fetch });
  const store = createStore(client, BUSINESS_ID, {
    now: () => NOW,
    uuid: () => 'key-1',
    searchDelay: 0,
    viewer: { timeZone: 'America/Los_Angeles', timeFormat: '12h' },
  });
  store.open('book');
  const user = userEvent.setup();
  render(<App store={store} client={client} onClose={() => store.close()} />);
  await user.click(await screen.findByRole('radio', { name: /Full Detail/ }));
  await next(user);
  await heading('A quick question');
  await user.selectOptions(screen.getByLabelText('Vehicle size'), 'SUV');
  await next(user);
  await heading('Your address');
  await user.type(screen.getByRole('combobox', { name: 'Street address' }), '12 Main St, Bever');
  await user.click(await screen.findByRole('option', { name: '12 Main St, Beverly Hills, CA 90210, USA' }));
  await next(user, 'Get my quote');
  await heading('Your instant quote');
  await next(user, 'Choose a time');
  await heading('Pick a date and time');
  return { user, store };
}

async function details(user: User, time: string) {
  await user.click(await screen.findByRole('button', { name: time }));
  await next(user, 'Continue');
  await heading('Your details');
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Lopez');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Phone number'), '310 555 0199');
}

describe('price by route fit', () => {
  it('labels the time near a booked job with what it saves, and only that one; the name stays the time', async () => {
    await toSlots(nearbyApi());
    const near = await screen.findByRole('button', { name: '9:00 AM' });
    expect(near).toHaveTextContent("9:00 AM we're nearby, $6.30 less");
    expect(near).toHaveAccessibleDescription("we're nearby, $6.30 less");
    expect(screen.getByRole('button', { name: '9:30 AM' })).toHaveTextContent(/^9:30 AM$/);
    expect(screen.getByRole('button', { name: '8:30 AM' })).not.toHaveTextContent('nearby');
  });

  it('shows the lowered total on the details step and books it as the price shown', async () => {
    const api = nearbyApi();
    const { user } = await toSlots(api);
    await details(user, '9:00 AM');
    expect(screen.getByText(/Full Detail, .* at 9:00 AM, \$239\.00 \(we're nearby\)/)).toBeInTheDocument();
    await next(user, 'Confirm booking');
    await heading("You're all set!").catch(() => undefined);
    expect(api.last('POST /api/customer/book')?.body).toMatchObject({ time: '09:00', shownTotal: 239 });
  });

  it('a time that saves nothing books at the quote', async () => {
    const api = nearbyApi();
    const { user } = await toSlots(api);
    await details(user, '9:30 AM');
    await next(user, 'Confirm booking');
    expect(api.last('POST /api/customer/book')?.body).toMatchObject({ time: '09:30', shownTotal: 245.3 });
  });

  it('PRICE_CHANGED: reads the time again, shows the new price with the reason, and books it when confirmed again', async () => {
    const api = nearbyApi();
    const { user } = await toSlots(api);
    await details(user, '9:00 AM');
    const message =
      "The price of this time is now $245.30, not $239.00: the crew's day changed since you chose it. Check the new price and confirm again.";
    api.on('POST /api/customer/book', () => ({ status: 409, body: { error: message, code: 'PRICE_CHANGED' } }));
    // Meanwhile the job nearby was cancelled: 09:00 saves nothing now.
    api.on('GET /api/customer/get-available-slots', () => ({
      status: 200,
      body: { slots: [{ time: '09:00', available: true }] },
    }));
    await next(user, 'Confirm booking');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByText(/at 9:00 AM, \$245\.30/)).toBeInTheDocument();
    api.on('POST /api/customer/book', (r) => ({
      status: 201,
      body: {
        bookingId: '33333333-3333-4333-8333-333333333333',
        status: 'pending',
        totalQuote: (r.body as { shownTotal: number }).shownTotal,
        bookingTime: { day: '2026-12-07', startTime: '09:00', endTime: '12:00' },
        calendarEvent: {
          uid: 'booking-33333333-3333-4333-8333-333333333333@api.test',
          startsAt: '2026-12-07T17:00:00.000Z',
          endsAt: '2026-12-07T20:00:00.000Z',
        },
      },
    }));
    await next(user, 'Confirm booking');
    expect(api.last('POST /api/customer/book')?.body).toMatchObject({ shownTotal: 245.3 });
  });
});
