import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { BookingCard } from './booking-card.tsx';

it('shows N/A for every missing date, time, car type and address', () => {
  const booking = makeBooking({
    carBodyType: null,
    customerAddress: undefined,
    bookingTime: { day: '', startTime: '', endTime: '' },
  });
  render(<BookingCard booking={booking} detailed />);
  expect(screen.getAllByText('N/A')).toHaveLength(5);
});

it("shows the customer's full street address as they picked it", () => {
  const booking = makeBooking({ customerAddress: '1100 Congress Ave, Austin, TX 78701, USA' });
  render(<BookingCard booking={booking} detailed />);
  expect(screen.getByText('1100 Congress Ave, Austin, TX 78701, USA')).toBeInTheDocument();
  render(<BookingCard booking={booking} />);
  expect(screen.getAllByText('1100 Congress Ave, Austin, TX 78701, USA')).toHaveLength(2);
});

it('shows a total the owner set when entering the booking, beside the calculated one and the reason', () => {
  const booking = makeBooking({ totalQuote: 99, ownerPrice: { calculated: 145, reason: 'Regular customer' } });
  render(<BookingCard booking={booking} detailed />);
  expect(screen.getByText('Price set by you')).toBeInTheDocument();
  expect(screen.getByText('Calculated $145.00: Regular customer')).toBeInTheDocument();
});

describe('requests that do not wait for ever (docs/decisions/051)', () => {
  it("says when a pending request expires, on the business's clock, and shows an expired one as Expired", async () => {
    storeToken();
    fakeApi({});
    const pending = makeBooking({ status: 'pending', expiresAt: '2026-12-09T22:00:00.000Z' });
    const { rerender } = render(<BookingCard booking={pending} />);
    // 2:00 PM in Los Angeles (the fake profile's zone) on a winter day.
    expect(await screen.findByText('Expires Wed, Dec 9, 2026 at 2:00 PM if not answered')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();

    rerender(
      <BookingCard
        booking={{ ...pending, status: 'declined', expiresAt: undefined, expiredAt: '2026-12-09T22:00:00.000Z' }}
      />,
    );
    expect(
      await screen.findByText(/^Expired unanswered Wed, Dec 9, 2026 at 2:00 PM: the time was freed/),
    ).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByText('Declined')).toBeNull();

    // A plain decline, or a request that never expires, says nothing of it.
    rerender(<BookingCard booking={{ ...pending, status: 'declined', expiresAt: undefined }} />);
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(screen.queryByText(/Expire/)).toBeNull();
  });
});
