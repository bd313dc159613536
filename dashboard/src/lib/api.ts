/** The dashboard's one API client: every page imports it and never builds a URL (docs/architecture.md#the-api). */
import { createClient } from '@slotwise/shared/client';
import { keepingAnswers } from './offline.ts';
import { logout, readToken } from './session.ts';

// Answers are checked against the contract's zod schemas in development and tests only;
// the production bundle leaves zod out (docs/decisions/007). The condition is a build-time
// constant, so the import disappears from production builds.
const schemas = import.meta.env.DEV ? await import('@slotwise/shared/api') : undefined;

export const client = createClient({
  schemas,
  getToken: readToken,
  // Any 401 (a token expired, forged or older than a password change) ends the session (docs/product.md#screens).
  onUnauthorized: logout,
  // Keeps the session's last answers for a reload without a connection (lib/offline.ts).
  fetch: keepingAnswers(),
});
