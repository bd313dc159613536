import { describe, expect, it } from 'vitest';
import { runningLateLine } from './running-late.ts';

describe('runningLateLine', () => {
  it("says the projected time on the business's clock, and nothing while on time", () => {
    expect(runningLateLine('2026-12-02T22:45:00.000Z', 'America/Los_Angeles', '12h')).toBe(
      'Running late: now about 2:45 PM',
    );
    expect(runningLateLine('2026-12-02T22:45:00.000Z', 'America/Los_Angeles', '24h')).toBe(
      'Running late: now about 14:45',
    );
    expect(runningLateLine(null, 'America/Los_Angeles', '12h')).toBeNull();
    expect(runningLateLine(undefined, 'America/Los_Angeles', '12h')).toBeNull();
  });
});
