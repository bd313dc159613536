/**
 * The dashboard's service worker, served as /dashboard/sw.js with the scope "/dashboard"
 * (docs/architecture.md#the-installable-dashboard). Built by dashboard/build/service-worker.ts,
 * which puts the build's shell in front of this code as `const SHELL = {version, files}`.
 *
 * - install: the shell (the /dashboard page and every hashed JS and CSS file of this build,
 *   with the icons index.html links) goes into a cache named after the build.
 * - activate: caches of older builds are deleted.
 * - a navigation: the network first; when it fails, or gives nothing within a few seconds,
 *   the cached shell, which then shows the answers kept for the session (lib/offline.ts).
 * - a shell file: from the cache (its name changes with its content), else the network.
 * - everything else passes untouched, and /api/ above all: its answers carry owners' and
 *   customers' personal data and are never put in the Cache Storage, which outlives the session.
 *
 * - push (docs/decisions/052): the notice the server sent ({title, body, url, tag}, decrypted by
 *   the browser) shown as a notification; notificationclick focuses a window of ours already open
 *   on that screen, or another of ours navigated there, or opens one. The crew page (/crew) is
 *   outside the scope for fetches but subscribes through this same registration, so a crew's
 *   notice opens /crew.
 *
 * It does not skipWaiting: a new build's worker takes over once no dashboard page of the old
 * build is open, so an open page keeps finding its own build's lazy chunks in the old cache.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { readonly data: unknown; close(): void };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly registration: {
    showNotification(
      title: string,
      options: { body: string; tag: string; data: { url: string }; icon?: string; badge?: string },
    ): Promise<void>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
declare const self: WorkerScope;
/** Written in front of this file by the build: paths like "/assets/index-4f3a.js", and the build's hash. */
declare const SHELL: { readonly version: string; readonly files: readonly string[] };

const PREFIX = 'slotwise-shell-';
const CACHE = `${PREFIX}${SHELL.version}`;
/** Every dashboard route is the same index.html (packages/server/src/routes/static.ts). */
const SHELL_PAGE = '/dashboard';
/** How long a navigation waits for the network before the cached shell is shown instead. */
const NAVIGATION_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...SHELL.files])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      // The page that registered the worker gets its shell files through it without a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (SHELL.files.includes(url.pathname) && url.search === '') event.respondWith(shellFile(request));
});

async function cachedShell(): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(SHELL_PAGE);
}

async function navigate(request: Request): Promise<Response> {
  const network = fetch(request);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<Response>((resolve) => {
    timer = setTimeout(() => resolve(cachedShell().then((shell) => shell ?? network)), NAVIGATION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([network, slow]);
  } catch {
    // No connection: the shell of this build, or the browser's own error page when there is none yet.
    return (await cachedShell()) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

async function shellFile(request: Request): Promise<Response> {
  return (await (await caches.open(CACHE)).match(request)) ?? fetch(request);
}

/** A screen of ours a notice may open: a path on this origin, else the dashboard's home. */
function ourPath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return SHELL_PAGE;
  return url;
}

/** What the server pushed (packages/server/src/domain/push.ts PushPayload); anything else shows a plain notice. */
function noticeOf(event: PushEvent): { title: string; body: string; url: string; tag: string } {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v.slice(0, 300) : fallback);
  return {
    title: text(d.title, 'Slotwise'),
    body: text(d.body, 'Something changed in your day. Open Slotwise to see it.'),
    url: ourPath(d.url),
    tag: text(d.tag, 'slotwise'),
  };
}

self.addEventListener('push', (event) => {
  const notice = noticeOf(event);
  // A push must show a notification (browsers require it of userVisibleOnly subscriptions).
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: '/icons/slotwise-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(ourPath(data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target);
      if (same) return same.focus();
      // A window of ours on another screen is taken there (one app, not a new tab per notice).
      const ours = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (ours) {
        const moved = await ours.navigate(target);
        return (moved ?? ours).focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});

// A module to the type checker, so the declarations above stay in this file; the built sw.js exports nothing.
export {};
