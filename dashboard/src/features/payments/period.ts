/**
 * The Payments view's periods (docs/decisions/047): calendar weeks (Sunday first, as Insights'
 * weeks), months and the year so far, each in the BUSINESS's days (todayIn), today included. The
 * choice lives in the address (`?period=month`), so a reload or Back keeps it.
 */
import type { LedgerQuery } from '@slotwise/shared/api';
import { weekStart } from '@slotwise/shared/insights';
import { addDays } from '@slotwise/shared/slots';

export const PAYMENT_PERIODS = [
  { id: 'week', label: 'This week' },
  { id: 'last-week', label: 'Last week' },
  { id: 'month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'year', label: 'This year' },
] as const;
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number]['id'];

export const PERIOD_PARAM = 'period';
export const PAGE_PARAM = 'page';

export function parsePaymentPeriod(value: string | null): PaymentPeriod {
  return PAYMENT_PERIODS.find((p) => p.id === value)?.id ?? 'week';
}

/** The page an address names: a whole number from 1, else 1. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The days a period covers, both ends included; a period running on past today ends today. */
export function paymentsRange(period: PaymentPeriod, today: string): Pick<LedgerQuery, 'from' | 'to'> {
  switch (period) {
    case 'last-week': {
      const from = addDays(weekStart(today), -7);
      return { from, to: addDays(from, 6) };
    }
    case 'month':
      return { from: firstOfMonth(today), to: today };
    case 'last-month': {
      const to = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(to), to };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    default:
      return { from: weekStart(today), to: today };
  }
}
