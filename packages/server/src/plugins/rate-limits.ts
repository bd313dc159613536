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
  passwordChange: { max: 10, timeWindow: '15 minutes' },
  places: { max: 120, timeWindow: '1 minute' },
  feedback: { max: 10, timeWindow: '1 minute' },
  publicRead: { max: 300, timeWindow: '1 minute' },
  quote: { max: 60, timeWindow: '1 minute' },
  book: { max: 30, timeWindow: '1 minute' },
  manage: { max: 60, timeWindow: '1 minute' },
  // Stripe sends every business's events from a few addresses; above this it retries later.
  webhook: { max: 1200, timeWindow: '1 minute' },
  // Each call makes the server fetch an outside address (docs/decisions/025).
  calendarFetch: { max: 20, timeWindow: '10 minutes' },
  // The booking form's funnel beacons (docs/decisions/029): a visit sends a few; a page left open
  // and reopened sends a few more. Above this, counts from one address stop, bookings do not.
  beacon: { max: 60, timeWindow: '1 minute' },
  // Holding a time and letting it go (docs/decisions/035): a customer changing their mind stays far
  // below. What stops a stranger holding a whole day is the live cap (domain/slot-holds.ts).
  hold: { max: 30, timeWindow: '1 minute' },
  // Photos (docs/decisions/053): a crew adds a dozen on a job, a customer a few with a request;
  // each costs a decode, so a stranger's flood stops here (and at UNCLAIMED_MAX, domain/photos.ts).
  photoUpload: { max: 60, timeWindow: '10 minutes' },
};

export function rateLimit(ctx: AppContext, name: LimitName) {
  return ctx.config.rateLimits ? LIMITS[name] : false;
}

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counts one hit in Redis: the counter and its window's expiry in one atomic script,
 * as the plugin's own Redis store does.
 */
const REDIS_HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

/**
 * The plugin's store: counters every instance shares. With Redis configured they live
 * there while Redis answers; whenever it does not (down, restarting, unreachable) each
 * hit is counted in the database instead, at once, so limits still hold and no request
 * waits on a dead connection. Redis is used again as soon as it is back. (Two stores
 * mean a client's count restarts when the store changes: at most one extra window's
 * budget while Redis comes and goes, never no limit at all.)
 */
function counterStore(db: Kysely<Database>, redis: Redis | null) {
  return class CounterStore {
    private readonly route: string;
    /** The plugin constructs the root store with its options; child() passes the route. */
    constructor(routeOrOptions?: unknown) {
      this.route = typeof routeOrOptions === 'string' ? routeOrOptions : '';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      const name = `${this.route}|${key}`;
      const inDatabase = () => {
        const now = Date.now();
        hit(db, name, timeWindow, now)
          .then((h) => cb(null, { current: h.count, ttl: Math.max(0, h.resetAt - now) }))
          .catch((err: Error) => cb(err));
      };
      if (redis?.status !== 'ready') {
        inDatabase();
        return;
      }
      redis
        .eval(REDIS_HIT, 1, `slotwise-rl-${name}`, timeWindow)
        .then((r) => {
          const [current, ttl] = r as [number, number];
          cb(null, { current, ttl: Math.max(0, ttl) });
        })
        .catch(inDatabase);
    }

    /** Called per route with the merged options; routeInfo holds the route's method and url. */
    child(options: object) {
      const info = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new CounterStore(`${String(info?.method ?? '')} ${String(info?.url ?? '')}`);
    }
  };
}

/** Whether the configured Redis answers; null when none is configured. */
export type RedisState = () => 'up' | 'down' | null;

export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<RedisState> {
  // Short timeouts, no queue of commands while disconnected, and reconnection in the
  // background: a dead Redis answers "no" at once and the database counts instead.
  const redis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, {
        lazyConnect: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 1_000,
        commandTimeout: 500,
        retryStrategy: (times) => Math.min(times * 200, 2_000),
        // ioredis 6 speaks RESP3 by default, and its HELLO 3 fails the connection on a Redis
        // older than 6 (the store would then count in the database for good). The one
        // script's reply is the same array in either protocol, so keep ioredis 5's RESP2.
        protocol: 2,
      })
    : null;
  if (redis) {
    // Connection errors are expected while Redis is down; the store falls back meanwhile.
    redis.on('error', () => {});
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Start counting in Redis from the first request when it is there; never wait long for it.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await app.register(rateLimitPlugin, {
    global: false,
    store: counterStore(ctx.db, redis),
    // A counter store hiccup must not turn every request into an error.
    skipOnError: true,
    errorResponseBuilder: (_req, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please wait ${context.after} and try again.`),
  });
  return () => (redis ? (redis.status === 'ready' ? 'up' : 'down') : null);
}
