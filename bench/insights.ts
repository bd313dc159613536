/**
 * Issue 29's budget: each insights call (funnel, money and work, missed work) answers a year's
 * period of a business with 10,000 bookings and 100,000 funnel events within 100 ms at p99, on
 * SQLite and on PostgreSQL.
 *
 * One business seeded through the API (three services), then written straight into the database:
 * 10,000 bookings one every 55 minutes from 340 days ago to about 42 days ahead (a tenth
 * cancelled, a twentieth declined, the rest completed, approved or pending), and the counters that
 * 100,000 funnel events over the last 365 days from 3 sources make (a beacon counts only today, so a
 * year of them cannot go through it): 4,380 funnel_days rows, about 700 full_taps rows, and about
 * 3,300 quote_demand rows (9 ZIP codes, quoted, refused and booked). Beside them, 230 beacons are
 * sent through the API one at a time (their p99 printed, not checked). Then each call is asked one
 * at a time for the 365 days ending today, 200 times a round after 30 unmeasured, the three calls
 * turn about for 3 rounds: its p99 is the answer's own time, not a queue's, and the checked figure is
 * the median of the rounds' p99s. Server on core 0, this process on core 1.
 */

import { insertRows } from '../scripts/insert-bookings.ts';
import { pinSelf, startServer } from '../scripts/server-process.ts';
import type { Benchmark, Figure } from './figures.ts';
import { insertPgRows, withScratchDatabase } from './pg-scratch.ts';
import { call, seedWashBusiness, utcFields, washBooking } from './seed.ts';

const BOOKINGS = 10_000;
const EVENTS = 100_000;
const DAYS = 365;
const SAMPLES = 200;
const ROUNDS = 3;
const WARM_UP = 30;
const BUDGET_MS = 100;
const DAY_MS = 86_400_000;

type Rows = Record<string, Record<string, unknown>[]>;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The business's rows: bookings, and the counters of a year of events and quotes. */
function seedRows(owner: { businessId: string; crewId: string }, serviceIds: string[]): Rows {
  const now = Date.now();
  const bookings: Record<string, unknown>[] = [];
  const first = now - 340 * DAY_MS;
  for (let i = 0; i < BOOKINGS; i++) {
    const at = utcFields(first + i * 55 * 60_000);
    const serviceId = serviceIds[i % serviceIds.length]!;
    const row = washBooking({ businessId: owner.businessId, serviceId }, owner.crewId, i, at, now);
    const past = at.start + 30 * 60_000 <= now;
    row.status =
      i % 10 === 0 ? 'cancelled' : i % 20 === 1 ? 'declined' : past ? (i % 3 ? 'completed' : 'approved') : 'pending';
    row.total_cents = 4000 + (i % 7) * 1500;
    bookings.push(row);
  }

  // 100,000 events over DAYS days and 3 sources, each day's share by the funnel's ratios.
  const steps: [string, number][] = [
    ['opened', 0.6],
    ['quoted', 0.25],
    ['slot', 0.1],
    ['booked', 0.05],
  ];
  const sources: [string, string, number][] = [
    ['site', 'example.com', 0.6],
    ['page', '', 0.3],
    ['qr', '', 0.1],
  ];
  const funnel: Record<string, unknown>[] = [];
  const full: Record<string, unknown>[] = [];
  const demand: Record<string, unknown>[] = [];
  const cells = DAYS * sources.length * steps.length;
  let left = EVENTS;
  let cell = 0;
  const zips: [string, number][] = [
    ['90210', 1],
    ['90401', 8],
    ['90024', 4],
    ['90046', 5],
    ['91601', 9],
    ['90802', 24],
    ['93030', 45],
    ['91761', 46],
    ['', 3],
  ];
  for (let d = 0; d < DAYS; d++) {
    const day = isoDay(now - d * DAY_MS);
    for (const [kind, site, share] of sources)
      for (const [step, ratio] of steps) {
        cell++;
        // Whole counts summing to EVENTS: each cell its share of what is left.
        const count = cell === cells ? left : Math.max(1, Math.round((EVENTS / DAYS) * share * ratio));
        left -= count;
        funnel.push({ business_id: owner.businessId, day, source_kind: kind, site, step, count });
      }
    for (const part of ['', 'morning'])
      full.push({
        business_id: owner.businessId,
        day,
        wanted_day: isoDay(now - d * DAY_MS + ((d % 9) + 1) * DAY_MS),
        part,
        count: 1 + (d % 3),
      });
    for (const [i, [zip, miles]] of zips.entries()) {
      const outcome = miles > 40 ? 'outside_area' : 'quoted';
      demand.push({
        business_id: owner.businessId,
        day,
        zip,
        outcome,
        miles,
        count: 1 + (i % 3),
        value_cents: 15_000 * (1 + (i % 3)),
      });
      if (outcome === 'quoted' && (d + i) % 3 === 0)
        demand.push({
          business_id: owner.businessId,
          day,
          zip,
          outcome: 'booked',
          miles,
          count: 1,
          value_cents: 15_000,
        });
    }
  }
  return { bookings, funnel_days: funnel, full_taps: full, quote_demand: demand };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The p50 and p99 of `SAMPLES` calls one at a time, after `warmUp` unmeasured. */
async function timed(
  ask: () => Promise<Response>,
  warmUp = WARM_UP,
): Promise<{ p50: number; p99: number; errors: number }> {
  let errors = 0;
  for (let i = 0; i < warmUp; i++) await (await ask()).arrayBuffer();
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await ask();
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    if (!res.ok) errors++;
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const tenths = (ms: number) => Math.round(ms * 10) / 10;

async function measure(
  label: string,
  env: Record<string, string>,
  insert: (table: string, rows: Record<string, unknown>[], dataDir: string) => Promise<void>,
): Promise<Figure[]> {
  const server = await startServer({ env, cpu: 0 });
  try {
    const base = server.url;
    const owner = await seedWashBusiness(base, 'Insights');
    const more = [];
    for (const [serviceName, price] of [
      ['Full Detail', 150],
      ['Interior', 90],
    ] as const)
      more.push(
        (
          await call<{ _id: string }>(
            base,
            'POST',
            '/api/business-dashboard/service/add',
            { serviceName, duration: 30, price },
            owner.token,
          )
        )._id,
      );
    const rows = seedRows(owner, [owner.serviceId, ...more]);
    for (const [table, list] of Object.entries(rows)) await insert(table, list, server.dataDir);

    const beacon = () =>
      fetch(`${base}/api/customer/beacon`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://www.example.com' },
        body: JSON.stringify({
          businessId: owner.businessId,
          source: 'site',
          events: [{ type: 'opened' }, { type: 'quoted' }, { type: 'full', date: isoDay(Date.now() + 3 * DAY_MS) }],
        }),
      });
    const beacons = await timed(beacon);

    const to = isoDay(Date.now());
    const from = isoDay(Date.now() - (DAYS - 1) * DAY_MS);
    const out: Figure[] = [
      { name: `${label}: seeded bookings`, value: rows.bookings!.length, unit: 'rows' },
      {
        name: `${label}: counter rows for ${EVENTS.toLocaleString('en-US')} funnel events (funnel_days)`,
        value: rows.funnel_days!.length,
        unit: 'rows',
      },
      {
        name: `${label}: quote_demand and full_taps rows`,
        value: rows.quote_demand!.length + rows.full_taps!.length,
        unit: 'rows',
      },
      {
        name: `${label}: beacon p50 (text/plain, steps and a full tap)`,
        value: tenths(beacons.p50),
        unit: 'ms',
      },
      {
        name: `${label}: beacon p99 of ${SAMPLES} one at a time`,
        value: tenths(beacons.p99),
        unit: 'ms',
      },
    ];
    let errors = beacons.errors;
    // Rounds turn about, the checked figure their median p99: these 2 cores are shared (docs/benchmarks.md),
    // and another run's burst landed in a single round's tail at 2-5x the others'.
    const paths = ['funnel', 'work', 'missed'] as const;
    const rounds = new Map<string, { p50: number; p99: number }[]>(paths.map((p) => [p, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const path of paths) {
        const r = await timed(
          () =>
            fetch(`${base}/api/business-dashboard/insights/${path}?from=${from}&to=${to}`, {
              headers: { authorization: `Bearer ${owner.token}` },
            }),
          round === 0 ? WARM_UP : 5,
        );
        errors += r.errors;
        rounds.get(path)!.push(r);
      }
    for (const path of paths) {
      const r = rounds.get(path)!;
      out.push(
        {
          name: `${label}: insights ${path}, ${DAYS} days, p50`,
          value: tenths(median(r.map((x) => x.p50))),
          unit: 'ms',
        },
        {
          name: `${label}: insights ${path}, ${DAYS} days, p99 (median of ${ROUNDS} rounds of ${SAMPLES} one at a time)`,
          value: tenths(median(r.map((x) => x.p99))),
          unit: 'ms',
          budget: { max: BUDGET_MS },
        },
        {
          name: `${label}: insights ${path}, ${DAYS} days, worst round's p99`,
          value: tenths(Math.max(...r.map((x) => x.p99))),
          unit: 'ms',
        },
      );
    }
    out.push({ name: `${label}: errors`, value: errors, unit: 'responses', budget: { max: 0 } });
    return out;
  } finally {
    await server.stop();
  }
}

export const insightsBenchmark: Benchmark = {
  id: 'insights',
  title: 'Insights calls over a year: 10,000 bookings, 100,000 funnel events, p99 one at a time (issue 29)',
  async run() {
    pinSelf(1);
    try {
      const out = await measure('SQLite', {}, (table, rows, dataDir) => insertRows(dataDir, table, rows));
      const pgFigures = await withScratchDatabase((url) =>
        measure('PostgreSQL', { DATABASE_URL: url }, (table, rows) => insertPgRows(url, table, rows)),
      );
      if (pgFigures) out.push(...pgFigures);
      else console.log('  (PostgreSQL figures skipped: set TEST_DATABASE_URL to print them)');
      return out;
    } finally {
      pinSelf(null);
    }
  },
};
