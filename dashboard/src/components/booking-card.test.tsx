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
