/**
 * The fetch core under both clients. It imports no zod, so the widget, which runs
 * on owners' pages under a 30 KB budget, can call the public API without pulling in
 * the schemas (zod alone is about 90 KB gzip). Every failure is one ApiError.
 */

export class ApiError extends Error {
  readonly status: number;
  /** True when message is the server's own {error} text, false for a generic fallback. */
  readonly fromServer: boolean;
  constructor(status: number, message: string, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
  }
}

/** status 0 means the request never got an answer (network down, CORS, aborted). */
export const NETWORK_ERROR_STATUS = 0;

export interface ClientOptions {
  /** Origin of the API, '' for same-origin. */
  baseUrl?: string;
  /** Bearer token for owner calls; read on every request so a new login takes effect at once. */
  getToken?: () => string | null;
  /** Called when an authenticated call answers 401 (expired, forged or revoked token). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
}

/** What a response is checked with: a zod schema fits; null trusts the server. */
export interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | undefined>;
export interface CallInit {
  body?: unknown;
  query?: Query;
  auth?: boolean;
  headers?: Record<string, string>;
  /** Answer the body as text (CSV downloads) instead of parsing JSON. */
  text?: boolean;
}
export type Call = <T>(method: Method, path: string, parser: Parser<T> | null, init?: CallInit) => Promise<T>;

export function createCall(options: ClientOptions = {}): Call {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async <T>(method: Method, path: string, parser: Parser<T> | null, init: CallInit = {}): Promise<T> => {
    const qs = init.query
      ? new URLSearchParams(
          Object.entries(init.query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString()
      : '';
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.auth) {
      const token = options.getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await doFetch(`${base}${path}${qs ? `?${qs}` : ''}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch {
      throw new ApiError(NETWORK_ERROR_STATUS, 'Could not reach the server. Check your connection and try again.');
    }
    const text = await res.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }
    if (!res.ok) {
      if (res.status === 401 && init.auth) options.onUnauthorized?.();
      const serverText =
        data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : null;
      throw new ApiError(
        res.status,
        serverText ?? `The server answered ${res.status} ${res.statusText}`.trim(),
        serverText !== null,
      );
    }
    if (init.text) return text as T;
    if (!parser) return data as T;
    const parsed = parser.safeParse(data);
    if (!parsed.success) throw new ApiError(res.status, `Unexpected answer from ${path}.`);
    return parsed.data;
  };
}
