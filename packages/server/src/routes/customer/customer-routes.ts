/** Every /api/customer/* call: public, CORS open (plugins/cors.ts), rate-limited per route. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bookRoutes } from './book.ts';
import { catalogueRoutes } from './catalogue.ts';
import { manageRoutes } from './manage.ts';

export async function customerRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  await app.register(catalogueRoutes, opts);
  await app.register(bookRoutes, opts);
  await app.register(manageRoutes, opts);
}
