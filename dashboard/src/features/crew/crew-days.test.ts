import type { CrewJob } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { crewDays, jobAction } from './crew-days.ts';

const job = (id: string, day: string, status: CrewJob['status'] = 'approved'): CrewJob => ({
  _id: id,
  bookingTime: { day, startTime: '10:00', endTime: '11:00' },
  serviceName: 'Full Detail',
  customerName: 'Ada Lovelace',
  phoneNumber: '+15551234567',
  customerAddress: '5 Ocean Ave, Santa Monica, CA 90401, USA',
  placeNotes: null,
  status,
  startedAt: null,
  notes: null,
  payable: false,
  onMyWayAt: null,
  projectedStart: null,
});

describe("a crew member's days", () => {
  it('lists today even without jobs, then tomorrow and later days that have jobs, by name', () => {
    const days = crewDays([job('a', '2026-12-04'), job('b', '2026-12-02'), job('c', '2026-12-04')], '2026-12-01');
    expect(days.map((d) => [d.heading, d.jobs.map((j) => j._id)])).toEqual([
      ['Today', []],
      ['Tomorrow', ['b']],
      ['Friday, December 4, 2026', ['a', 'c']],
    ]);
  });

  it('offers Start job from the day on, Mark completed once started, nothing when done', () => {
    expect(jobAction(job('a', '2026-12-01'), '2026-12-01')).toBe('start');
    expect(jobAction(job('a', '2026-12-01', 'pending'), '2026-12-01')).toBe('start');
    expect(jobAction(job('a', '2026-12-02'), '2026-12-01')).toBeNull();
    expect(jobAction(job('a', '2026-12-01', 'started'), '2026-12-01')).toBe('complete');
    expect(jobAction(job('a', '2026-12-01', 'completed'), '2026-12-01')).toBeNull();
  });
});
