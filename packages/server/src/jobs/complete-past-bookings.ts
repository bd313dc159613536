/**
 * Periodic work (docs/architecture.md#running-it-scaling-out, docs/architecture.md#the-booking-path): approved bookings whose end has passed
 * become completed. Reads already derive "completed" (effectiveStatus), so this only
 * makes the stored status catch up. The update is one idempotent statement, so every
 * instance may run it at once; within one instance a slow run is never overlapped.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

const COMPLETE_PAST_INTERVAL_MS = 60_000;

export interface PeriodicJob {
  /** One pass now; resolves with how many bookings it completed (0 when a pass is already running). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function completePastBookings(ctx: AppContext, log: FastifyInstance['log']): Pick<PeriodicJob, 'runOnce'> {
  let running: Promise<number> | undefined;
  return {
    runOnce() {
      if (running) return Promise.resolve(0);
      running = ctx.repos.bookings
        .completePast(ctx.now())
        .then((n) => {
          if (n > 0) log.info({ completed: n }, 'past approved bookings marked completed');
          return n;
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    },
  };
}

/** Starts the sweep on an unref'd timer and stops it when the app closes. */
export function startCompletePastBookings(
  app: FastifyInstance,
  ctx: AppContext,
  intervalMs = COMPLETE_PAST_INTERVAL_MS,
): PeriodicJob {
  const job = completePastBookings(ctx, app.log);
  const runs = ctx.metrics.job('complete-past-bookings');
  let current: Promise<unknown> | undefined;
  const tick = () => {
    current = job.runOnce().then(
      () => runs.succeeded(),
      (err) => {
        runs.failed();
        app.log.error({ err }, 'completing past bookings failed; will retry');
      },
    );
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    await current;
  };
  app.addHook('onClose', stop);
  return { runOnce: job.runOnce, stop };
}
