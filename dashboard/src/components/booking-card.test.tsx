import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
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
