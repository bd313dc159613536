import type { Booking } from '@slotwise/shared/api';
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
 * The four overview cards (docs/product.md#overview). Revenue leaves out cancelled and
 * declined bookings: neither earns anything.
 * Summed in cents so 0.1 + 0.2 cannot show as $0.30000000000000004.
 */
export function todayStats(bookings: readonly Booking[]): TodayStats {
  const earning = bookings.filter((b) => !is(b, 'cancelled') && !is(b, 'declined'));
  return {
    count: bookings.length,
    pending: bookings.filter((b) => is(b, 'pending')).length,
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
