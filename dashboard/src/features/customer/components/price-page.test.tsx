import type { ManagedBooking } from '@slotwise/shared/api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_ID, fakeApi } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'tok_abcdefghijklmnop';
const booking: ManagedBooking = {
  businessId: BUSINESS_ID,
  businessName: 'Sparkle Auto',
  serviceName: 'Full Detail',
  status: 'pending',
  bookingTime: { day: '2031-06-04', startTime: '10:00', endTime: '12:00' },
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  priceChange: { quoted: 215, proposed: 255, reason: 'Heavy pet hair: +$40', state: 'proposed' },
};

describe('Customer new price', () => {
  it('shows the quoted and the new total and why, and accepts it', async () => {
    const api = fakeApi({
      'GET /api/customer/booking': { body: booking },
      'POST /api/customer/price-change': {
        body: { message: 'You accepted the new price; your booking is confirmed.' },
      },
    });
    const { user } = renderApp(`/customer/price?token=${TOKEN}`);
    expect(await screen.findByText('Heavy pet hair: +$40')).toBeInTheDocument();
    expect(screen.getByText('$215.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept $255.00' }));
    expect(await screen.findByText('You accepted the new price; your booking is confirmed.')).toBeInTheDocument();
    const call = api.callsTo('POST /api/customer/price-change')[0];
    expect(call?.body).toEqual({ accept: true });
    expect(call?.url.searchParams.get('token')).toBe(TOKEN);
  });

  it("declines it, and says the server's reason when the answer is refused", async () => {
    const api = fakeApi({
      'GET /api/customer/booking': { body: booking },
      'POST /api/customer/price-change': {
        status: 409,
        body: {
          code: 'BOOKING_NOT_CHANGEABLE',
          error: 'No new price is waiting for your answer on this booking; it may have been answered already.',
        },
      },
    });
    const { user } = renderApp(`/customer/price?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Decline and cancel' }));
    expect(await screen.findByText(/it may have been answered already/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/customer/price-change')[0]?.body).toEqual({ accept: false });
  });

  it('says when no new price waits', async () => {
    fakeApi({ 'GET /api/customer/booking': { body: { ...booking, priceChange: undefined } } });
    renderApp(`/customer/price?token=${TOKEN}`);
    expect(await screen.findByText('No new price is waiting for your answer on this booking.')).toBeInTheDocument();
  });

  it('says the business withdrew the new price, with no answer to give', async () => {
    fakeApi({
      'GET /api/customer/booking': {
        body: { ...booking, status: 'approved', priceChange: { ...booking.priceChange!, state: 'withdrawn' } },
      },
    });
    renderApp(`/customer/price?token=${TOKEN}`);
    expect(
      await screen.findByText('The business withdrew the new price and confirmed your booking at the quoted $215.00.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
