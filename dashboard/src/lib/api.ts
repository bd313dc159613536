/** The one API client of the dashboard (STYLE.md rule 3): every page imports this instance. */
import { createClient } from '@slotwise/shared/client';
import { logout, readToken } from './session.ts';

export const client = createClient({
  getToken: readToken,
  // SPEC.md section 4 and DESIGN.md section 9: an expired or forged token ends the session.
  onUnauthorized: logout,
});
