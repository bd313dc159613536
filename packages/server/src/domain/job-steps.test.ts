import { describe, expect, it } from 'vitest';
import { jobStepsJson } from './job-steps.ts';

const row = (position: number, text: string, done_at: number | null, done_by: string | null) => ({
  booking_id: 'b',
  business_id: 'biz',
  position,
  text,
  done_at,
  done_by_member_id: null,
  done_by,
});

describe('jobStepsJson', () => {
  it("reads the service's steps, none ticked, while the job has no copy", () => {
    expect(jobStepsJson([], ['Skim', 'Brush'])).toEqual({
      steps: [
        { step: 0, text: 'Skim', doneAt: null, doneBy: null },
        { step: 1, text: 'Brush', doneAt: null, doneBy: null },
      ],
    });
  });

  it("reads the job's copy, not the service's steps now, with who and when", () => {
    const at = Date.parse('2026-12-02T18:00:00Z');
    expect(jobStepsJson([row(0, 'Skim', at, 'Sam'), row(1, 'Brush', null, null)], ['Something else'])).toEqual({
      steps: [
        { step: 0, text: 'Skim', doneAt: '2026-12-02T18:00:00.000Z', doneBy: 'Sam' },
        { step: 1, text: 'Brush', doneAt: null, doneBy: null },
      ],
    });
  });
});
