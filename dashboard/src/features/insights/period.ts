/**
 * The Insights page's periods (docs/decisions/029): the last 7, 30 or 90 days or 12 months, each
 * ending today in the BUSINESS's time zone (todayIn), today included. The choice lives in the
 * address (`?period=30d`), so a reload or a shared link keeps it; nothing is stored.
 */
import type { InsightsQuery } from '@slotwise/shared/api';
import { addDays } from '@slotwise/shared/slots';

export const PERIODS = [
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
  { id: '12m', label: 'Last 12 months' },
] as const;
export type PeriodId = (typeof PERIODS)[number]['id'];

const DEFAULT_PERIOD: PeriodId = '30d';
/** The address's parameter that holds the choice. */
export const PERIOD_PARAM = 'period';

/** The period an address names; anything else (missing, mistyped) is the default. */
export function parsePeriod(value: string | null): PeriodId {
  return PERIODS.find((p) => p.id === value)?.id ?? DEFAULT_PERIOD;
}

/** The same calendar day `years` earlier, or the month's last day when it has none (Feb 29). */
function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(y - years, m, 0)).getUTCDate();
  return `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastOfMonth)).padStart(2, '0')}`;
}

/**
 * The days a period covers, both ends included, ending on `today` (the business's today):
 * 7d is today and the 6 days before; 12m starts the day after the same date a year ago.
 */
export function periodRange(period: PeriodId, today: string): InsightsQuery {
  switch (period) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m':
      return { from: addDays(yearsBefore(today, 1), 1), to: today };
    default:
      return { from: addDays(today, -29), to: today };
  }
}
