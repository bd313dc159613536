/**
 * Rate limits on the calls people or bots can hammer (DESIGN.md section 9).
 * Registered with global: false; each route opts in with rateLimit(ctx, name).
 * RATE_LIMITS=off exists only for benchmarks and load tests (STACK.md pitfall 7).
 */
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from './errors.ts';

const LIMITS = {
  login: { max: 10, timeWindow: '1 minute' },
  signup: { max: 20, timeWindow: '1 hour' },
  passwordReset: { max: 5, timeWindow: '15 minutes' },
  places: { max: 120, timeWindow: '1 minute' },
  feedback: { max: 10, timeWindow: '1 minute' },
  publicRead: { max: 300, timeWindow: '1 minute' },
  quote: { max: 60, timeWindow: '1 minute' },
  book: { max: 30, timeWindow: '1 minute' },
  manage: { max: 60, timeWindow: '1 minute' },
} as const;

export type LimitName = keyof typeof LIMITS;

export function rateLimit(ctx: AppContext, name: LimitName) {
  return ctx.config.rateLimits ? LIMITS[name] : false;
}

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, `Too many requests. Please wait ${context.after} and try again.`),
  });
}
