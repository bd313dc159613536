/**
 * Rate limits on the calls people or bots can hammer (docs/architecture.md#security).
 * Registered with global: false; a route opts in by naming its limit in the route table
 * (shared/src/routes.ts), which routes/register.ts hands to rateLimit(ctx, name).
 * Counters live where every instance sees them (docs/architecture.md#running-it-scaling-out): Redis when
 * REDIS_URL is set, else the database, so two instances share one budget.
 * RATE_LIMITS=off exists only for benchmarks and load tests (docs/architecture.md#pitfalls, pitfall 7).
 */
import rateLimitPlugin from '@fastify/rate-limit';
import type { LimitName } from '@slotwise/shared/routes';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hit } from '../repositories/rate-limits.ts';

/** The sizes of the limits the route table names (shared/src/routes.ts). */
const LIMITS: Record<LimitName, { max: number; timeWindow: string }> = {
  login: { max: 10, timeWindow: '1 minute' },
  signup: { max: 20, timeWindow: '1 hour' },
  passwordReset: { max: 5, timeWindow: '15 minutes' },
  places: { max: 120, timeWindow: '1 minute' },
  feedback: { max: 10, timeWindow: '1 minute' },
  publicRead: { max: 300, timeWindow: '1 minute' },
  quote: { max: 60, timeWindow: '1 minute' },
  book: { max: 30, timeWindow: '1 minute' },
  manage: { max: 60, timeWindow: '1 minute' },
};

export function rateLimit(ctx: AppContext, name: LimitName) {
  return ctx.config.rateLimits ? LIMITS[name] : false;
}

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin's store over hit(): counters every instance shares. */
function databaseStore(db: Kysely<Database>) {
  return class DatabaseStore {
    private readonly route: string;
    /** The plugin constructs the root store with its options; child() passes the route. */
    constructor(routeOrOptions?: unknown) {
      this.route = typeof routeOrOptions === 'string' ? routeOrOptions : '';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      const now = Date.now();
      hit(db, `${this.route}|${key}`, timeWindow, now)
        .then((h) => cb(null, { current: h.count, ttl: Math.max(0, h.resetAt - now) }))
        .catch((err: Error) => cb(err));
    }

    /** Called per route with the merged options; routeInfo holds the route's method and url. */
    child(options: object) {
      const info = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseStore(`${String(info?.method ?? '')} ${String(info?.url ?? '')}`);
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const redis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimitPlugin, {
    global: false,
    ...(redis ? { redis, nameSpace: 'slotwise-rl-' } : { store: databaseStore(ctx.db) }),
    // A counter store hiccup must not turn every request into an error.
    skipOnError: true,
    errorResponseBuilder: (_req, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please wait ${context.after} and try again.`),
  });
}
