/**
 * Issue 25's budget: slots for a day with 5 crews and 10,000 bookings answer at least half
 * the requests/s of the same business with 1 crew, on SQLite and on PostgreSQL.
 *
 * Two businesses on one server, alike but for their crews: open every day 00:00-23:59, one
 * 30-minute service, 10,000 bookings each (9,980 in the past year, 20 on the measured day,
 * one an hour). One has its single crew doing all of them; the other has five, the
 * day's 20 jobs four to a crew. Every request names another `address` (part of the slots
 * cache key that changes nothing for an owner who does not travel), so each answer is
 * computed, never a kept one: the cost per crew is what is measured, not the cache. The two
 * businesses are loaded turn about, two seconds each, five rounds; the ratio is the median of
 * the rounds' ratios (docs/benchmarks.md says why turn about). Servers on core 0, autocannon on core 1.
 */
import { localToUtcMs } from '@slotwise/shared/time-zone';
import autocannon from 'autocannon';
import { insertBookings } from '../scripts/insert-bookings.ts';
import { pinSelf, startServer } from '../scripts/server-process.ts';
import type { Benchmark, Figure } from './figures.ts';
import { insertPgBookings, withScratchDatabase } from './pg-scratch.ts';
import { call, seedOwner, utcFields, washBooking } from './seed.ts';

const CONNECTIONS = 50;
const EXISTING = 10_000;
const ON_THE_DAY = 20;
const ROUNDS = 5;
const RATIO_FLOOR = 50;

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

/** The slots of `date` for a business, each request under another cache key. */
async function slotsLoad(base: string, businessId: string, serviceId: string, date: string): Promise<Load> {
  let n = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: 2,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/api/customer/get-available-slots?businessId=${businessId}&date=${date}&serviceId=${serviceId}&address=${n++}`,
        }),
      },
    ],
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
}

/** A business with `crews` crews and its 10,000 bookings, the day's 20 dealt round the crews. */
async function business(base: string, crews: number, date: string) {
  const owner = await seedOwner(base, `Crews ${crews}`, {
    service: { serviceName: 'Wash', duration: 30, price: 40 },
    hours: ['00:00', '23:59'],
  });
  for (let i = 1; i < crews; i++)
    await call(
      base,
      'POST',
      '/api/business-dashboard/crews',
      { name: `Truck ${i + 1}`, color: '#1d4ed8' },
      owner.token,
    );
  const listed = await call<{ crews: { _id: string }[] }>(
    base,
    'GET',
    '/api/business-dashboard/crews',
    undefined,
    owner.token,
  );
  const ids = listed.crews.map((c) => c._id);
  const now = Date.now();
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < EXISTING - ON_THE_DAY; i++) {
    rows.push(washBooking(owner, ids[i % ids.length]!, i, utcFields(now - (i + 1) * 45 * 60_000), now));
  }
  // The measured day's jobs, in the business's zone: 03:00, 04:00, ... 22:00, one an hour.
  for (let j = 0; j < ON_THE_DAY; j++) {
    const time = `${String(3 + j).padStart(2, '0')}:00`;
    const start = localToUtcMs(date, time, owner.timeZone);
    // As before: the end's wall clock read in UTC (the grid reads the instants, not these fields).
    const endTime = new Date(start + 30 * 60_000).toISOString().slice(11, 16);
    rows.push(
      washBooking(owner, ids[j % ids.length]!, EXISTING + j, { start, day: date, startTime: time, endTime }, now),
    );
  }
  return { ...owner, rows };
}

async function measure(
  label: string,
  env: Record<string, string>,
  insert: (rows: Record<string, unknown>[], dataDir: string) => Promise<void>,
): Promise<Figure[]> {
  const server = await startServer({ env, cpu: 0 });
  try {
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const one = await business(server.url, 1, date);
    const five = await business(server.url, 5, date);
    await insert([...one.rows, ...five.rows], server.dataDir);
    // Unmeasured: both reach their JIT's steady state first.
    await slotsLoad(server.url, one.businessId, one.serviceId, date);
    await slotsLoad(server.url, five.businessId, five.serviceId, date);
    const ones: Load[] = [];
    const fives: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ones.push(await slotsLoad(server.url, one.businessId, one.serviceId, date));
      fives.push(await slotsLoad(server.url, five.businessId, five.serviceId, date));
    }
    const ratios = fives.map((f, i) => f.rps / ones[i]!.rps).sort((a, b) => a - b);
    const mean = (loads: Load[], key: 'rps' | 'p99') => loads.reduce((n, l) => n + l[key], 0) / loads.length;
    return [
      {
        name: `${label}: slots for a day, computed, 1 crew, 10,000 bookings`,
        value: Math.round(mean(ones, 'rps')),
        unit: 'req/s',
      },
      {
        name: `${label}: slots for a day, computed, 5 crews, 10,000 bookings`,
        value: Math.round(mean(fives, 'rps')),
        unit: 'req/s',
      },
      {
        name: `${label}: 5 crews / 1 crew, median of ${ROUNDS} rounds turn about`,
        value: Math.round(ratios[Math.floor(ratios.length / 2)]! * 100),
        unit: '%',
        budget: { min: RATIO_FLOOR },
      },
      { name: `${label}: slots p99, 1 crew`, value: Math.max(...ones.map((l) => l.p99)), unit: 'ms' },
      { name: `${label}: slots p99, 5 crews`, value: Math.max(...fives.map((l) => l.p99)), unit: 'ms' },
      {
        name: `${label}: slots errors`,
        value: [...ones, ...fives].reduce((n, l) => n + l.errors, 0),
        unit: 'responses',
        budget: { max: 0 },
      },
    ];
  } finally {
    await server.stop();
  }
}

export const crewsBenchmark: Benchmark = {
  id: 'crews',
  title: 'Slots for a day across 5 crews against 1 crew, 10,000 bookings, computed answers (issue 25)',
  async run() {
    pinSelf(1);
    try {
      const out = await measure('SQLite', {}, (rows, dataDir) => insertBookings(dataDir, rows));
      const pgFigures = await withScratchDatabase((url) =>
        measure('PostgreSQL', { DATABASE_URL: url }, (rows) => insertPgBookings(url, rows)),
      );
      if (pgFigures) out.push(...pgFigures);
      else console.log('  (PostgreSQL figures skipped: set TEST_DATABASE_URL to print them)');
      return out;
    } finally {
      pinSelf(null);
    }
  },
};
