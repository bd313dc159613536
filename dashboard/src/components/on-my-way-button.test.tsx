import type { Booking } from '@slotwise/shared/api';
import { todayIn } from '@slotwise/shared/time-zone';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { BookingDecisions } from './booking-decisions.tsx';
import { shownToasts } from './toaster.tsx';

const ON_MY_WAY = 'POST /api/business-dashboard/bookings/:id/on-my-way';
/** The fake profile's zone (testing/fake-api.ts). */
const today = () => todayIn('America/Los_Angeles');

describe("the owner's On my way", () => {
  it("tells today's customer once, then says when it was sent", async () => {
    storeToken();
    const booking = makeBooking({
      status: 'approved',
      bookingTime: { day: today(), startTime: '14:00', endTime: '15:00' },
    });
    const at = '2026-12-01T19:31:00.000Z';
    const after: Booking = { ...booking, onMyWayAt: at };
    const api = fakeApi({
      [ON_MY_WAY]: {
        body: {
          booking: after,
          sent: {
            at,
            channel: 'mail',
            arrival: '12:10 PM',
            words: 'Sparkle Auto: we are on the way, arriving about 12:10 PM.',
          },
        },
      },
    });
    const onChange = vi.fn();
    const { rerender } = render(<BookingDecisions booking={booking} onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'On my way' }));
    expect(onChange).toHaveBeenCalledWith(after);
    expect(shownToasts()).toContainEqual('E-mailed Ada: arriving about 12:10 PM.');
    expect(api.callsTo(ON_MY_WAY).map((c) => c.params.id)).toEqual([booking._id]);
    rerender(<BookingDecisions booking={after} onChange={onChange} />);
    expect(screen.getByText('On my way sent at 11:31 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'On my way' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark completed' })).toBeEnabled();
  });

  it("is not offered on another day's job, a pending one nor a started one, and shows the server's refusal", async () => {
    storeToken();
    fakeApi({
      [ON_MY_WAY]: {
        status: 409,
        body: {
          code: 'JOB_ALREADY_STARTED',
          error: 'This job was started already: the customer is not told you are on the way.',
        },
      },
    });
    const other = makeBooking({
      status: 'approved',
      bookingTime: { day: '2026-03-05', startTime: '14:00', endTime: '15:00' },
    });
    const { unmount } = render(<BookingDecisions booking={other} onChange={vi.fn()} />);
    await screen.findByRole('button', { name: 'Mark completed' });
    expect(screen.queryByRole('button', { name: 'On my way' })).toBeNull();
    unmount();
    const pending = makeBooking({ bookingTime: { day: today(), startTime: '14:00', endTime: '15:00' } });
    const second = render(<BookingDecisions booking={pending} onChange={vi.fn()} />);
    await screen.findByRole('button', { name: 'Approve' });
    expect(screen.queryByRole('button', { name: 'On my way' })).toBeNull();
    second.unmount();
    // Started by its crew (the lists say when): the crew is there, nothing to offer.
    const begun = makeBooking({
      status: 'approved',
      bookingTime: { day: today(), startTime: '9:00', endTime: '10:00' },
      startedAt: '2026-12-01T17:02:00.000Z',
    });
    const third = render(<BookingDecisions booking={begun} onChange={vi.fn()} />);
    await screen.findByRole('button', { name: 'Mark completed' });
    expect(screen.queryByRole('button', { name: 'On my way' })).toBeNull();
    third.unmount();

    // Started since the list was read: the server's refusal is shown.
    const started = makeBooking({
      status: 'approved',
      bookingTime: { day: today(), startTime: '9:00', endTime: '10:00' },
    });
    render(<BookingDecisions booking={started} onChange={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'On my way' }));
    expect(shownToasts()).toContainEqual(
      'Could not tell the customer you are on the way. This job was started already: the customer is not told you are on the way.',
    );
  });
});
