/**
 * Security headers and the CSP on every response (DESIGN.md section 9), from
 * helmet's own defaults. @fastify/helmet rebuilds the whole set, CSP parsing
 * included, on every request; the set never changes, so it is computed once here
 * by running helmet against a recording response, and applied by one hook.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const HELMET_OPTIONS: HelmetOptions = {
  // The widget's files are loaded by owners' sites on other origins.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
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
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
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

export function useSecurityHeaders(app: FastifyInstance, headers = securityHeaders()): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
