/**
 * The calls beside the customer API that need no login: address suggestions (the
 * widget's address step, onboarding, Settings), feedback, and the health checks.
 */
import { randomUUID } from 'node:crypto';
import { ADDRESS_SEARCH_MIN_CHARS } from '@slotwise/shared/domain';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { loadBusiness } from '../domain/lookup.ts';
import { homeOf } from '../domain/places.ts';
import { AppError } from '../errors.ts';
import type { Area } from '../geocoder/geocoder.ts';
import { sendError } from '../plugins/errors.ts';
import type { RedisState } from '../plugins/rate-limits.ts';
import type { Business } from '../repositories/businesses.ts';
import type { Handlers } from './register.ts';

/** Where a business's customers are: its home and service area; none before it has an address. */
function areaOf(b: Business): Area | undefined {
  const home = homeOf(b);
  return home ? { ...home, maxMiles: b.max_distance_miles } : undefined;
}

export function placesHandlers(ctx: AppContext): Handlers<'places'> {
  return {
    search: async (req) => {
      const { input, businessId } = req.query;
      if (input.trim().length < ADDRESS_SEARCH_MIN_CHARS)
        throw new AppError(
          'VALIDATION_FAILED',
          `Type at least ${ADDRESS_SEARCH_MIN_CHARS} characters to search for an address.`,
        );
      const area = businessId ? areaOf(await loadBusiness(ctx, businessId)) : undefined;
      try {
        return await ctx.geocoder.suggest(input, area);
      } catch (err) {
        req.log.warn({ err }, 'geocoder suggest failed');
        throw new AppError(
          'GEOCODER_UNAVAILABLE',
          'Address search is unavailable right now. Please try again in a minute.',
        );
      }
    },
  };
}

export function feedbackHandlers(ctx: AppContext): Handlers<'feedback'> {
  return {
    send: async (req) => {
      await ctx.repos.feedback.insert(randomUUID(), req.body, ctx.now());
      return { message: 'Thank you for your feedback!' };
    },
  };
}

/**
 * Health, two questions (issue 39): liveness (/api/health/live) is whether the process answers, and
 * asks nothing it depends on, so an orchestrator restarts only a process that hangs; readiness
 * (/api/health/ready, and /api/health as before) is whether this instance should get requests:
 * not while it stops, nor while its database does not answer or SQLite's file cannot take writes.
 * Redis down is still ready (degraded): rate limits are counted in the database meanwhile.
 */
export function healthHandlers(ctx: AppContext, redisState: RedisState): Handlers<'meta', 'health' | 'live' | 'ready'> {
  const ready = async (reply: FastifyReply) => {
    if (ctx.lifecycle.draining)
      return sendError(
        reply,
        'SHUTTING_DOWN',
        'This instance is stopping: it finishes the requests it started and takes no new ones. Send requests to another instance.',
      );
    const problem = ctx.store.storageProblem();
    if (problem) return sendError(reply, 'STORAGE_UNAVAILABLE', problem);
    try {
      await sql`select 1`.execute(ctx.db);
      const redis = redisState();
      return {
        status: redis === 'down' ? ('degraded' as const) : ('ok' as const),
        database: ctx.store.dialect,
        ...(redis ? { redis } : {}),
      };
    } catch {
      return sendError(reply, 'DATABASE_UNAVAILABLE', 'The database is not answering.');
    }
  };
  return {
    live: async () => ({ status: 'ok' as const }),
    ready: (_req, reply) => ready(reply),
    health: (_req, reply) => ready(reply),
  };
}
