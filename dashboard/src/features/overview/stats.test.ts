import { describe, expect, it } from 'vitest';
import { makeBooking } from '../../testing/bookings.ts';
import { shownToOwner, todayStats } from './stats.ts';

describe('todayStats', () => {
  it('earns nothing from bookings cancelled, declined or still awaiting their deposit', () => {
    const stats = todayStats([
      makeBooking({ status: 'approved', totalQuote: 100.1 }),
      makeBooking({ status: 'pending', totalQuote: 0.2 }),
      makeBooking({ status: 'awaiting_payment', totalQuote: 500 }),
      makeBooking({ status: 'cancelled', totalQuote: 999 }),
      makeBooking({ status: 'declined', totalQuote: 999 }),
    ]);
    expect(stats.revenue).toBe(100.3);
    expect(stats.count).toBe(5);
    expect(stats.pending).toBe(1);
  });

  it("counts a plan's visit that needs a time as waiting for the owner, not as booked, and earns nothing from it", () => {
    const stats = todayStats([
      makeBooking({ status: 'approved', totalQuote: 50 }),
      makeBooking({ status: 'pending', totalQuote: 20 }),
      makeBooking({ status: 'needs_time', totalQuote: 80 }),
      makeBooking({ status: 'skipped', totalQuote: 80 }),
    ]);
    expect(stats.count).toBe(3);
    expect(stats.pending).toBe(2);
    expect(stats.revenue).toBe(70);
  });

  it('never counts a hold that expired unpaid', () => {
    const list = shownToOwner([makeBooking({ status: 'expired' }), makeBooking({ status: 'pending' })]);
    expect(list.map((b) => b.status)).toEqual(['pending']);
  });
});
