/** A booking's status as everyone sees it (docs/product.md#booking-statuses). */
import type { BookingStatus } from '@slotwise/shared/domain';
import type { BookingsTable } from '../db/schema.ts';

/** An approved booking whose end has passed reads completed, even before the sweeper (jobs/) marks it. */
export function effectiveStatus(row: Pick<BookingsTable, 'status' | 'end_ms'>, now: number): BookingStatus {
  if (row.status === 'approved' && row.end_ms <= now) return 'completed';
  return row.status as BookingStatus;
}
