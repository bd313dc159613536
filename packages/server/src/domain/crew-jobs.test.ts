import { describe, expect, it } from 'vitest';
import { crewJobStatus, tapOutcome } from './crew-jobs.ts';

const NOW = Date.parse('2026-12-02T18:05:00Z');
const job = (over: Partial<Parameters<typeof tapOutcome>[0]> = {}) => ({
  status: 'approved',
  day: '2026-12-02',
  end_ms: NOW + 3_600_000,
  started_at: null as number | null,
  ...over,
});
const TODAY = '2026-12-02';

describe("a crew's job", () => {
  it('reads started between the tap and completion, and completed once an approved job has ended', () => {
    expect(crewJobStatus(job(), NOW)).toBe('approved');
    expect(crewJobStatus(job({ status: 'pending' }), NOW)).toBe('pending');
    expect(crewJobStatus(job({ started_at: NOW }), NOW)).toBe('started');
    expect(crewJobStatus(job({ status: 'completed', started_at: NOW }), NOW)).toBe('completed');
    expect(crewJobStatus(job({ end_ms: NOW - 1 }), NOW)).toBe('completed');
  });

  it('is started from pending or approved, from its day on; a second start changes nothing', () => {
    expect(tapOutcome(job(), 'start', TODAY, NOW)).toEqual({ kind: 'change' });
    expect(tapOutcome(job({ status: 'pending' }), 'start', TODAY, NOW)).toEqual({ kind: 'change' });
    expect(tapOutcome(job({ day: '2026-12-01' }), 'start', TODAY, NOW)).toEqual({ kind: 'change' });
    expect(tapOutcome(job({ started_at: NOW }), 'start', TODAY, NOW)).toEqual({ kind: 'nothing' });
    expect(tapOutcome(job({ day: '2026-12-04' }), 'start', TODAY, NOW)).toEqual({
      kind: 'refuse',
      code: 'JOB_NOT_TODAY',
      error: 'This job is on Friday, December 4, 2026: start it on the day.',
    });
  });

  it('is completed only once started; completing (or starting) a completed job changes nothing', () => {
    expect(tapOutcome(job(), 'complete', TODAY, NOW)).toMatchObject({ kind: 'refuse', code: 'JOB_NOT_STARTED' });
    expect(tapOutcome(job({ started_at: NOW }), 'complete', TODAY, NOW)).toEqual({ kind: 'change' });
    for (const done of [job({ status: 'completed' }), job({ end_ms: NOW - 1 })])
      for (const tap of ['start', 'complete'] as const)
        expect(tapOutcome(done, tap, TODAY, NOW)).toEqual({ kind: 'nothing' });
  });

  it('refuses a job that is off the calendar, saying why', () => {
    for (const [status, words] of [
      ['cancelled', 'was cancelled'],
      ['declined', 'was declined by the business'],
      ['awaiting_payment', "is waiting for the customer's deposit"],
      ['needs_time', 'has no time yet'],
      ['skipped', 'was skipped by the customer'],
    ])
      expect(tapOutcome(job({ status, started_at: NOW }), 'complete', TODAY, NOW)).toEqual({
        kind: 'refuse',
        code: 'JOB_NOT_ACTIVE',
        error: `This job ${words}, so it cannot be completed. Refresh your jobs.`,
      });
  });
});
