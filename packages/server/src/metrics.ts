/**
 * GET /metrics in Prometheus's text format (prom-client; docs/architecture.md#running-it-scaling-out):
 * requests and their latency by route pattern, bookings created, the mail outbox's backlog, the age
 * of its oldest unsent message and the messages given up, by channel (docs/decisions/032), the
 * PostgreSQL pool, each periodic job's last success and failures, the newest backup's time, and Node's defaults (event-loop
 * lag among them). Closed unless METRICS_TOKEN is
 * set: 404 without it, 401 without `Authorization: Bearer <METRICS_TOKEN>`. Outside /api and the
 * route table, like /demo.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { Db } from './db/database.ts';

/** The passes of one periodic job (jobs/*.ts, payments/worker.ts), as /metrics shows them. */
export interface JobRuns {
  succeeded(): void;
  failed(): void;
}

export interface Metrics {
  registry: Registry;
  /** A booking committed (routes/customer/book.ts, after the transaction). */
  bookingsCreated: Counter;
  /** A message given up by this instance's dispatcher (mail/outbox.ts): expired, out of attempts or refused. */
  outboxFailures: Counter<'channel'>;
  /** The passes of the periodic job named; its failures read 0 from here on, so a rate has a series at once. */
  job(name: string): JobRuns;
  /** A backup written to BACKUP_DIR (jobs/backups.ts), begun at `at` (ms), `bytes` long. */
  backupTaken(at: number, bytes: number): void;
}

/** What the outbox gauges read on scrape (repositories/mail-outbox.ts). */
export interface OutboxReads {
  countUnsent(): Promise<number>;
  oldestUnsent(): Promise<{ channel: 'mail' | 'text' | 'push'; createdAt: number | null }[]>;
}

/**
 * Node's defaults (event-loop lag, memory, CPU, GC) describe the process, not one app: collected
 * once per process (their monitors are never stopped), merged into each app's answer on scrape.
 */
let processMetrics: Registry | undefined;

export function createMetrics(store: Db, outbox: OutboxReads, now: () => number = Date.now): Metrics {
  const registry = new Registry();
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  const bookingsCreated = new Counter({
    name: 'slotwise_bookings_created_total',
    help: 'Bookings committed by customers (replays of an Idempotency-Key not counted).',
    registers: [registry],
  });
  new Gauge({
    name: 'slotwise_mail_outbox_unsent',
    help: 'Mail rows queued in the outbox and not yet sent (read on scrape).',
    registers: [registry],
    async collect() {
      this.set(await outbox.countUnsent());
    },
  });
  // A relay or provider that is down shows here long before anyone misses a mail: alert on it.
  const oldest = new Gauge({
    name: 'slotwise_mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest message queued and neither sent nor given up, by channel (0: none waiting; read on scrape).',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const at = now();
      for (const { channel, createdAt } of await outbox.oldestUnsent())
        oldest.set({ channel }, createdAt === null ? 0 : Math.max(0, (at - createdAt) / 1000));
    },
  });
  const outboxFailures = new Counter({
    name: 'slotwise_mail_outbox_failures_total',
    help: 'Messages given up by this instance, by channel: past their expiry, out of attempts, or refused for good.',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  // Both channels from the start, so a rate() over them has a series before the first failure.
  for (const channel of ['mail', 'text']) outboxFailures.inc({ channel }, 0);
  const pool = store.poolStats;
  if (pool) {
    const gauge = new Gauge({
      name: 'slotwise_db_pool_connections',
      help: 'PostgreSQL pool clients: total, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool();
        gauge.set({ state: 'total' }, s.total);
        gauge.set({ state: 'idle' }, s.idle);
        gauge.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  // Wall-clock seconds, as Prometheus compares them with time(): a job is stuck when the difference grows.
  const lastSuccess = new Gauge({
    name: 'slotwise_job_last_success_timestamp_seconds',
    help: "When each periodic job's last pass succeeded, in Unix seconds (absent until its first).",
    labelNames: ['job'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'slotwise_job_failures_total',
    help: 'Passes of each periodic job that failed (each is retried on its next tick).',
    labelNames: ['job'],
    registers: [registry],
  });
  const job = (name: string): JobRuns => {
    failures.inc({ job: name }, 0);
    return {
      succeeded: () => lastSuccess.setToCurrentTime({ job: name }),
      failed: () => failures.inc({ job: name }),
    };
  };
  // A backup's own clock, apart from its job's passes: a pass succeeds when another instance took
  // today's backup, so only this says when one was last written here (failures: the job's counter).
  const backupAt = new Gauge({
    name: 'slotwise_backup_last_success_timestamp_seconds',
    help: 'When the newest backup in BACKUP_DIR began, in Unix seconds (absent until one exists).',
    registers: [registry],
  });
  const backupBytes = new Gauge({
    name: 'slotwise_backup_last_size_bytes',
    help: 'The size of the newest backup this instance wrote, in bytes.',
    registers: [registry],
  });
  const backupTaken = (at: number, bytes: number) => {
    backupAt.set(at / 1000);
    backupBytes.set(bytes);
  };
  return { registry, bookingsCreated, outboxFailures, job, backupTaken };
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Tally {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Answers per latency bucket (not cumulative); the last one is above the largest bound. */
  buckets: number[];
}

/**
 * Counts every answer and its latency by method, route pattern (never the raw URL) and status.
 * The per-request hook is the hot path (slots): it only adds to plain numbers in one Map entry;
 * the Prometheus series are built from them on scrape.
 */
export function useRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const tallies = new Map<string, Tally>();
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched URLs share one label, so label values stay bounded whatever is requested.
    const route = req.routeOptions.url ?? 'unmatched';
    const key = `${req.method} ${reply.statusCode} ${route}`;
    let tally = tallies.get(key);
    if (!tally) {
      tally = {
        labels: { method: req.method, route, status: String(reply.statusCode) },
        count: 0,
        sum: 0,
        buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0),
      };
      tallies.set(key, tally);
    }
    const seconds = reply.elapsedTime / 1000;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[i] as number)) i++;
    tally.count++;
    tally.sum += seconds;
    tally.buckets[i] = (tally.buckets[i] as number) + 1;
    done();
  });

  const requests = 'slotwise_http_requests_total';
  const latency = 'slotwise_http_request_duration_seconds';
  const series = (name: string, help: string, type: string, values: () => unknown[]) =>
    ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset() {},
    }) as unknown as Metric;
  metrics.registry.registerMetric(
    series(requests, 'HTTP requests answered, by method, route pattern and status.', 'counter', () =>
      [...tallies.values()].map((t) => ({ labels: t.labels, value: t.count })),
    ),
  );
  metrics.registry.registerMetric(
    series(latency, 'Time to answer in seconds, by method, route pattern and status.', 'histogram', () =>
      [...tallies.values()].flatMap((t) => {
        let cumulative = 0;
        const buckets = LATENCY_BUCKETS.map((le, i) => {
          cumulative += t.buckets[i] as number;
          return { metricName: `${latency}_bucket`, labels: { ...t.labels, le }, value: cumulative };
        });
        return [
          ...buckets,
          { metricName: `${latency}_bucket`, labels: { ...t.labels, le: '+Inf' }, value: t.count },
          { metricName: `${latency}_sum`, labels: t.labels, value: t.sum },
          { metricName: `${latency}_count`, labels: t.labels, value: t.count },
        ];
      }),
    ),
  );
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', async (req, reply) => {
    if (!expected) return reply.callNotFound();
    // Compared as digests of equal length, in constant time.
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.', code: 'LOGIN_REQUIRED' });
    const all = Registry.merge([processMetrics as Registry, metrics.registry]);
    return reply.type(all.contentType).send(await all.metrics());
  });
}
