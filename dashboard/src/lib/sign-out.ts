/**
 * Log Out on this device (docs/decisions/052): its push notifications stop first (the server's row
 * and the browser's subscription), then the session ends. Apart from the notifications' screen
 * (components/push-settings.tsx) so the layout's Log Out does not carry that screen in the
 * dashboard's first download.
 */
import { client } from './api.ts';
import { turnOffBeforeSignOut } from './push.ts';
import { logout } from './session.ts';

export async function signOutHere(role: 'owner' | 'crew'): Promise<void> {
  const calls = role === 'owner' ? client.dashboard : client.crew;
  await turnOffBeforeSignOut((endpoint) => calls.unsubscribePush({ body: { endpoint } }));
  logout();
}
