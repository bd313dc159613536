/**
 * One error shape for the whole API: `{error, code}` (shared/src/errors.ts lists the
 * codes). This is the one place a code becomes an HTTP status. 5xx details stay in the log.
 */
import { ERRORS, type ErrorCode } from '@slotwise/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStorageFailure, StorageError } from '../db/errors.ts';
import { AppError } from '../errors.ts';

const INTERNAL = 'Something went wrong on our side. Please try again.';

/** Fastify's own failures of a request (body parsing, limits) as our codes and words. */
function fromFastify(err: FastifyError): { code: ErrorCode; message: string } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'INVALID_BODY', message: 'Send the body as JSON (Content-Type: application/json).' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'INVALID_BODY', message: 'The request body is empty; send a JSON object.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'BODY_TOO_LARGE', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'INVALID_BODY', message: 'The request body is not valid JSON.' };
  }
  if (err.name === 'SyntaxError' && err.statusCode === 400)
    return { code: 'INVALID_BODY', message: 'The request body is not valid JSON.' };
  if (err.statusCode === 400) return { code: 'VALIDATION_FAILED', message: err.message };
  if (err.statusCode === 413) return { code: 'BODY_TOO_LARGE', message: 'The request body is too large.' };
  if (err.statusCode === 415)
    return { code: 'INVALID_BODY', message: 'Send the body as JSON (Content-Type: application/json).' };
  return null;
}

/**
 * Failures of the router itself, before any route runs (a malformed URL, an overlong
 * path parameter): Fastify's `frameworkErrors` option, so they answer in our shape too.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 'URL_TOO_LONG', 'A part of the URL is too long: ids are at most 200 characters.');
  return sendError(reply, 'BAD_URL', 'The URL is not valid: check its percent-encoding.');
}

/** Sends an error answer with the status its code stands for. */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string) {
  return reply.status(ERRORS[code].status).send({ error: message, code });
}

export interface ErrorHandlerOptions {
  /** The HTML of the app's "Page not found" (the dashboard's index.html, whose router shows it), if built. */
  notFoundPage?: () => string | undefined;
}

export function useErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return sendError(reply, err.code, err.message);
    }
    const known = fromFastify(err as FastifyError);
    if (known) return sendError(reply, known.code, known.message);
    if (err instanceof StorageError || isStorageFailure(err)) {
      req.log.error({ err }, 'storage failure');
      const detail = err instanceof StorageError ? ` ${err.message}` : '';
      return sendError(
        reply,
        'STORAGE_UNAVAILABLE',
        `The server cannot save data right now; nothing was saved. Please try again later.${detail}`,
      );
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return sendError(
        reply,
        'DATABASE_UNAVAILABLE',
        'The database is not answering right now. Please try again in a moment.',
      );
    }
    req.log.error({ err }, 'request failed');
    return sendError(reply, 'INTERNAL', INTERNAL);
  });
  app.setNotFoundHandler((req, reply) => {
    // A person's browser asking for a page that is not there (/pricing, /Signup) gets the app's own
    // "Page not found" with a way home; API paths and scripts keep answering JSON.
    const page = wantsPage(req) ? options.notFoundPage?.() : undefined;
    if (page !== undefined)
      return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    return sendError(reply, 'ROUTE_NOT_FOUND', `No such endpoint: ${req.method} ${req.url.split('?')[0]}`);
  });
}

/** A navigation by a browser: GET or HEAD outside /api/, accepting HTML. */
function wantsPage(req: FastifyRequest): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.url.startsWith('/api/') &&
    (req.headers.accept ?? '').includes('text/html')
  );
}
