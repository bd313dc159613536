/**
 * The calls beside the customer API that need no login: address suggestions (the
 * widget's address step, onboarding, Settings), feedback, and the health check.
 */
import { randomUUID } from 'node:crypto';
import { ADDRESS_SEARCH_MIN_CHARS } from '@slotwise/shared/domain';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { sendError } from '../plugins/errors.ts';
import type { RedisState } from '../plugins/rate-limits.ts';
import type { Handlers } from './register.ts';

export function placesHandlers(ctx: AppContext): Handlers<'places'> {
  return {
    search: async (req) => {
      const { input } = req.query;
      if (input.trim().length < ADDRESS_SEARCH_MIN_CHARS)
        throw new AppError(
          'VALIDATION_FAILED',
          `Type at least ${ADDRESS_SEARCH_MIN_CHARS} characters to search for an address.`,
        );
      try {
        return await ctx.geocoder.suggest(input);
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

export function healthHandlers(ctx: AppContext, redisState: RedisState): Handlers<'meta', 'health'> {
  return {
    health: async (_req, reply) => {
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
    },
  };
}
