/** One error shape for the whole API: {error: string}. 5xx details stay in the log. */
import type { FastifyError, FastifyInstance } from 'fastify';

/** Thrown by handlers and repositories for an answer a person can act on. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found.`);

export function useErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    if (err instanceof HttpError) reply.headers(err.headers);
    const code = 'code' in err ? err.code : undefined;
    let message = err.message;
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'Send the body as JSON (Content-Type: application/json).';
    else if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'The request body is empty; send a JSON object.';
    else if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'The request body is too large.';
    else if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.name === 'SyntaxError' && status === 400))
      message = 'The request body is not valid JSON.';
    return reply.status(status).send({ error: message });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` });
  });
}
