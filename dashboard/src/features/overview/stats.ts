import type { Booking } from '@slotwise/shared/api';
import { toCents, toDollars } from '@slotwise/shared/money';
import { wallClockAt } from '@slotwise/shared/time-zone';

export interface TodayStats {
  count: number;
  pending: number;
  /** Dollars. */
  revenue: number;
  completed: number;
}

const is = (b: Booking, status: string) => b.status.toLowerCase() === status;

/** Statuses that earn nothing: called off, refused, or never paid for yet (docs/decisions/021). */
const NOT_EARNING = new Set(['cancelled', 'declined', 'awaiting_payment', 'expired']);

/** A hold released unpaid was never a booking to the owner (the server leaves them out too). */
export function shownToOwner(bookings: readonly Booking[]): Booking[] {
  return bookings.filter((b) => !is(b, 'expired'));
}

/**
 * The four overview cards (docs/product.md#overview). Revenue leaves out cancelled and
 * declined bookings, and those still awaiting their deposit: none of them earns anything yet.
 * Summed in cents so 0.1 + 0.2 cannot show as $0.30000000000000004.
 */
export function todayStats(bookings: readonly Booking[]): TodayStats {
  const earning = bookings.filter((b) => !NOT_EARNING.has(b.status.toLowerCase()));
  return {
    count: bookings.length,
    pending: bookings.filter((b) => is(b, 'pending')).length,
    revenue: toDollars(earning.reduce((sum, b) => sum + toCents(b.totalQuote), 0)),
    completed: bookings.filter((b) => is(b, 'completed')).length,
  };
}

export interface PaymentStats {
  /** Dollars paid today (in the business's zone) and not refunded. */
  depositsToday: number;
  /** Dollars still to collect on the day from upcoming pending and approved bookings. */
  balanceDue: number;
}

/**
 * The deposit cards: what came in today, by the day each deposit was paid in the business's
 * zone (`today` is that zone's date), less what of it was refunded; and the balance still due
 * from pending and approved bookings from today on. Null when no booking has a payment, so a
 * business that takes no deposits sees no such cards.
 */
export function paymentStats(bookings: readonly Booking[], today: string, timeZone: string): PaymentStats | null {
  if (!bookings.some((b) => b.payment)) return null;
  let taken = 0;
  let due = 0;
  for (const b of bookings) {
    const p = b.payment;
    if (!p) continue;
    if (p.paidAt && wallClockAt(Date.parse(p.paidAt), timeZone).day === today)
      taken += toCents(p.paid) - toCents(p.refunded);
    if ((is(b, 'pending') || is(b, 'approved')) && b.bookingTime.day >= today) due += toCents(p.balance);
  }
  return { depositsToday: toDollars(taken), balanceDue: toDollars(due) };
}

/** `older` with each booking `newer` also holds replaced by it (today's list after an Approve), plus the rest of `newer`. */
export function withLatest(older: readonly Booking[], newer: readonly Booking[]): Booking[] {
  const byId = new Map(older.map((b) => [b._id, b]));
  for (const b of newer) byId.set(b._id, b);
  return [...byId.values()];
}

/** Earliest first, as a day plan reads. */
export function byStartTime(a: Booking, b: Booking): number {
  return `${a.bookingTime.day} ${a.bookingTime.startTime}`.localeCompare(
    `${b.bookingTime.day} ${b.bookingTime.startTime}`,
  );
}
