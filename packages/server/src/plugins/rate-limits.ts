/**
 * Rate limits on the calls people or bots can hammer (DESIGN.md section 9).
 * Registered with global: false; each route opts in with rateLimit(ctx, name).
 * Counters live where every instance sees them (DESIGN.md section 3): Redis when
 * REDIS_URL is set, else the database, so two instances share one budget.
 * RATE_LIMITS=off exists only for benchmarks and load tests (STACK.md pitfall 7).
 */
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
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

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Counts one hit on a fixed-window counter in the rate_limits table: one atomic upsert. */
export async function hit(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()) {
  const r = await sql<{ count: number; reset_at: number }>`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${now + windowMs})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end
    returning count, reset_at`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  // Expired windows are dead weight; sweep them now and then.
  if (Math.random() < 0.01)
    void db
      .deleteFrom('rate_limits')
      .where('reset_at', '<', now)
      .execute()
      .catch(() => {});
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** The plugin's store over hit(): counters every instance shares. */
export function databaseStore(db: Kysely<Database>) {
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
      new HttpError(429, `Too many requests. Please wait ${context.after} and try again.`),
  });
}
