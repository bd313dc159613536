/**
 * The owner's Approve and Decline (docs/product.md#booking-statuses, docs/architecture.md#the-booking-path) as a pure
 * rule: only a pending booking can be decided, and a booking whose time has begun can
 * no longer be approved (it would read completed at once, for work never confirmed).
 */
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import type { BookingStatus } from '@slotwise/shared/domain';

export type OwnerDecision = 'approved' | 'declined';

export interface DecisionInput {
  /** The status as the owner sees it (effectiveStatus). */
  status: BookingStatus;
  startMs: number;
  day: string;
  startTime: string;
}

/** null when the decision may go ahead, else the 409 message to show (its time on the business's clock). */
export function refuseDecision(
  b: DecisionInput,
  decision: OwnerDecision,
  now: number,
  clock: TimeFormat,
): string | null {
  if (b.status !== 'pending') return `Only pending bookings can be ${decision}; this one is ${b.status}.`;
  if (decision === 'approved' && b.startMs <= now)
    return `This booking started at ${formatClock(b.startTime, clock)} on ${b.day} and can no longer be approved; decline it instead.`;
  return null;
}
