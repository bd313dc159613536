/**
 * The dashboard without a connection (docs/product.md#home-screen-and-offline). The service worker brings
 * the app itself back on a reload (src/service-worker/worker.ts); the data comes from here:
 * the last answer of each owner read (a GET with the session's token, JSON, not marked
 * no-store) is kept in sessionStorage, and given back when that same call then finds no
 * network. sessionStorage ends with the tab or the installed app's window, and logout clears
 * it (session.ts): answers with customers' personal data never outlive the session, and the
 * Cache Storage never sees them.
 */
import { signal } from '@preact/signals-react';

const PREFIX = 'slotwise:answer:';
/** Counts forgetKeptAnswers() calls: an answer that arrives after the session it was read in ended is not kept. */
let sessionEpoch = 0;

/** True while there is no connection: the browser says so, or the last call reached no server. */
export const offline = signal(typeof navigator !== 'undefined' && navigator.onLine === false);

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    offline.value = true;
  });
  window.addEventListener('online', () => {
    offline.value = false;
  });
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy modes); then nothing is kept.
    return null;
  }
}

function keep(url: string, text: string): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(PREFIX + url, text);
  } catch {
    // Full: start again from this answer rather than keep the oldest.
    forgetKeptAnswers();
    try {
      store.setItem(PREFIX + url, text);
    } catch {
      // Larger than the whole quota: not kept.
    }
  }
}

/** Logout and any session end: nothing read by this session stays behind. */
export function forgetKeptAnswers(): void {
  sessionEpoch++;
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/**
 * A fetch for the dashboard's client (lib/api.ts): any answer means the network is back;
 * no answer (a network failure, or the client's timeout) marks it down and gives the kept
 * answer of the same call, or fails as before when there is none.
 */
export function keepingAnswers(send: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    const owned = (init?.method ?? 'GET').toUpperCase() === 'GET' && new Headers(init?.headers).has('authorization');
    const epoch = sessionEpoch;
    let res: Response;
    try {
      res = await send(input, init);
    } catch (err) {
      offline.value = true;
      const kept = owned ? (storage()?.getItem(PREFIX + url) ?? null) : null;
      if (kept === null) throw err;
      return new Response(kept, { status: 200, headers: { 'content-type': 'application/json' } });
    }
    offline.value = false;
    const json = res.headers.get('content-type')?.includes('application/json');
    const noStore = res.headers.get('cache-control')?.includes('no-store');
    if (owned && res.ok && json && !noStore) {
      const text = await res.clone().text();
      if (epoch === sessionEpoch) keep(url, text);
    }
    return res;
  };
}
