/**
 * Structured logs that never hold a password, token, Stripe key, calendar address or Authorization header
 * (docs/architecture.md#security): pino redaction for objects, and a request serializer
 * that masks the `token` and `key` query parameters (the manage links, the calendar feed) and
 * the token in the path of an undo.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

const REDACT_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'currentPassword',
  '*.currentPassword',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  // Stripe keys (routes/dashboard/payments.ts): never logged, whatever logs a body.
  'secretKey',
  '*.secretKey',
  'webhookSecret',
  '*.webhookSecret',
  'req.headers["stripe-signature"]',
  // A connected calendar's secret address (routes/dashboard/calendars.ts): a credential too.
  'secretUrl',
  '*.secretUrl',
  // An owner's Twilio auth token (routes/dashboard/notifications.ts) and Twilio's signature (docs/decisions/027).
  'authToken',
  '*.authToken',
  'req.headers["x-twilio-signature"]',
];

const MASKED_PARAMS = new Set(['token', 'key']);
/** Tokens in paths: an undo's (routes/dashboard/undo.ts), a review request's (/review/{token}) and a text's short link (/s/{code}, a manage link). */
const PATH_TOKENS = /(\/booking\/undo\/|\/review\/|\/s\/)[^/?#]+/;

/** Percent escapes and "+" decoded byte by byte: never throws, and exact for the ASCII names masked. */
function decodeName(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * "/x?token=abc&b=1" -> "/x?token=[REDACTED]&b=1". A parameter is masked by its decoded
 * name, in any case ("tok%65n=", "TOKEN=", "token%3Dabc"); the path and the other
 * parameters stay as they were. Everything after the "?" counts, a "#" included. In the
 * path, an undo's token: ".../booking/undo/abc" -> ".../booking/undo/[REDACTED]"; likewise a review
 * request's (/review/abc) and a short link's code (/s/abc).
 */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(PATH_TOKENS, '$1[REDACTED]');
  if (q < 0) return path;
  const params = url.slice(q + 1).split('&');
  let masked = path.length !== q;
  for (const [i, param] of params.entries()) {
    const decoded = decodeName(param);
    const eq = decoded.indexOf('=');
    if (eq < 0 || !MASKED_PARAMS.has(decoded.slice(0, eq).toLowerCase())) continue;
    const rawEq = param.indexOf('=');
    const rawName = rawEq < 0 ? '' : param.slice(0, rawEq);
    const name = MASKED_PARAMS.has(decodeName(rawName).toLowerCase()) ? rawName : decoded.slice(0, eq);
    params[i] = `${name}=[REDACTED]`;
    masked = true;
  }
  return masked ? `${path}?${params.join('&')}` : url;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(req) {
        return { method: req.method, url: maskUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * A request's logger, made on its first line. Fastify gives every request a pino child
 * with its reqId, and making one (bindings serialised, redaction set up) was a measurable
 * part of a kept slots answer (docs/decisions/009), which at the usual level logs nothing.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Parameters<ChildFactory>[1],
    private readonly options: Parameters<ChildFactory>[2],
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private log(level: Level, args: unknown[]): void {
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean };
    if (this.made || parent.isLevelEnabled?.(level) !== false)
      (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(value: string) {
    this.real().level = value;
  }
  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}
  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.real().child(...args);
  }
}

export const lazyRequestLogger: ChildFactory = (logger, bindings, options) =>
  // A route with its own log level needs the real child to know it.
  options.level
    ? logger.child(bindings, options)
    : (new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
