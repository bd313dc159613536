import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingCard } from '../components/booking-card.tsx';
import { makeBooking } from '../testing/bookings.ts';
import { onboardedProfile } from '../testing/fake-api.ts';
import { businessProfile } from './business.ts';
import { formatTime } from './format.ts';

afterEach(() => businessProfile.reset());

describe("formatTime: a wall time on the owner's clock", () => {
  it('is 12-hour before the profile is known and for a business that never chose', () => {
    expect(formatTime('00:00')).toBe('12:00 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('19:00')).toBe('7:00 PM');
    businessProfile.set(onboardedProfile);
    expect(formatTime('08:30')).toBe('8:30 AM');
  });

  it("follows a business's 24-hour clock", () => {
    businessProfile.set({ ...onboardedProfile, timeFormat: '24h' });
    expect(formatTime('08:30')).toBe('08:30');
    expect(formatTime('00:00')).toBe('00:00');
    expect(formatTime('19:00')).toBe('19:00');
  });

  it('adds the zone of a repeated hour, and shows N/A for a missing time', () => {
    expect(formatTime('01:00', 'EDT')).toBe('1:00 AM EDT');
    for (const missing of [null, undefined, '', 'soon']) expect(formatTime(missing)).toBe('N/A');
  });

  it('redraws what is on screen when the owner changes the clock', () => {
    render(
      <BookingCard
        booking={makeBooking({ bookingTime: { day: '2026-03-05', startTime: '14:00', endTime: '15:30' } })}
      />,
    );
    expect(screen.getByText('2:00 PM – 3:30 PM')).toBeInTheDocument();
    act(() => businessProfile.set({ ...onboardedProfile, timeFormat: '24h' }));
    expect(screen.getByText('14:00 – 15:30')).toBeInTheDocument();
  });
});
