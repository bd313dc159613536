import { BOOKING_STATUSES } from '@slotwise/shared/domain';
import { describe, expect, it } from 'vitest';
import { refuseDecision } from './owner-decision.ts';

const at = (status: (typeof BOOKING_STATUSES)[number], startMs = 1_000) => ({
  status,
  startMs,
  day: '2027-01-05',
  startTime: '10:00',
});

describe('refuseDecision', () => {
  it('lets a future pending booking be approved or declined', () => {
    expect(refuseDecision(at('pending'), 'approved', 999, '12h')).toBeNull();
    expect(refuseDecision(at('pending'), 'declined', 999, '12h')).toBeNull();
  });

  it.each(BOOKING_STATUSES.filter((s) => s !== 'pending'))('refuses any decision on a %s booking', (status) => {
    expect(refuseDecision(at(status), 'approved', 0, '12h')).toBe(
      `Only pending bookings can be approved; this one is ${status}.`,
    );
    expect(refuseDecision(at(status), 'declined', 0, '12h')).toBe(
      `Only pending bookings can be declined; this one is ${status}.`,
    );
  });

  it('refuses to approve once the start has come, but still lets the owner decline', () => {
    expect(refuseDecision(at('pending', 1_000), 'approved', 1_000, '12h')).toBe(
      'This booking started at 10:00 AM on 2027-01-05 and can no longer be approved; decline it instead.',
    );
    // On the business's clock.
    expect(refuseDecision(at('pending', 1_000), 'approved', 1_000, '24h')).toMatch(/started at 10:00 on/);
    expect(refuseDecision(at('pending', 1_000), 'declined', 5_000, '12h')).toBeNull();
  });
});
