/**
 * The customer's offer of a freed time (docs/decisions/056): the time, the service and the price as
 * computed again; "Book this time" books through the book call with the offer's token; a second
 * acceptor reads "Someone else just took this time"; a lapsed or withdrawn offer says so without
 * the button; the joining mail's link leaves the list. An offer to a plan customer asks to move
 * their next visit up, and moves it (the book call with the token moves that visit), booking nothing.
 */
import type { WaitlistOffer } from '@slotwise/shared/api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_ID, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'offer_abcdefghijklmnop';
const offer: WaitlistOffer = {
  state: 'open',
  businessName: 'Sparkle Auto',
  serviceName: 'Quick Wash',
  dateLabel: 'Wed, Dec 2, 2026',
  timeLabel: '10:00 AM',
  address: '12 N Crescent Dr, Beverly Hills, CA 90210, USA',
  lines: [
    { label: 'Quick Wash', amount: 25.5 },
    { label: 'Travel (3.1 mi)', amount: 4.65 },
  ],
  totalQuote: 30.15,
  expiresAt: '2026-12-01T14:00:00.000Z',
  expiresLabel: '6:00 AM',
  book: {
    businessId: BUSINESS_ID,
    serviceId: '22222222-2222-4222-8222-222222222222',
    address: '12 N Crescent Dr, Beverly Hills, CA 90210, USA',
    date: '2026-12-02',
    time: '10:00',
    firstName: 'Grace',
    lastName: 'Hopper',
    customerEmail: 'grace@example.com',
    phoneNumber: '+15551234567',
    textConsent: false,
  },
};
const booked = {
  bookingId: '33333333-3333-4333-8333-333333333333',
  status: 'pending',
  totalQuote: 30.15,
  bookingTime: { day: '2026-12-02', startTime: '10:00', endTime: '10:30' },
  calendarEvent: {
    uid: 'booking-3@x',
    startsAt: '2026-12-02T18:00:00.000Z',
    endsAt: '2026-12-02T18:30:00.000Z',
  },
};

describe('the offer of a time that opened', () => {
  it('shows the time and the price, and books it with the offer token', async () => {
    const api = fakeApi({
      'GET /api/customer/offer': { body: offer },
      'POST /api/customer/book': { status: 201, body: booked },
    });
    const { user } = renderApp(`/customer/offer?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Quick Wash, Wed, Dec 2, 2026 at 10:00 AM' }),
    ).toBeInTheDocument();
    expect(screen.getByText('$30.15')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(/Your request for Wed, Dec 2, 2026 at 10:00 AM is sent/)).toBeInTheDocument();
    const call = api.callsTo('POST /api/customer/book')[0];
    expect(call?.body).toEqual({ ...offer.book, offerToken: TOKEN });
    expect(call?.headers['idempotency-key']).toBeTruthy();
  });

  it('tells the second acceptor someone else took it', async () => {
    fakeApi({
      'GET /api/customer/offer': { body: offer },
      'POST /api/customer/book': {
        status: 409,
        body: { code: 'OFFER_TAKEN', error: 'Someone else just took this time. You are still on the waiting list.' },
      },
    });
    const { user } = renderApp(`/customer/offer?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else just took this time.');
  });

  it('says a lapsed offer expired, with nothing to book', async () => {
    fakeApi({ 'GET /api/customer/offer': { body: { ...offer, state: 'expired' } } });
    renderApp(`/customer/offer?token=${TOKEN}`);
    expect(await screen.findByText(/This offer has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this time' })).toBeNull();
  });

  it('asks for a phone number when the customer joined without one', async () => {
    const api = fakeApi({
      'GET /api/customer/offer': { body: { ...offer, book: { ...offer.book, phoneNumber: '' } } },
      'POST /api/customer/book': { status: 201, body: booked },
    });
    const { user } = renderApp(`/customer/offer?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('Phone number'), '+1 555 000 1111');
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    await screen.findByText(/is sent/);
    expect(api.callsTo('POST /api/customer/book')[0]?.body).toMatchObject({ phoneNumber: '+1 555 000 1111' });
  });

  it("offers a plan customer to move their next visit up, and moves it with the offer's token", async () => {
    const move: WaitlistOffer = { ...offer, move: { fromLabel: 'Thu, Dec 10, 2026 at 9:00 AM' } };
    const api = fakeApi({
      'GET /api/customer/offer': { body: move },
      'POST /api/customer/book': { status: 201, body: booked },
    });
    const { user } = renderApp(`/customer/offer?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Move your visit up to Wed, Dec 2, 2026 at 10:00 AM?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your next Quick Wash visit is on Thu, Dec 10, 2026 at 9:00 AM/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this time' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Move my visit up' }));
    expect(await screen.findByText(/Your visit is moved up to Wed, Dec 2, 2026 at 10:00 AM/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/customer/book')[0]?.body).toEqual({ ...offer.book, offerToken: TOKEN });
  });

  it('tells a plan customer their visit stays when someone else took the time', async () => {
    fakeApi({
      'GET /api/customer/offer': { body: { ...offer, state: 'withdrawn', move: { fromLabel: 'Thu, Dec 10' } } },
    });
    renderApp(`/customer/offer?token=${TOKEN}`);
    expect(
      await screen.findByText('Someone else just took this time. Your visit stays as it was booked.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move my visit up' })).toBeNull();
  });

  it('leaves the waiting list from the joining mail', async () => {
    const api = fakeApi({
      'DELETE /api/customer/waitlist': { body: { message: 'You are off the waiting list for Wed, Dec 2, 2026.' } },
    });
    const { user } = renderApp(`/customer/waitlist?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Leave the waiting list' }));
    expect(await screen.findByText('You are off the waiting list for Wed, Dec 2, 2026.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/customer/waitlist')[0]?.url.searchParams.get('token')).toBe(TOKEN);
  });
});
