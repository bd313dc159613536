import type { ManagedBooking } from '@slotwise/shared/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingSummary } from './booking-summary.tsx';

const booking: ManagedBooking = {
  businessId: '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11',
  businessName: 'Shiny Cars',
  serviceName: 'Full Detail',
  status: 'approved',
  bookingTime: { day: '2026-12-02', startTime: '14:00', endTime: '15:00' },
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
};

describe("the customer's booking summary", () => {
  it('says when a late crew is now expected, on the business clock, and nothing while on time', () => {
    const { rerender } = render(
      <BookingSummary booking={{ ...booking, projectedStart: '2026-12-02T22:45:00.000Z' }} heading="Your booking" />,
    );
    expect(screen.getByText('Now expected')).toBeInTheDocument();
    expect(screen.getByText('About 2:45 PM: running late')).toBeInTheDocument();
    rerender(<BookingSummary booking={booking} heading="Your booking" />);
    expect(screen.queryByText('Now expected')).toBeNull();
  });
});
