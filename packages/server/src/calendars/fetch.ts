/**
 * Reading one calendar subscription address (docs/decisions/025): GET over http(s) only, to
 * public hosts only (every address the name resolves to is checked, and the connection is made
 * to the checked address itself, so a name cannot resolve one way for the check and another
 * for the connection), redirects followed by hand and each one checked again (at most 5),
 * conditional (If-None-Match / If-Modified-Since: 304 answers "unchanged"), within one time
 * limit for the whole read and a size cap counted on the decoded bytes. The address is a
 * credential: nothing here logs it, and failures carry only its host.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** Why a read failed; `host` is where (the address's host, or a redirect's). */
export type FetchFailure =
  | { kind: 'status'; status: number; host: string }
  | { kind: 'timeout'; host: string }
  | { kind: 'too-large'; host: string }
  | { kind: 'not-calendar'; host: string; looksLikePage: boolean }
  | { kind: 'private-address'; host: string; redirected: boolean }
  | { kind: 'unknown-host'; host: string }
  | { kind: 'unreachable'; host: string; code: string }
  | { kind: 'too-many-redirects'; host: string }
  | { kind: 'bad-redirect'; host: string };

export class CalendarFetchError extends Error {
  constructor(readonly failure: FetchFailure) {
    super(`calendar read failed: ${failure.kind} at ${failure.host}`);
  }
}

export type FetchAnswer =
  | { kind: 'calendar'; text: string; etag: string | null; lastModified: string | null }
  | { kind: 'unchanged' };

export interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Whether a resolved IP address may be connected to (address-guard.ts addressAllowed). */
  allowAddress: (ip: string) => boolean;
  /** The validators of the last good read: the server may answer 304. */
  etag?: string | null;
  lastModified?: string | null;
  /** Name resolution (tests answer their own); every address it gives is checked. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
  userAgent?: string;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** webcal:// and webcals:// are https:// by another name (Apple's and Outlook's subscription links). */
export function normaliseAddress(address: string): URL {
  const url = new URL(address.trim());
  if (url.protocol === 'webcal:' || url.protocol === 'webcals:')
    return new URL(`https:${address.trim().slice(url.protocol.length)}`);
  return url;
}

class PrivateAddress extends Error {
  code = 'EPRIVATE';
}

/** The host name as the resolver and the IP checks take it: "[::1]" -> "::1". */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Node's lookup hook: resolve, refuse unless every address is allowed, then connect to those very addresses. */
function guardedLookup(options: FetchOptions): LookupFunction {
  const resolve = options.resolve ?? ((host: string) => dnsLookup(host, { all: true, verbatim: true }));
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = found.filter((a) => family === 0 || a.family === family);
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (found.some((a) => !options.allowAddress(a.address))) {
          callback(new PrivateAddress(`${hostname} resolves to a private address`), '', 0);
          return;
        }
        if (lookupOptions.all) (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

function send(url: URL, headers: Record<string, string>, options: FetchOptions, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'GET', headers, signal, agent: false, lookup: guardedLookup(options) },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body, decoded (gzip, deflate, br), refused once it passes maxBytes. */
async function readBody(res: IncomingMessage, maxBytes: number, host: string): Promise<string> {
  const declared = Number(res.headers['content-length']);
  const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new CalendarFetchError({ kind: 'too-large', host });
  }
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  // pipeline, not pipe: when the time limit destroys the answer mid-body, the decoder is destroyed
  // with it and the loop below ends; with pipe the decoder waited for more input for ever.
  const stream: Readable = decoder ? pipeline(res, decoder, () => {}) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new CalendarFetchError({ kind: 'too-large', host });
      chunks.push(chunk as Buffer);
    }
  } finally {
    res.destroy();
    if (stream !== res) stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A calendar starts BEGIN:VCALENDAR (after a byte-order mark and blank lines at most). */
function isCalendarText(text: string): boolean {
  return /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1024));
}

function failureOf(err: unknown, host: string, redirected: boolean, signal: AbortSignal): CalendarFetchError {
  if (err instanceof CalendarFetchError) return err;
  if (signal.aborted) return new CalendarFetchError({ kind: 'timeout', host });
  if (err instanceof PrivateAddress) return new CalendarFetchError({ kind: 'private-address', host, redirected });
  const code = String((err as NodeJS.ErrnoException)?.code ?? 'ERROR');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA')
    return new CalendarFetchError({ kind: 'unknown-host', host });
  return new CalendarFetchError({ kind: 'unreachable', host, code });
}

/**
 * Reads a calendar: its text, or "unchanged" (304) when validators were given. Throws
 * CalendarFetchError with the reason; never anything carrying the address.
 */
export async function fetchCalendar(address: string, options: FetchOptions): Promise<FetchAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = normaliseAddress(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CalendarFetchError({ kind: 'bad-redirect', host: url.host });
  const origin = url.origin;
  // Credentials written into the address (user:password@, some CalDAV servers' exports) go to its own origin only.
  const basic =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : null;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const host = url.host;
    const redirected = hop > 0;
    // Node connects to an IP written in the address without asking the resolver: check it here.
    const literal = bareHost(url);
    if (isIP(literal) && !options.allowAddress(literal))
      throw new CalendarFetchError({ kind: 'private-address', host, redirected });
    const headers: Record<string, string> = {
      accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': options.userAgent ?? 'Slotwise-Calendar/1.0',
    };
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    if (basic && url.origin === origin) headers.authorization = basic;
    const target = new URL(url);
    target.username = '';
    target.password = '';
    let res: IncomingMessage;
    try {
      res = await send(target, headers, options, signal);
    } catch (err) {
      throw failureOf(err, host, redirected, signal);
    }
    const status = res.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      const location = res.headers.location;
      res.destroy();
      if (!location) throw new CalendarFetchError({ kind: 'bad-redirect', host });
      let next: URL;
      try {
        next = normaliseAddress(new URL(location, url).toString());
      } catch {
        throw new CalendarFetchError({ kind: 'bad-redirect', host });
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new CalendarFetchError({ kind: 'bad-redirect', host });
      url = next;
      continue;
    }
    if (status === 304 && (options.etag || options.lastModified)) {
      res.destroy();
      return { kind: 'unchanged' };
    }
    if (status !== 200) {
      res.destroy();
      throw new CalendarFetchError({ kind: 'status', status, host });
    }
    let text: string;
    try {
      text = await readBody(res, options.maxBytes, host);
    } catch (err) {
      throw failureOf(err, host, redirected, signal);
    }
    if (!isCalendarText(text)) {
      const type = String(res.headers['content-type'] ?? '');
      throw new CalendarFetchError({
        kind: 'not-calendar',
        host,
        looksLikePage: type.includes('html') || /^\s*</.test(text.slice(0, 200)),
      });
    }
    const etag = res.headers.etag;
    const lastModified = res.headers['last-modified'];
    return {
      kind: 'calendar',
      text,
      etag: typeof etag === 'string' && etag.length <= 200 ? etag : null,
      lastModified: typeof lastModified === 'string' && lastModified.length <= 100 ? lastModified : null,
    };
  }
  throw new CalendarFetchError({ kind: 'too-many-redirects', host: url.host });
}
