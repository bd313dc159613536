/**
 * A fake server at the fetch boundary (vi.stubGlobal('fetch')), so component tests
 * exercise the real client, its parsing and its 401 handling. Routes are
 * "METHOD /path" with optional :param segments.
 */
import type { BusinessProfile } from '@slotwise/shared/api';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  params: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** A body that is not JSON text (a photo's Blob), as sent. */
  raw?: unknown;
}
/**
 * body is sent as JSON; text (a CSV download) is sent as it is. 'network': the connection fails;
 * 'stall': no answer until the client gives up (aborts its signal).
 */
export type Reply = { status?: number; body?: unknown; text?: string; contentType?: string } | 'network' | 'stall';
export type Handler = (req: FakeRequest) => Reply | Promise<Reply>;

export const BUSINESS_ID = '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11';
export const onboardedProfile: BusinessProfile = {
  businessId: BUSINESS_ID,
  name: 'Sparkle Auto',
  niche: 'car-detailing',
  address: '42 Elm St, Beverly Hills, CA 90210, USA',
  timeZone: 'America/Los_Angeles',
  timeFormat: '12h',
  onboarded: true,
};

function matches(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return null;
  }
  return params;
}

export function fakeApi(routes: Record<string, Handler | Reply> = {}) {
  const table = new Map<string, Handler>();
  const calls: FakeRequest[] = [];

  function on(route: string, handler: Handler | Reply): void {
    table.set(route, typeof handler === 'function' ? handler : () => handler);
  }
  on('GET /api/onboarding/profile', { body: onboardedProfile });
  on('POST /api/feedback', { status: 201, body: { message: 'Thank you for your feedback!' } });
  // Every dashboard page's layout asks what waits for the owner (the Bookings tab's badge): nothing, unless a test says so.
  on('GET /api/business-dashboard/bookings/waiting', { body: { count: 0, bookings: [] } });
  for (const [route, handler] of Object.entries(routes)) on(route, handler);

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    for (const [route, handler] of table) {
      const [m, pattern] = route.split(' ') as [string, string];
      if (m !== method) continue;
      const params = matches(pattern, url.pathname);
      if (!params) continue;
      const raw = typeof init.body === 'string' || init.body == null ? undefined : init.body;
      const req: FakeRequest = { method, path: url.pathname, url, params, headers, body, raw };
      calls.push(req);
      const reply = await handler(req);
      if (reply === 'network') throw new TypeError('Failed to fetch');
      if (reply === 'stall')
        return new Promise<never>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      const status = reply.status ?? 200;
      if (reply.text !== undefined)
        return new Response(reply.text, { status, headers: { 'content-type': reply.contentType ?? 'text/plain' } });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }
    calls.push({ method, path: url.pathname, url, params: {}, headers, body });
    return new Response(JSON.stringify({ error: `No fake for ${method} ${url.pathname}` }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);

  return {
    on,
    calls,
    /** The requests made to one route, e.g. callsTo('POST /api/auth/login'). */
    callsTo(route: string): FakeRequest[] {
      const [m, pattern] = route.split(' ') as [string, string];
      return calls.filter((c) => c.method === m && matches(pattern, c.path));
    },
  };
}

/** A promise the test resolves by hand, to look at a screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Lets pending fetches and their React updates finish while timers are faked
 * (setImmediate stays real with vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })).
 */
export async function settle(rounds = 5): Promise<void> {
  const { act } = await import('@testing-library/react');
  for (let i = 0; i < rounds; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}
