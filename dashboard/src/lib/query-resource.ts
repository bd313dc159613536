/**
 * A page's answer to a query in its address (a period, a page): loaded when the query changes, and
 * only ever shown under its own query. Until a new query's answer comes, the answer is undefined
 * (the page shows its skeleton), never the last query's figures under the new query's name.
 * Insights' sections and the Payments view; the offline note and kept answers come from lib/api.ts.
 */
import { useEffect, useRef } from 'react';
import { isNetworkError } from './errors.ts';
import { useResource } from './resource.ts';

export function useQueryResource<Q extends Record<string, string | number | undefined>, T>(
  load: (query: Q) => Promise<T>,
  query: Q,
  failed: string,
) {
  // Queries are small flat objects made by the page: their JSON, keys in the page's order, is their identity.
  const key = JSON.stringify(query);
  const wanted = useRef(query);
  wanted.current = query;
  /** The query of the load in flight or last made. */
  const asked = useRef<string | null>(null);
  const resource = useResource(
    async () => {
      const q = wanted.current;
      asked.current = JSON.stringify(q);
      return { key: asked.current, answer: await load(q) };
    },
    (err) => (isNetworkError(err) ? (err as Error).message : failed),
  );
  useEffect(() => {
    if (asked.current !== key) void resource.refresh();
  }, [resource, key]);

  const data = resource.data.value;
  return {
    answer: data && data.key === key ? data.answer : undefined,
    error: resource.error.value,
    retry: () => void resource.refresh(),
  };
}
