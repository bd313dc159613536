import type { Booking } from '@slotwise/shared/api';
import { WAITING_FOR_OWNER } from '@slotwise/shared/domain';
import { toCents, toDollars } from '@slotwise/shared/money';

export interface TodayStats {
  count: number;
  pending: number;
  /** Dollars. */
  revenue: number;
  completed: number;
}

const is = (b: Booking, status: string) => b.status.toLowerCase() === status;

/**
 * Statuses that earn nothing: called off, refused, or never paid for yet (docs/decisions/021), and
 * a plan's visits that hold no time: one whose day was taken, one the customer skipped (decision 022).
 */
const NOT_EARNING = new Set(['cancelled', 'declined', 'awaiting_payment', 'expired', 'needs_time', 'skipped']);

/** What waits for the owner: a booking to approve, a plan's visit whose day was taken (it needs a time). */
const NEEDS_OWNER = new Set<string>(WAITING_FOR_OWNER);

/** A hold released unpaid was never a booking to the owner (the server leaves them out too). */
export function shownToOwner(bookings: readonly Booking[]): Booking[] {
  return bookings.filter((b) => !is(b, 'expired'));
}

/**
 * The four overview cards (docs/product.md#overview). Revenue leaves out cancelled and
 * declined bookings, and those still awaiting their deposit: none of them earns anything yet.
 * Summed in cents so 0.1 + 0.2 cannot show as $0.30000000000000004. A plan's visit that needs
 * a time is not booked yet: it is counted among what waits for the owner, not among the bookings.
 */
export function todayStats(bookings: readonly Booking[]): TodayStats {
  const earning = bookings.filter((b) => !NOT_EARNING.has(b.status.toLowerCase()));
  return {
    count: bookings.filter((b) => !is(b, 'needs_time')).length,
    pending: bookings.filter((b) => NEEDS_OWNER.has(b.status.toLowerCase())).length,
    revenue: toDollars(earning.reduce((sum, b) => sum + toCents(b.totalQuote), 0)),
    completed: bookings.filter((b) => is(b, 'completed')).length,
  };
}

/** Earliest first, as a day plan reads. */
export function byStartTime(a: Booking, b: Booking): number {
  return `${a.bookingTime.day} ${a.bookingTime.startTime}`.localeCompare(
    `${b.bookingTime.day} ${b.bookingTime.startTime}`,
  );
}
