/** POST /api/feedback: {type, where, description}, no auth. */
import { randomUUID } from 'node:crypto';
import { FeedbackRequest } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { rateLimit } from '../plugins/rate-limits.ts';

export async function feedbackRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post(
    '/api/feedback',
    { schema: { body: FeedbackRequest }, config: { rateLimit: rateLimit(ctx, 'feedback') } },
    async (req, reply) => {
      await ctx.repos.feedback.insert(randomUUID(), req.body as FeedbackRequest, ctx.now());
      return reply.status(201).send({ message: 'Thank you for your feedback!' });
    },
  );
}
