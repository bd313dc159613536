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
interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
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

// A module to the type checker, so the declarations above stay in this file; the built sw.js exports nothing.
export {};
