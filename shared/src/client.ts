/**
 * The one fetch client every app uses: one function per call of the route table
 * (routes.ts), grouped as the table is (`client.dashboard.approve({params: {id}})`),
 * typed by the table's schemas. Pages never build URLs by hand; every failure is one
 * ApiError {status, code, message}.
 */
import { type ClientOptions, type GroupClient, groupClient, type Parsers } from './http.ts';
import { type Routes, routes } from './routes.ts';

export { ApiError, type ClientOptions } from './http.ts';

export type ApiClient = { [G in keyof Routes]: GroupClient<Routes[G]> };

/**
 * Answers are checked against their declared zod schemas when `schemas` is given
 * (tests, development, tools: `import * as api from '@slotwise/shared/api'`). Production
 * bundles leave it out: zod is a large part of the dashboard's first download, and the
 * answers come from our own server, which validated what it stored (docs/decisions/007).
 */
export function createClient(options: ClientOptions & { schemas?: Parsers } = {}): ApiClient {
  const parsers = options.schemas ?? null;
  return Object.fromEntries(
    Object.entries(routes).map(([group, calls]) => [group, groupClient(calls, options, parsers)]),
  ) as ApiClient;
}
