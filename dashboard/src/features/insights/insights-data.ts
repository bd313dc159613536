/**
 * The page's four calls (docs/decisions/029: funnel, work, missed; 057: the drive, so each section loads and
 * fails on its own), each a resource of its section for the period on screen. A new period loads
 * again; until its answer comes the section shows its skeleton, never the last period's figures
 * under the new period's name (lib/query-resource.ts).
 */
import type { InsightsQuery } from '@slotwise/shared/api';
import { client } from '../../lib/api.ts';
import { useQueryResource } from '../../lib/query-resource.ts';

export const FUNNEL_FAILED = 'Failed to load the booking funnel.';
export const WORK_FAILED = 'Failed to load your money and work figures.';
export const MISSED_FAILED = 'Failed to load your missed work.';
export const DRIVE_FAILED = 'Failed to load your profit after the drive.';

export const loadFunnel = (query: InsightsQuery) => client.dashboard.insightsFunnel({ query });
export const loadWork = (query: InsightsQuery) => client.dashboard.insightsWork({ query });
export const loadMissed = (query: InsightsQuery) => client.dashboard.insightsMissed({ query });
export const loadDrive = (query: InsightsQuery) => client.dashboard.insightsDrive({ query });

/** A section's answer for `range` (undefined while it loads), its failure, and Try again. */
export function useInsight<T>(load: (query: InsightsQuery) => Promise<T>, range: InsightsQuery, failed: string) {
  return useQueryResource(load, { from: range.from, to: range.to }, failed);
}
