import type { BookingPayment } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../../testing/bookings.ts';
import { paymentStats, shownToOwner, todayStats, withLatest } from './stats.ts';

const LA = 'America/Los_Angeles';
const TODAY = '2026-03-05';
const paid = (over: Partial<BookingPayment> = {}): BookingPayment => ({
  state: 'paid',
  deposit: 40,
  paid: 40,
  refunded: 0,
  balance: 89.5,
  // 10:00 in Los Angeles on the 5th (03:00 on the 6th in Tokyo, where the tests run).
  paidAt: '2026-03-05T18:00:00.000Z',
  ...over,
});
const on = (day: string) => ({ day, startTime: '10:00', endTime: '11:30' });

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

  it('never counts a hold that expired unpaid', () => {
    const list = shownToOwner([makeBooking({ status: 'expired' }), makeBooking({ status: 'pending' })]);
    expect(list.map((b) => b.status)).toEqual(['pending']);
  });
});

describe('paymentStats', () => {
  it('is null when no booking has a payment', () => {
    expect(paymentStats([makeBooking(), makeBooking({ status: 'approved' })], TODAY, LA)).toBeNull();
    expect(paymentStats([], TODAY, LA)).toBeNull();
  });

  it("sums what was paid today in the business's zone, less its refunds", () => {
    const stats = paymentStats(
      [
        // Booked today for next week: its deposit came in today.
        makeBooking({ status: 'approved', bookingTime: on('2026-03-12'), payment: paid() }),
        makeBooking({ status: 'cancelled', payment: paid({ state: 'partly_refunded', paid: 20.1, refunded: 5.05 }) }),
        // 23:30 on the 4th in Los Angeles, though the 5th in UTC and Tokyo.
        makeBooking({ status: 'approved', payment: paid({ paidAt: '2026-03-05T07:30:00.000Z' }) }),
        makeBooking({ status: 'awaiting_payment', payment: paid({ state: 'awaiting', paid: 0, paidAt: null }) }),
      ],
      TODAY,
      LA,
    );
    expect(stats?.depositsToday).toBe(55.05);
  });

  it('sums the balance due from pending and approved bookings from today on', () => {
    const stats = paymentStats(
      [
        makeBooking({ status: 'approved', bookingTime: on(TODAY), payment: paid({ balance: 0.1 }) }),
        makeBooking({ status: 'pending', bookingTime: on('2026-03-20'), payment: paid({ balance: 0.2 }) }),
        makeBooking({ status: 'completed', bookingTime: on(TODAY), payment: paid({ balance: 50 }) }),
        makeBooking({ status: 'cancelled', bookingTime: on('2026-03-20'), payment: paid({ balance: 50 }) }),
        makeBooking({ status: 'awaiting_payment', bookingTime: on('2026-03-20'), payment: paid({ balance: 50 }) }),
        makeBooking({ status: 'approved', bookingTime: on('2026-03-04'), payment: paid({ balance: 50 }) }),
      ],
      TODAY,
      LA,
    );
    expect(stats?.balanceDue).toBe(0.3);
  });
});

describe('withLatest', () => {
  it('takes the newer copy of a booking in both lists, and keeps the rest of each', () => {
    const a = makeBooking({ status: 'pending' });
    const b = makeBooking();
    const c = makeBooking();
    const merged = withLatest([a, b], [{ ...a, status: 'approved' }, c]);
    expect(merged.map((x) => [x._id, x.status])).toEqual([
      [a._id, 'approved'],
      [b._id, 'pending'],
      [c._id, 'pending'],
    ]);
  });
});
