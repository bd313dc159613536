/**
 * The page's three calls (docs/decisions/029: funnel, work, missed, so each section loads and
 * fails on its own), each a resource of its section for the period on screen. A new period loads
 * again; until its answer comes the section shows its skeleton, never the last period's figures
 * under the new period's name. The offline note and the session's kept answers come from
 * lib/api.ts, as on every page.
 */
import type { InsightsQuery } from '@slotwise/shared/api';
import { useEffect, useRef } from 'react';
import { client } from '../../lib/api.ts';
import { isNetworkError } from '../../lib/errors.ts';
import { useResource } from '../../lib/resource.ts';

export const FUNNEL_FAILED = 'Failed to load the booking funnel.';
export const WORK_FAILED = 'Failed to load your money and work figures.';
export const MISSED_FAILED = 'Failed to load your missed work.';

export const loadFunnel = (query: InsightsQuery) => client.dashboard.insightsFunnel({ query });
export const loadWork = (query: InsightsQuery) => client.dashboard.insightsWork({ query });
export const loadMissed = (query: InsightsQuery) => client.dashboard.insightsMissed({ query });

const same = (a: InsightsQuery | null, b: InsightsQuery) => a?.from === b.from && a.to === b.to;

/** A section's answer for `range` (undefined while it loads), its failure, and Try again. */
export function useInsight<T>(load: (query: InsightsQuery) => Promise<T>, range: InsightsQuery, failed: string) {
  const wanted = useRef(range);
  wanted.current = range;
  /** The period of the load in flight or last made. */
  const asked = useRef<InsightsQuery | null>(null);
  const resource = useResource(
    async () => {
      const query = wanted.current;
      asked.current = query;
      return { query, answer: await load(query) };
    },
    (err) => (isNetworkError(err) ? (err as Error).message : failed),
  );
  const { from, to } = range;
  useEffect(() => {
    if (!same(asked.current, { from, to })) void resource.refresh();
  }, [resource, from, to]);

  const data = resource.data.value;
  return {
    answer: data && same(data.query, range) ? data.answer : undefined,
    error: resource.error.value,
    retry: () => void resource.refresh(),
  };
}
