/**
 * A pass of periodic work on an unref'd timer (reminders.ts, plan-visits.ts): never two passes of
 * one job at once, a failure logged and retried on the next tick, the pass in flight awaited when
 * the app closes. A pass answers how many things it did, logged as `done` when any; its success or
 * failure is counted for /metrics (`runs`: metrics.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { JobRuns } from '../metrics.ts';

export function runEvery(
  app: FastifyInstance,
  runs: JobRuns,
  intervalMs: number,
  pass: () => Promise<number>,
  log: { done: (n: number) => Record<string, number>; message: string; failed: string },
  options: { atStart?: boolean } = {},
): void {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= pass()
      .then((n) => {
        runs.succeeded();
        if (n > 0) app.log.info(log.done(n), log.message);
      })
      .catch((err) => {
        runs.failed();
        app.log.error({ err }, log.failed);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (options.atStart) app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
