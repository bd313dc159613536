/** The one API client of the dashboard (docs/architecture.md#house-rules, rule 3): every page imports this instance. */
import { createClient } from '@slotwise/shared/client';
import { logout, readToken } from './session.ts';

// Answers are checked against the contract's zod schemas in development and tests only;
// the production bundle leaves zod out (docs/decisions/007). The condition is a build-time
// constant, so the import disappears from production builds.
const schemas = import.meta.env.DEV ? await import('@slotwise/shared/api') : undefined;

export const client = createClient({
  schemas,
  getToken: readToken,
  // docs/product.md#screens and docs/architecture.md#security: an expired or forged token ends the session.
  onUnauthorized: logout,
});
