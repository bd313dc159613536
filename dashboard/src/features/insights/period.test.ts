import { INSIGHTS_RANGE_MAX_DAYS } from '@slotwise/shared/insights';
import { describe, expect, it } from 'vitest';
import { monthDay, rangeText } from '../../lib/format.ts';
import { PERIODS, parsePeriod, periodRange } from './period.ts';

const days = ({ from, to }: { from: string; to: string }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

describe('insights periods', () => {
  it('reads the period from the address, the last 30 days by default', () => {
    expect(parsePeriod('7d')).toBe('7d');
    expect(parsePeriod('12m')).toBe('12m');
    expect(parsePeriod(null)).toBe('30d');
    expect(parsePeriod('365d')).toBe('30d');
    expect(PERIODS.map((p) => p.label)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 12 months']);
  });

  it('ends each period today, today included', () => {
    expect(periodRange('7d', '2026-11-30')).toEqual({ from: '2026-11-24', to: '2026-11-30' });
    expect(periodRange('30d', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('90d', '2026-11-30')).toEqual({ from: '2026-09-02', to: '2026-11-30' });
    expect(periodRange('12m', '2026-11-30')).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    for (const p of PERIODS) expect(days(periodRange(p.id, '2026-03-01'))).toBeLessThanOrEqual(INSIGHTS_RANGE_MAX_DAYS);
    expect(days(periodRange('90d', '2026-03-01'))).toBe(90);
  });

  it('counts 12 months back over month ends and leap days', () => {
    expect(periodRange('12m', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(periodRange('12m', '2026-01-01')).toEqual({ from: '2025-01-02', to: '2026-01-01' });
    expect(periodRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('writes a period as people read it', () => {
    expect(monthDay('2026-11-01')).toBe('Nov 1');
    expect(rangeText({ from: '2026-11-01', to: '2026-11-30' })).toBe('Nov 1 – Nov 30, 2026');
    expect(rangeText({ from: '2025-12-01', to: '2026-11-30' })).toBe('Dec 1, 2025 – Nov 30, 2026');
  });
});
