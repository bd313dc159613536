/** The words of the Plans view (issue 24): a plan's state, and what waits for the owner. */
import type { PlanStatus } from '@slotwise/shared/plans';
import type { BadgeColor } from '@slotwise/ui/status-badge.tsx';

export const PLAN_STATUS: Record<PlanStatus, { label: string; color: BadgeColor }> = {
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'amber' },
  ended: { label: 'Ended', color: 'grey' },
};

/** "1 visit needs a time", "3 visits need a time". */
export function needsTimeText(count: number): string {
  return count === 1 ? '1 visit needs a time' : `${count} visits need a time`;
}

/** "1 visit waits for your approval", "2 visits wait for your approval". */
export function pendingVisitsText(count: number): string {
  return count === 1 ? '1 visit waits for your approval' : `${count} visits wait for your approval`;
}

/** What the next visit reads when no visit holds a time: why there is none. */
export function noNextVisitText(status: PlanStatus): string {
  switch (status) {
    case 'active':
      return 'None booked yet';
    case 'paused':
      return 'None while paused';
    case 'ended':
      return 'None, the plan has ended';
  }
}
