import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/health', async (_req, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok', database: ctx.store.dialect };
    } catch {
      return reply.status(503).send({ error: 'The database is not answering.', status: 'unavailable' });
    }
  });
}
