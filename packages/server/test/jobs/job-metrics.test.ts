/**
 * Each periodic job's passes in /metrics (metrics.ts, issue 39): when its last pass succeeded
 * (slotwise_job_last_success_timestamp_seconds) and how many failed (slotwise_job_failures_total),
 * so a job that has stopped working shows before its work piles up. Each job runs here on a host
 * of its own on a short interval (as complete-past-bookings.test.ts does), over the app's context,
 * then over one whose database fails.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { startCalendarReads } from '../../src/jobs/calendar-reads.ts';
import { startCompletePastBookings } from '../../src/jobs/complete-past-bookings.ts';
import { startRetention } from '../../src/jobs/customer-data-retention.ts';
import { startPlanVisits } from '../../src/jobs/plan-visits.ts';
import { startReminders } from '../../src/jobs/reminders.ts';
import { startReviewRequests } from '../../src/jobs/review-requests.ts';
import { PaymentWorker } from '../../src/payments/worker.ts';
import { createTestApp, storages, type TestApp } from '../helpers.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

type Start = (host: FastifyInstance, ctx: AppContext, intervalMs: number) => void;
const JOBS: [string, Start][] = [
  ['complete-past-bookings', (host, ctx, ms) => void startCompletePastBookings(host, ctx, ms)],
  ['reminders', startReminders],
  ['review-requests', startReviewRequests],
  ['plan-visits', startPlanVisits],
  ['customer-data-retention', startRetention],
  ['calendar-reads', startCalendarReads],
  [
    'payments',
    (host, ctx, ms) => {
      const worker = new PaymentWorker(ctx, host.log);
      worker.start(ms);
      host.addHook('onClose', () => worker.stop());
    },
  ],
];

/** Every repository call fails, as when the database does not answer. */
const failingRepos = new Proxy(
  {},
  {
    get: () =>
      new Proxy(
        {},
        {
          get: () => async () => {
            throw new Error('the database is not answering');
          },
        },
      ),
  },
) as AppContext['repos'];

describe.each(storages())("periodic jobs' passes in /metrics on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () =>
    (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const value = async (metric: string, job: string) => {
    const line = new RegExp(`^${metric}\\{job="${job}"\\} (\\S+)$`, 'm').exec(await scrape());
    return line ? Number(line[1]) : undefined;
  };
  /** Runs a job on its own host every 20 ms until `done`, then stops it. */
  const runUntil = async (start: Start, ctx: AppContext, done: () => Promise<boolean>) => {
    const host = Fastify({ logger: false });
    start(host, ctx, 20);
    await host.ready();
    const deadline = Date.now() + 5_000;
    while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await host.close();
  };

  it('lists every periodic job with no failures from the start', async () => {
    const text = await scrape();
    for (const [job] of JOBS)
      expect(text).toMatch(new RegExp(`^slotwise_job_failures_total\\{job="${job}"\\} 0$`, 'm'));
    expect(text).toContain('# TYPE slotwise_job_last_success_timestamp_seconds gauge');
  });

  it.each(JOBS)('%s: says when its last pass succeeded, and counts the passes that failed', async (job, start) => {
    const before = Math.floor(Date.now() / 1000);
    const succeeded = async () => ((await value('slotwise_job_last_success_timestamp_seconds', job)) ?? 0) >= before;
    await runUntil(start, t.ctx, succeeded);
    const at = (await value('slotwise_job_last_success_timestamp_seconds', job)) as number;
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now() / 1000);
    expect(await value('slotwise_job_failures_total', job)).toBe(0);

    const broken: AppContext = { ...t.ctx, repos: failingRepos };
    await runUntil(start, broken, async () => ((await value('slotwise_job_failures_total', job)) ?? 0) >= 2);
    expect(await value('slotwise_job_failures_total', job)).toBeGreaterThanOrEqual(2);
    // A failure leaves the last success where it was.
    expect(await value('slotwise_job_last_success_timestamp_seconds', job)).toBe(at);
  });
});
