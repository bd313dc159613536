/**
 * The service worker (worker.ts) run against a fake worker scope, Cache Storage and network:
 * what it precaches, what it serves offline, and that the API never reaches the cache.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://book.example.com';
const SHELL = { version: 'v2', files: ['/dashboard', '/assets/index-abc.js', '/assets/index-def.css', '/favicon.svg'] };

type Listener = (event: unknown) => void;

/** An in-memory Cache Storage keyed by path and query, as the browser's is by URL. */
function fakeCaches(network: (url: string) => Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const key = (r: Request | string) => {
    const u = new URL(typeof r === 'string' ? r : r.url, ORIGIN);
    return u.pathname + u.search;
  };
  function cache(name: string) {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      async addAll(urls: string[]) {
        for (const url of urls) entries.set(key(url), await network(new URL(url, ORIGIN).href));
      },
      async match(r: Request | string) {
        return entries.get(key(r))?.clone();
      },
    };
  }
  return {
    stores,
    storage: {
      open: async (name: string) => cache(name),
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  };
}

let listeners: Map<string, Listener>;
let claimed: boolean;
let shown: { title: string; options: { body: string; tag: string; data: { url: string } } }[];
let windows: { url: string; focused: boolean; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> }[];
let opened: string[];
let network: ReturnType<typeof vi.fn<(input: RequestInfo | URL) => Promise<Response>>>;
let caches: ReturnType<typeof fakeCaches>;

const page = (path: string) => new Response(`page ${path}`, { headers: { 'content-type': 'text/html' } });

beforeEach(async () => {
  listeners = new Map();
  claimed = false;
  shown = [];
  windows = [];
  opened = [];
  network = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return url.pathname.startsWith('/api/') ? Response.json({ customer: 'Ann Smith' }) : page(url.pathname);
  });
  caches = fakeCaches((url) => network(url));
  vi.stubGlobal('SHELL', SHELL);
  vi.stubGlobal('caches', caches.storage);
  vi.stubGlobal('fetch', network);
  vi.stubGlobal('self', {
    location: { origin: ORIGIN },
    clients: {
      claim: async () => {
        claimed = true;
      },
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
    registration: {
      showNotification: async (title: string, options: (typeof shown)[number]['options']) => {
        shown.push({ title, options });
      },
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  });
  vi.resetModules();
  await import('./worker.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function lifecycle(type: 'install' | 'activate'): Promise<void> {
  const waits: Promise<unknown>[] = [];
  listeners.get(type)?.({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
  await Promise.all(waits);
}

/** Dispatches a fetch event; the worker's answer, or null when it lets the request pass. */
function request(path: string, init: { method?: string; mode?: 'navigate' } = {}): Promise<Response> | null {
  let answer: Promise<Response> | null = null;
  const req = new Request(new URL(path, ORIGIN), { method: init.method ?? 'GET' });
  // Request's constructor refuses mode "navigate"; the browser sets it on page loads.
  const event = {
    request: init.mode ? Object.defineProperty(req, 'mode', { value: init.mode }) : req,
    respondWith: (p: Promise<Response>) => {
      answer = p;
    },
    waitUntil: () => {},
  };
  listeners.get('fetch')?.(event);
  return answer;
}

function cachedPaths(): string[] {
  return [...caches.stores.values()].flatMap((store) => [...store.keys()]);
}

describe('the dashboard service worker', () => {
  it('precaches the shell of its build in a cache named after the build', async () => {
    await lifecycle('install');
    expect([...caches.stores.keys()]).toEqual(['slotwise-shell-v2']);
    expect(cachedPaths().sort()).toEqual([...SHELL.files].sort());
  });

  it('deletes the caches of older builds on activate, keeps other caches, and takes over open pages', async () => {
    await caches.storage.open('slotwise-shell-v1');
    await caches.storage.open('someone-else');
    await lifecycle('install');
    await lifecycle('activate');
    expect([...caches.stores.keys()].sort()).toEqual(['slotwise-shell-v2', 'someone-else']);
    expect(claimed).toBe(true);
  });

  it('leaves API calls to the network and never caches their answers, online or offline', async () => {
    await lifecycle('install');
    expect(request('/api/business-dashboard/bookings')).toBeNull();
    expect(request('/api/auth/login', { method: 'POST' })).toBeNull();
    expect(request('/api/onboarding/profile', { mode: 'navigate' })).toBeNull();
    network.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(request('/api/business-dashboard/bookings')).toBeNull();
    expect(cachedPaths().some((p) => p.startsWith('/api'))).toBe(false);
  });

  it('loads pages from the network while it answers, without caching them', async () => {
    await lifecycle('install');
    const answer = await request('/dashboard/calendar', { mode: 'navigate' });
    expect(await answer?.text()).toBe('page /dashboard/calendar');
    expect(cachedPaths()).not.toContain('/dashboard/calendar');
  });

  it('answers a page load with the cached shell when the network fails', async () => {
    await lifecycle('install');
    network.mockRejectedValue(new TypeError('Failed to fetch'));
    const answer = await request('/dashboard/bookings', { mode: 'navigate' });
    expect(await answer?.text()).toBe('page /dashboard');
  });

  it('answers a page load with the cached shell when the network gives nothing within 4 seconds', async () => {
    await lifecycle('install');
    vi.useFakeTimers();
    try {
      network.mockReturnValue(new Promise<Response>(() => {}));
      const answer = request('/dashboard', { mode: 'navigate' });
      await vi.advanceTimersByTimeAsync(3900);
      let settled = false;
      void answer?.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(await (await answer)?.text()).toBe('page /dashboard');
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails a page load like the browser would before anything was cached', async () => {
    network.mockRejectedValue(new TypeError('Failed to fetch'));
    const answer = await request('/dashboard', { mode: 'navigate' });
    expect(answer?.type).toBe('error');
  });

  it('serves the shell files from the cache, and anything else from the network untouched', async () => {
    await lifecycle('install');
    network.mockClear();
    network.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await request('/assets/index-abc.js'))?.text()).toBe('page /assets/index-abc.js');
    expect(network).not.toHaveBeenCalled();
    expect(request('/assets/widget-popup-xyz.js')).toBeNull();
    expect(request('/assets/index-abc.js?v=2')).toBeNull();
    expect(request('https://elsewhere.example.com/assets/index-abc.js')).toBeNull();
  });

  describe('push notifications', () => {
    /** Dispatches a worker event and waits for what it asked to wait for. */
    async function dispatch(type: 'push' | 'notificationclick', fields: object): Promise<void> {
      const waits: Promise<unknown>[] = [];
      listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) });
      await Promise.all(waits);
    }
    const pushed = (data: unknown) => ({
      data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data), text: () => String(data) },
    });
    const windowAt = (url: string) => {
      const w = {
        url,
        focused: false,
        focus: async () => {
          w.focused = true;
          return w;
        },
        navigate: async (to: string) => {
          w.url = to;
          return w;
        },
      };
      windows.push(w);
      return w;
    };

    it("shows the server's notice with its words, tag and the screen it opens", async () => {
      await dispatch(
        'push',
        pushed({
          title: 'New request: Ada Lovelace',
          body: 'Full Detail, Wed, Dec 2 10:00 AM.',
          url: '/dashboard/bookings?status=pending',
          tag: 'request:b1',
        }),
      );
      expect(shown).toEqual([
        {
          title: 'New request: Ada Lovelace',
          options: expect.objectContaining({
            body: 'Full Detail, Wed, Dec 2 10:00 AM.',
            tag: 'request:b1',
            data: { url: '/dashboard/bookings?status=pending' },
          }),
        },
      ]);
    });

    it('shows a plain notice for a push it cannot read, and never a link off our origin', async () => {
      await dispatch('push', { data: { json: () => JSON.parse('not json'), text: () => 'not json' } });
      await dispatch('push', pushed({ title: 'Hi', body: 'There', url: 'https://evil.example/', tag: 't' }));
      await dispatch('push', pushed({ title: 'Hi', body: 'There', url: '//evil.example/', tag: 't' }));
      expect(shown.map((s) => [s.title, s.options.data.url])).toEqual([
        ['Slotwise', '/dashboard'],
        ['Hi', '/dashboard'],
        ['Hi', '/dashboard'],
      ]);
    });

    it('a tap focuses the window already on that screen, else takes a window of ours there, else opens one', async () => {
      const close = vi.fn();
      const tap = (url: string) => dispatch('notificationclick', { notification: { data: { url }, close } });
      await tap('/crew');
      expect(opened).toEqual([`${ORIGIN}/crew`]);
      const crew = windowAt(`${ORIGIN}/crew`);
      await tap('/crew');
      expect(crew.focused).toBe(true);
      const board = windowAt(`${ORIGIN}/dashboard`);
      windows = [board];
      await tap('/dashboard/bookings?status=pending');
      expect([board.url, board.focused]).toEqual([`${ORIGIN}/dashboard/bookings?status=pending`, true]);
      expect(opened).toHaveLength(1);
      expect(close).toHaveBeenCalledTimes(3);
    });
  });
});
