/**
 * A stand-in calendar server on loopback (docs/decisions/025): it answers the fixture calendars
 * (fixtures/*.ics, written after RFC 5545's examples and the structure of Google, iCloud and
 * Outlook exports) the way those servers do, with ETag and Last-Modified and 304 to a conditional
 * request, and it can fail: a 404, a slow answer, one that stalls mid-body (plain or gzipped), a
 * 50 MB answer, a web page, redirects; and hostile calendars (issue 39): /never.ics, rules that can
 * never occur (February 30, April 31), on which ical.js searched for ever, and /rare.ics, a rule
 * that occurs (every second of February 29) too rarely for ical.js to find. Tests read `requests` to count what the server under test
 * asked. No network beyond 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

interface Calendar {
  body: string;
  etag: string;
  lastModified: string;
  gzip?: boolean;
}

export interface CalendarStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every request: its path and headers. */
  requests: { path: string; headers: IncomingMessage['headers'] }[];
  /** Serves `body` at `path` (a new ETag each time it changes). */
  serve(path: string, body: string, options?: { gzip?: boolean }): void;
  /** Makes `path` answer `status` with a short text body. */
  fail(path: string, status: number): void;
  /** Makes `path` redirect (302) to `location`. */
  redirect(path: string, location: string): void;
  /** How many requests reached `path`. */
  count(path: string): number;
  close(): Promise<void>;
}

const FIFTY_MB = 50 * 1024 * 1024;

export async function startCalendarStandIn(options: { slowMs?: number } = {}): Promise<CalendarStandIn> {
  const calendars = new Map<string, Calendar>();
  const failures = new Map<string, number>();
  const redirects = new Map<string, string>();
  const requests: CalendarStandIn['requests'] = [];
  let version = 0;
  const slowMs = options.slowMs ?? 3_000;

  function answerCalendar(req: IncomingMessage, res: ServerResponse, cal: Calendar) {
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    if ((inm && inm === cal.etag) || (!inm && ims && Date.parse(ims) >= Date.parse(cal.lastModified))) {
      res.writeHead(304, { etag: cal.etag, 'last-modified': cal.lastModified }).end();
      return;
    }
    const headers: Record<string, string> = {
      'content-type': 'text/calendar; charset=UTF-8',
      etag: cal.etag,
      'last-modified': cal.lastModified,
    };
    if (cal.gzip && /gzip/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(gzipSync(cal.body));
      return;
    }
    res.writeHead(200, headers).end(cal.body);
  }

  /** 50 MB of calendar-looking lines, written as fast as the reader takes them, stopped when it hangs up. */
  function huge(res: ServerResponse, declared: boolean) {
    res.writeHead(200, {
      'content-type': 'text/calendar',
      ...(declared ? { 'content-length': String(FIFTY_MB) } : {}),
    });
    const line = Buffer.from(`${'X-FILLER:'.padEnd(1023, 'x')}\n`);
    let sent = 0;
    res.write('BEGIN:VCALENDAR\n');
    const pump = () => {
      while (sent < FIFTY_MB) {
        sent += line.length;
        if (!res.write(line)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    res.on('close', () => {
      sent = FIFTY_MB;
    });
    pump();
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ path, headers: req.headers });
    const status = failures.get(path);
    if (status !== undefined) {
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`${status}`);
      return;
    }
    const location = redirects.get(path);
    if (location) {
      res.writeHead(302, { location }).end();
      return;
    }
    const cal = calendars.get(path);
    if (cal) return answerCalendar(req, res, cal);
    switch (path) {
      case '/slow.ics': {
        const timer = setTimeout(() => answerCalendar(req, res, calendars.get('/google.ics')!), slowMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case '/stalls.ics':
      case '/stalls-gzip.ics': {
        // Headers and the first part of the body, then nothing: a server that hangs mid-answer.
        const first = fixtureText('google.ics').slice(0, 200);
        const gzip = path === '/stalls-gzip.ics';
        res.writeHead(200, { 'content-type': 'text/calendar', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
        res.write(gzip ? gzipSync(first).subarray(0, 60) : first);
        return;
      }
      case '/huge.ics':
        return huge(res, false);
      case '/huge-declared.ics':
        return huge(res, true);
      case '/page.html':
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!doctype html><html><head><title>Sign in</title></head><body>Sign in to Calendar</body></html>');
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: CalendarStandIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    serve(path, body, opts = {}) {
      version++;
      calendars.set(path, {
        body,
        etag: `"v${version}-${body.length}"`,
        lastModified: new Date(Date.UTC(2027, 0, 1) + version * 1000).toUTCString(),
        ...(opts.gzip ? { gzip: true } : {}),
      });
      failures.delete(path);
    },
    fail(path, status) {
      failures.set(path, status);
    },
    redirect(path, location) {
      redirects.set(path, location);
    },
    count: (path) => requests.filter((r) => r.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  for (const name of ['rfc5545.ics', 'google.ics', 'icloud.ics', 'outlook.ics', 'never.ics', 'rare.ics'])
    standIn.serve(`/${name}`, fixtureText(name));
  return standIn;
}
