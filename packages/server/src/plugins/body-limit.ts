/**
 * The one way a call reads a body of its own kind (issue 39): Stripe's webhook keeps its JSON
 * raw for the signature, Twilio's webhook reads a form, the beacon reads text/plain as JSON.
 * Each is a content-type parser with a byte limit, registered in the call's own scope
 * (routes/register.ts `scope`), so Fastify's reader does what a hand-written loop forgot:
 * a Content-Length over the limit is refused (413 BODY_TOO_LARGE) before a byte is read, and a
 * chunked body is read no further than the limit; the 413 closes the connection, so the rest
 * is never read. Never read a body in a preParsing hook: it runs before any limit (the Stripe
 * webhook read 300 MB into memory that way before refusing it).
 */
import { ERRORS } from '@slotwise/shared/errors';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';

type Done = (err: Error | null, body?: unknown) => void;

export function readBodiesOf(
  app: FastifyInstance,
  contentType: string,
  limit: number,
  parse: (req: FastifyRequest, body: Buffer, done: Done) => void,
): void {
  // This scope's own reader replaces the one it inherited (Fastify's JSON and text/plain ones).
  if (app.hasContentTypeParser(contentType)) app.removeContentTypeParser(contentType);
  app.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: limit }, (req, body, done) => {
    try {
      parse(req, body as Buffer, done);
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

/**
 * A photo upload's body (docs/decisions/053): the raw bytes, whatever Content-Type the caller
 * declared (the photo's own bytes say what it is: photos/image.ts), at most `limit` bytes. Over it,
 * 413 PHOTO_TOO_LARGE in words, before the rest is read. For the call's own scope only.
 */
export function readPhotoBodies(app: FastifyInstance, limit: number, tooLarge: string): void {
  for (const type of ['application/json', 'text/plain'])
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  readBodiesOf(app, '*', limit, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413)
      return reply
        .code(ERRORS.PHOTO_TOO_LARGE.status)
        .header('connection', 'close')
        .send({ error: tooLarge, code: 'PHOTO_TOO_LARGE' });
    // Everything else as every other call answers it (plugins/errors.ts, the parent's handler).
    throw err;
  });
}
