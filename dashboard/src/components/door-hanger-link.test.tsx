/** The Door-hanger link (docs/decisions/058): on a job done or approved for the business's today, never before. */
import { todayIn } from '@slotwise/shared/time-zone';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { fakeApi, onboardedProfile, settle } from '../testing/fake-api.ts';
import { storeToken } from '../testing/tokens.ts';
import { DoorHangerLink } from './door-hanger-link.tsx';

function show(over: Parameters<typeof makeBooking>[0]) {
  storeToken();
  fakeApi();
  const booking = makeBooking(over);
  render(
    <MemoryRouter>
      <DoorHangerLink booking={booking} />
    </MemoryRouter>,
  );
  return booking;
}

const today = () => todayIn(onboardedProfile.timeZone);

describe('the Door-hanger link', () => {
  it('opens the printable card of a job done', async () => {
    const booking = show({
      status: 'completed',
      bookingTime: { day: '2026-11-24', startTime: '09:00', endTime: '10:00' },
    });
    expect(await screen.findByRole('link', { name: 'Door-hanger' })).toHaveAttribute(
      'href',
      `/dashboard/door-hanger/${booking._id}`,
    );
  });

  it("is there for a job approved for the business's today", async () => {
    show({ status: 'approved', bookingTime: { day: today(), startTime: '09:00', endTime: '10:00' } });
    expect(await screen.findByRole('link', { name: 'Door-hanger' })).toBeInTheDocument();
  });

  it('is not there for a request, or a job approved for a later day', async () => {
    show({ status: 'pending', bookingTime: { day: today(), startTime: '09:00', endTime: '10:00' } });
    show({ status: 'approved', bookingTime: { day: '2099-01-01', startTime: '09:00', endTime: '10:00' } });
    await settle();
    expect(screen.queryByRole('link', { name: 'Door-hanger' })).toBeNull();
  });
});
