/**
 * Security headers on every response (docs/architecture.md#security). Our pages get helmet's
 * whole set with a strict CSP. @fastify/helmet rebuilds that set, CSP parsing
 * included, on every request; it never changes, so it is computed once here by
 * running helmet against a recording response, and applied by one hook.
 *
 * API answers are JSON no browser renders as a page, so they get the short set
 * OWASP recommends for REST APIs instead (nosniff, no framing, a CSP that allows
 * nothing, no referrer, HSTS): a page's CSP on a JSON answer only costs bytes, and
 * the widget's slot calls are the busiest answers the server sends.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: HelmetOptions = {
  // The widget's files are loaded by owners' sites on other origins.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: the photos the dashboard reads through its calls and shows from their bytes (docs/decisions/053).
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // Owners may serve this over plain http on a LAN; do not force https sub-requests.
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet would set, as a plain object. */
function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

export function useSecurityHeaders(app: FastifyInstance, pages = securityHeaders(), api = API_HEADERS): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? api : pages);
    done();
  });
}
