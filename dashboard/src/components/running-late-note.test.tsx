import { todayIn } from '@slotwise/shared/time-zone';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { BookingDecisions } from './booking-decisions.tsx';

describe("the owner's running-late line", () => {
  it("shows when a late crew is now expected on the job, on the business's clock, and nothing while on time", async () => {
    storeToken();
    fakeApi({});
    const day = todayIn('America/Los_Angeles');
    const late = makeBooking({
      status: 'approved',
      bookingTime: { day, startTime: '14:00', endTime: '15:00' },
      // 14:45 in Los Angeles (the fake profile's zone) on a winter day.
      projectedStart: '2026-12-02T22:45:00.000Z',
    });
    const { rerender } = render(<BookingDecisions booking={late} onChange={vi.fn()} />);
    expect(await screen.findByText('Running late: now about 2:45 PM')).toBeInTheDocument();
    rerender(<BookingDecisions booking={{ ...late, projectedStart: undefined }} onChange={vi.fn()} />);
    await screen.findByRole('button', { name: 'Mark completed' });
    expect(screen.queryByText(/Running late/)).toBeNull();
  });
});
