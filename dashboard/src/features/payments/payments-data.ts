/**
 * The Payments view's calls (docs/decisions/047): the period's report, a page of its movements at
 * a time, and its CSV. A new period or page loads again (lib/query-resource.ts).
 */
import type { LedgerQuery } from '@slotwise/shared/api';
import { client } from '../../lib/api.ts';

export const REPORT_FAILED = 'Failed to load your payments.';
export const EXPORT_FAILED = 'Failed to download your payments. Please try again.';

export const loadReport = (query: LedgerQuery) => client.dashboard.paymentsReport({ query });
export const loadPaymentsCsv = (query: Pick<LedgerQuery, 'from' | 'to'>) =>
  client.dashboard.exportPaymentsCsv({ query });
