/**
 * The fetch core under both clients (client.ts, public-client.ts): it turns a route of
 * the table (routes.ts) and its input into a request, and every failure into one
 * ApiError carrying the server's sentence and its stable code (errors.ts). It imports
 * no zod, so the widget, which runs on owners' pages under a strict size budget, can
 * call the public API without the schemas (zod alone is about 90 KB gzip).
 */
import type { ErrorCode } from './errors.ts';
import type { AnswerOf, CallInput, RouteDef } from './routes.ts';

export class ApiError extends Error {
  readonly status: number;
  /** What went wrong, for code to branch on: the server's code, or NETWORK_ERROR / TIMEOUT / UNEXPECTED_ANSWER. */
  readonly code: ErrorCode;
  /** True when message is the server's own {error} text, false for a generic fallback. */
  readonly fromServer: boolean;
  constructor(status: number, code: ErrorCode, message: string, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }
}

export interface ClientOptions {
  /** Origin of the API, '' for same-origin. */
  baseUrl?: string;
  /** Bearer token for owner and crew calls; read on every request so a new login takes effect at once. */
  getToken?: () => string | null;
  /** Called when an owner or crew call answers 401 (expired, forged or revoked token). */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** How long a call may take, headers and body, before it fails with TIMEOUT (15 s by default). */
  timeoutMs?: number;
}

/** What an answer is checked with: a zod schema fits; null trusts the server. */
export interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}
/** Finds the parser of a route's answer by schema name (the full client passes the schemas module). */
export type Parsers = Record<string, Parser<unknown> | unknown>;

/** A route's function: its input is optional when the route declares no params, query, body or headers. */
export type RouteCall<R extends RouteDef> =
  Partial<CallInput<R>> extends CallInput<R>
    ? (input?: CallInput<R>) => Promise<AnswerOf<R>>
    : (input: CallInput<R>) => Promise<AnswerOf<R>>;
export type GroupClient<T extends Record<string, RouteDef>> = { [N in keyof T]: RouteCall<T[N]> };

type Input = {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
};

/** The functions of one group of routes, each calling its route. */
export function groupClient<T extends Record<string, RouteDef>>(
  group: T,
  options: ClientOptions = {},
  parsers: Parsers | null = null,
): GroupClient<T> {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call(def: RouteDef, input: Input = {}): Promise<unknown> {
    const path = def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
    const qs = input.query
      ? new URLSearchParams(
          Object.entries(input.query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString()
      : '';
    const headers: Record<string, string> = { ...input.headers };
    // A photo goes as its bytes (the server reads what they are, whatever this says); the rest as JSON.
    const raw = def.upload !== undefined;
    if (input.body !== undefined) headers['content-type'] = raw ? 'application/octet-stream' : 'application/json';
    // Owner and crew calls carry the session's token; each guard refuses the other's.
    const signedIn = def.auth !== 'none';
    if (signedIn) {
      const token = options.getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    // A stalled server must not hang a screen: the whole call, answer body included, has a deadline
    // (fetch gives up on both when its signal aborts).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 15e3);
    let res: Response;
    let text: string;
    let image: Blob | undefined;
    const wantsImage = typeof def.response !== 'string' && def.response.mediaType === 'image/jpeg';
    try {
      res = await doFetch(`${base}${path}${qs ? `?${qs}` : ''}`, {
        method: def.method,
        headers,
        body: input.body === undefined ? undefined : raw ? (input.body as Blob) : JSON.stringify(input.body),
        signal: abort.signal,
      });
      // An image's bytes are kept as they came; its failures are JSON like any other's.
      if (wantsImage && res.ok) {
        image = await res.blob();
        text = '';
      } else text = await res.text();
    } catch {
      throw abort.signal.aborted
        ? new ApiError(0, 'TIMEOUT', 'The server took too long to answer. Check your connection and try again.')
        : new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
    } finally {
      clearTimeout(timer);
    }
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: a text answer (CSV), or a proxy's error page.
    }
    if (!res.ok) {
      if (res.status === 401 && signedIn) options.onUnauthorized?.();
      const server = data as { error?: unknown; code?: unknown } | null;
      if (typeof server?.error === 'string')
        throw new ApiError(
          res.status,
          (typeof server.code === 'string' ? server.code : 'INTERNAL') as ErrorCode,
          server.error,
          true,
        );
      throw new ApiError(
        res.status,
        res.status >= 500 ? 'INTERNAL' : 'UNEXPECTED_ANSWER',
        `The server answered ${res.status} ${res.statusText}`.trim(),
      );
    }
    if (image) return image;
    if (typeof def.response !== 'string' && def.response.mediaType !== 'application/json') return text;
    const parser =
      typeof def.response === 'string' ? (parsers?.[def.response] as Parser<unknown> | undefined) : undefined;
    if (!parser) return data;
    const parsed = parser.safeParse(data);
    if (!parsed.success) throw new ApiError(res.status, 'UNEXPECTED_ANSWER', `Unexpected answer from ${path}.`);
    return parsed.data;
  }

  return Object.fromEntries(
    Object.entries(group).map(([name, def]) => [name, (input?: Input) => call(def, input)]),
  ) as GroupClient<T>;
}
