/**
 * Structured logs that never hold a password, token or Authorization header
 * (DESIGN.md section 9): pino redaction for objects, and a request serializer
 * that masks the `token` query parameter of the manage links.
 */
import type { FastifyServerOptions } from 'fastify';

export const REDACT_PATHS = [
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
];

/** "/x?token=abc&b=1" -> "/x?token=[REDACTED]&b=1" */
export function maskUrl(url: string): string {
  return url.replace(/([?&](?:token|key)=)[^&#]*/gi, '$1[REDACTED]');
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
