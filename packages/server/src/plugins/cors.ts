/**
 * CORS (docs/architecture.md#security): the widget's calls are open to every origin without
 * credentials; everything else answers no other origin. With no credentials the
 * open answer is the constant `*`, so nothing depends on the caller and nothing is
 * worked out per request (@fastify/cors normalised its options on every request;
 * what that cost: docs/decisions/009).
 */
import type { FastifyInstance } from 'fastify';

/** Paths any website may call from the browser (the widget's); everything else is same-origin only. */
const PUBLIC_API = /^\/api\/(customer\/|business\/places|feedback)/;

const PREFLIGHT_ROUTES = ['/api/customer/*', '/api/business/places', '/api/feedback'];

export function useCors(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (PUBLIC_API.test(req.url)) reply.header('access-control-allow-origin', '*');
    done();
  });
  // Preflights of the public calls; a preflight anywhere else finds no route (404) and no CORS header.
  for (const url of PREFLIGHT_ROUTES)
    app.options(url, (req, reply) => {
      const asked = req.headers['access-control-request-headers'];
      reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
        .header('access-control-max-age', '600');
      if (typeof asked === 'string')
        reply.header('access-control-allow-headers', asked).header('vary', 'Access-Control-Request-Headers');
      reply.send();
    });
}
