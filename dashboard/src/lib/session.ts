/**
 * The session (docs/product.md#screens): a signed token in localStorage under `token`, whose
 * decoded payload is the current user: an owner, or a crew member (`k: 'crew'`, whose home is
 * /crew; docs/decisions/024). State lives in signals so
 * the guard, the top bar and any page read one source; components reading them
 * call useSignals() (docs/architecture.md#pitfalls, pitfall 1).
 */
import { batch, signal } from '@preact/signals-react';
import type { SessionPayload } from '@slotwise/shared/api';
import { TOKEN_STORAGE_KEY } from '@slotwise/shared/domain';
import { forgetKeptAnswers } from './offline.ts';
import { resetSharedResources } from './resource.ts';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export const sessionStatus = signal<SessionStatus>('loading');
export const currentUser = signal<SessionPayload | null>(null);

type Navigate = (to: string, options?: { replace?: boolean }) => void;
// Until the router binds itself (app/router.tsx), a full page load is the safe way to move.
let navigate: Navigate = (to) => window.location.assign(to);

/** The router hands over its navigate so session changes can move the user from outside React. */
export function bindNavigation(fn: Navigate): void {
  navigate = fn;
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy modes); then there is simply no session.
    return null;
  }
}

/** The fields the app relies on (shared/api SessionPayload), checked by hand to keep zod out of the bundle. */
function isSessionPayload(v: unknown): v is SessionPayload {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.sub === 'string' && typeof p.email === 'string' && typeof p.exp === 'number' && Number.isFinite(p.exp)
  );
}

/** The payload of a JWT, or null when it is not one we can read. The signature is the server's business. */
export function decodeToken(token: string): SessionPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return isSessionPayload(payload) ? payload : null;
  } catch {
    return null;
  }
}

function signIn(payload: SessionPayload): void {
  batch(() => {
    currentUser.value = payload;
    sessionStatus.value = 'signedIn';
  });
}

function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored means nothing to remove.
  }
  resetSharedResources();
  forgetKeptAnswers();
  batch(() => {
    currentUser.value = null;
    sessionStatus.value = 'signedOut';
  });
}

/**
 * The start-up check: an expired (exp * 1000 before now) or undecodable token logs
 * the user out. It does not navigate by itself: the dashboard guard sends a signed-out
 * visitor to /login, while public pages (signup, the customer links) stay where they are.
 */
export function checkSession(now: number = Date.now()): void {
  const token = readToken();
  const payload = token ? decodeToken(token) : null;
  if (!payload || payload.exp * 1000 < now) {
    clearSession();
    return;
  }
  signIn(payload);
}

/** Where a session belongs: a crew member's jobs, or the owner's dashboard. */
function homeOf(payload: SessionPayload | null): string {
  return payload?.k === 'crew' ? '/crew' : '/dashboard';
}

/** Login success: store the token, set the user, go to their home (the dashboard, or a crew member's jobs). */
export function login(token: string): void {
  const payload = decodeToken(token);
  if (!payload) throw new Error('The server sent a session token this page cannot read. Please try again.');
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  signIn(payload);
  navigate(homeOf(payload));
}

/** Signup success: store the token and start onboarding. */
export function signup(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const payload = decodeToken(token);
  if (payload) signIn(payload);
  navigate('/onboarding/step1');
}

/** Log Out, and any 401 from an authenticated call: forget everything and go to /login. */
export function logout(): void {
  clearSession();
  navigate('/login', { replace: true });
}

/**
 * A password change: the server signed a fresh token and every older one (other
 * browsers, other tabs) stopped working. Storing it keeps this session going where it is.
 */
export function replaceToken(token: string): void {
  const payload = decodeToken(token);
  if (!payload) throw new Error('The server sent a session token this page cannot read. Please log in again.');
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  signIn(payload);
}
