/**
 * Soak test (issue 9): mixed owner and customer traffic on loopback against a real
 * server process for SOAK_MINUTES (10 by default), at a bounded rate, with the
 * server's memory sampled every 10 s from /proc/<pid>/status. Not run by CI.
 *
 *   npm run soak                          # 10 minutes on SQLite in a temporary DATA_DIR
 *   SOAK_MINUTES=2 npm run soak           # shorter
 *   SOAK_DATABASE_URL=postgres://root@127.0.0.1:5432/soak npm run soak   # an existing, empty database
 *
 * Other knobs: SOAK_RPS (requests per second, default 40), SOAK_WORKERS (requests in
 * flight, default 8), SOAK_MAX_SLOPE_MB_PER_MIN (default 1.5, see below).
 *
 * It prints the memory samples, the least-squares slope of RSS over the last two
 * thirds of the run (the first third is warm-up: JIT, caches, V8 heap sizing), the
 * answers by action and status, and latency percentiles. It exits 1 when any answer
 * is a 5xx, a network failure or a status the action does not expect (every action
 * lists the 4xx a correct server gives, such as 409 for a slot just taken), or when
 * the RSS slope exceeds SOAK_MAX_SLOPE_MB_PER_MIN. The default, 1.5 MB/min, is about
 * 10 MB over the measured part of a 10-minute run: a leak of even one small object
 * per request (~18,000 requests) crosses it, while V8's heap settling does not.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manageTokenFor } from '../packages/server/src/domain/manage-token.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RPS = Number(process.env.SOAK_RPS ?? 40);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 8);
const MAX_SLOPE = Number(process.env.SOAK_MAX_SLOPE_MB_PER_MIN ?? 1.5);
const SAMPLE_MS = 10_000;
const OWNERS = 3;

for (const [name, v] of Object.entries({
  SOAK_MINUTES: MINUTES,
  SOAK_RPS: RPS,
  SOAK_WORKERS: WORKERS,
  SOAK_MAX_SLOPE_MB_PER_MIN: MAX_SLOPE,
}))
  if (!Number.isFinite(v) || v <= 0) {
    console.error(`${name} must be a positive number (got ${process.env[name]}).`);
    process.exit(2);
  }

// ---------- the server ----------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const a = probe.address();
      probe.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** The caller's shell must not point the soak server at real mail, Redis or another secret. */
function withoutServerVars(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of ['SMTP_URL', 'REDIS_URL', 'JWT_SECRET', 'DATABASE_URL', 'DATA_DIR', 'STATIC_DIR'])
    delete out[name];
  return out;
}

const dataDir = mkdtempSync(join(tmpdir(), 'slotwise-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// node --import tsx: one process, so /proc/<pid> is the server itself (not a tsx wrapper).
const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/server.ts')], {
  cwd: root,
  env: {
    ...withoutServerVars(process.env),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.SOAK_DATABASE_URL ?? `sqlite:${join(dataDir, 'app.db')}`,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverErr = '';
server.stderr?.on('data', (d) => {
  serverErr = (serverErr + String(d)).slice(-20_000);
});
const cleanup = () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

for (let deadline = Date.now() + 60_000; ; ) {
  if (server.exitCode !== null) {
    console.error(`The server exited with ${server.exitCode}:\n${serverErr}`);
    cleanup();
    process.exit(1);
  }
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (Date.now() > deadline) {
    console.error(`The server did not answer within 60 s:\n${serverErr}`);
    cleanup();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
const secret = new TextEncoder().encode(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim());

// ---------- HTTP ----------

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  return { status: res.status, body: parsed };
}

async function must(method: string, path: string, body?: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await call(method, path, body, token ? { authorization: `Bearer ${token}` } : {});
  if (res.status >= 300)
    throw new Error(`set-up call ${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

// ---------- the world: owners with open calendars ----------

interface Owner {
  email: string;
  password: string;
  token: string;
  businessId: string;
  services: { id: string; minutes: number }[];
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
async function makeOwner(i: number): Promise<Owner> {
  const email = `soak-owner-${i}-${randomUUID().slice(0, 6)}@example.com`;
  const password = `soak password ${i}`;
  const { token } = (await must('POST', '/api/auth/signup', { email, password, phoneNumber: '+1 5551234567' })) as {
    token: string;
  };
  await must('POST', '/api/onboarding/step1', { name: `Soak Detailing ${i}` }, token);
  await must('POST', '/api/onboarding/step2', { niche: 'other' }, token);
  await must('POST', '/api/onboarding/step3', { address: '12 N Crescent Dr, Beverly Hills, CA 90210, USA' }, token);
  const { businessId } = (await must('GET', '/api/onboarding/profile', undefined, token)) as { businessId: string };
  await must(
    'PUT',
    '/api/business-dashboard/availability/update',
    { businessHours: DAYS.map((day) => ({ day, startTime: '00:00', endTime: '23:30' })) },
    token,
  );
  const services = [];
  for (const [name, minutes] of [
    ['Quick Wash', 30],
    ['Full Detail', 60],
  ] as const) {
    const s = (await must(
      'POST',
      '/api/business-dashboard/service/add',
      { serviceName: name, duration: minutes, price: 40 },
      token,
    )) as {
      _id: string;
    };
    services.push({ id: s._id, minutes });
  }
  await must(
    'PUT',
    '/api/business-dashboard/settings/quote-questions',
    {
      questions: [
        {
          question: 'Vehicle size?',
          type: 'dropdown',
          options: [
            { text: 'Sedan', value: 0 },
            { text: 'SUV', value: 15 },
          ],
        },
      ],
    },
    token,
  );
  await must('PUT', '/api/business-dashboard/settings/update-distance-pricing', { pricePerMile: 1.5 }, token);
  return { email, password, token, businessId, services };
}

const owners: Owner[] = [];
for (let i = 0; i < OWNERS; i++) owners.push(await makeOwner(i));

// ---------- the traffic ----------

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const dayAhead = (min = 2, max = 90) =>
  new Date(Date.now() + (min + Math.floor(Math.random() * (max - min))) * 86_400_000).toISOString().slice(0, 10);
const halfHour = (lastStart = 22 * 60 + 30) => {
  const m = Math.floor(Math.random() * (lastStart / 30 + 1)) * 30;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const auth = (o: Owner) => ({ authorization: `Bearer ${o.token}` });

/** Bookings made during the run, for the manage, owner-decision and cancel actions. */
const booked: { id: string; owner: Owner }[] = [];
const ADDRESS = '5 Ocean Ave, Santa Monica, CA 90401, USA';

interface Action {
  name: string;
  weight: number;
  /** The statuses a correct server answers this with. */
  expect: number[];
  run(): Promise<number>;
}

const actions: Action[] = [
  {
    name: 'customer: business',
    weight: 3,
    expect: [200],
    run: async () => (await call('GET', `/api/customer/business/${pick(owners).businessId}`)).status,
  },
  {
    name: 'customer: slots',
    weight: 5,
    expect: [200],
    run: async () => {
      const o = pick(owners);
      return (
        await call(
          'GET',
          `/api/customer/get-available-slots?businessId=${o.businessId}&date=${dayAhead()}&serviceId=${pick(o.services).id}`,
        )
      ).status;
    },
  },
  {
    name: 'customer: quote',
    weight: 3,
    expect: [200],
    run: async () => {
      const o = pick(owners);
      return (
        await call('POST', '/api/customer/quote', {
          businessId: o.businessId,
          serviceId: pick(o.services).id,
          answer: { option: pick(['Sedan', 'SUV']) },
          address: ADDRESS,
        })
      ).status;
    },
  },
  {
    name: 'customer: book',
    weight: 4,
    // 409: the slot was just taken (by an earlier random pick): the answer a customer should get.
    expect: [201, 409],
    run: async () => {
      const o = pick(owners);
      const service = pick(o.services);
      const res = await call(
        'POST',
        '/api/customer/book',
        {
          businessId: o.businessId,
          serviceId: service.id,
          answer: { option: pick(['Sedan', 'SUV']) },
          address: ADDRESS,
          date: dayAhead(),
          time: halfHour(),
          firstName: 'Soak',
          lastName: `Customer${Math.floor(Math.random() * 1e6)}`,
          customerEmail: `soak-${randomUUID().slice(0, 8)}@example.com`,
          phoneNumber: '+1 5551234567',
        },
        { 'idempotency-key': randomUUID() },
      );
      if (res.status === 201) booked.push({ id: res.body.bookingId as string, owner: o });
      return res.status;
    },
  },
  {
    name: 'customer: manage link',
    weight: 2,
    // 410: the booking was cancelled or declined meanwhile, so its link stopped working.
    expect: [200, 410],
    run: async () => {
      const b = booked.length ? pick(booked) : undefined;
      if (!b) return 200;
      return (await call('GET', `/api/customer/booking?token=${manageTokenFor(secret, b.id)}`)).status;
    },
  },
  {
    name: 'customer: reschedule',
    weight: 1,
    expect: [200, 409, 410],
    run: async () => {
      const b = booked.length ? pick(booked) : undefined;
      if (!b) return 200;
      return (
        await call('PUT', '/api/customer/reschedule', {
          token: manageTokenFor(secret, b.id),
          newDateTime: `${dayAhead()}T${halfHour(21 * 60)}`,
        })
      ).status;
    },
  },
  {
    name: 'customer: cancel',
    weight: 0.5,
    expect: [200, 410],
    run: async () => {
      const b = booked.length ? pick(booked) : undefined;
      if (!b) return 200;
      return (await call('DELETE', `/api/customer/confirm-cancel?token=${manageTokenFor(secret, b.id)}`)).status;
    },
  },
  {
    name: 'address search',
    weight: 1,
    expect: [200],
    run: async () =>
      (await call('GET', `/api/business/places?input=${pick(['90210', 'Austin', 'Springfield', '10001'])}`)).status,
  },
  {
    name: 'owner: today',
    weight: 1,
    expect: [200],
    run: async () => {
      const o = pick(owners);
      return (await call('GET', '/api/business-dashboard/bookings/today', undefined, auth(o))).status;
    },
  },
  {
    name: 'owner: bookings (a month)',
    weight: 2,
    expect: [200],
    run: async () => {
      const o = pick(owners);
      const from = dayAhead(0, 60);
      const to = new Date(Date.parse(from) + 30 * 86_400_000).toISOString().slice(0, 10);
      return (await call('GET', `/api/business-dashboard/bookings?from=${from}&to=${to}`, undefined, auth(o))).status;
    },
  },
  {
    name: 'owner: approve or decline',
    weight: 1,
    // 409: already decided, cancelled, or another booking now holds the time.
    expect: [200, 409],
    run: async () => {
      const b = booked.length ? pick(booked) : undefined;
      if (!b) return 200;
      const verb = Math.random() < 0.8 ? 'approve' : 'decline';
      return (await call('PUT', `/api/business-dashboard/booking/${verb}/${b.id}`, undefined, auth(b.owner))).status;
    },
  },
  {
    name: 'owner: services and settings',
    weight: 2,
    expect: [200],
    run: async () => {
      const o = pick(owners);
      const path = pick([
        '/api/business-dashboard/services',
        '/api/business-dashboard/availability',
        '/api/business-dashboard/settings/quote-questions',
        '/api/business-dashboard/settings/distance-pricing',
        '/api/business-dashboard/address',
        '/api/onboarding/profile',
      ]);
      return (await call('GET', path, undefined, auth(o))).status;
    },
  },
  {
    name: 'owner: edit a service',
    weight: 0.3,
    expect: [200],
    run: async () => {
      const o = pick(owners);
      const s = pick(o.services);
      return (
        await call(
          'PUT',
          `/api/business-dashboard/service/edit/${s.id}`,
          {
            serviceName: pick(['Quick Wash', 'Full Detail', 'Wash & Wax']),
            duration: s.minutes,
            price: 40 + Math.floor(Math.random() * 20),
          },
          auth(o),
        )
      ).status;
    },
  },
  {
    name: 'owner: block and unblock time',
    weight: 0.5,
    // 409 when the time holds a booking.
    expect: [201, 409],
    run: async () => {
      const o = pick(owners);
      const start = new Date(`${dayAhead()}T${halfHour()}:00.000Z`);
      const res = await call(
        'POST',
        '/api/business-dashboard/blocked-time',
        {
          title: 'Soak break',
          reason: 'custom',
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 1_800_000).toISOString(),
        },
        auth(o),
      );
      if (res.status === 201) {
        const del = await call('DELETE', `/api/business-dashboard/blocked-time/${res.body._id}`, undefined, auth(o));
        if (del.status !== 200) return del.status;
      }
      return res.status;
    },
  },
  {
    name: 'owner: log in',
    weight: 0.2,
    expect: [200],
    run: async () => {
      const o = pick(owners);
      return (await call('POST', '/api/auth/login', { email: o.email, password: o.password })).status;
    },
  },
  { name: 'health', weight: 0.5, expect: [200], run: async () => (await call('GET', '/api/health')).status },
];

const totalWeight = actions.reduce((s, a) => s + a.weight, 0);
function chooseAction(): Action {
  let r = Math.random() * totalWeight;
  for (const a of actions) {
    r -= a.weight;
    if (r < 0) return a;
  }
  return actions[actions.length - 1]!;
}

// ---------- memory ----------

interface Sample {
  atS: number;
  rssMb: number;
  dataMb: number;
  requests: number;
}

function memory(pid: number): { rssMb: number; dataMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, dataMb: kb('VmData') / 1024 };
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

// ---------- the run ----------

const counts = new Map<string, Map<string, number>>();
const latencies: number[] = [];
const problems: string[] = [];
let requests = 0;
const started = Date.now();
const endAt = started + MINUTES * 60_000;
const samples: Sample[] = [];
const pid = server.pid as number;
const sample = () => samples.push({ atS: (Date.now() - started) / 1000, ...memory(pid), requests });
sample();
const sampler = setInterval(sample, SAMPLE_MS);

let nextAt = Date.now();
async function worker() {
  for (;;) {
    // A shared schedule: one request every 1000/RPS ms across all workers, never more.
    const at = nextAt;
    nextAt = Math.max(nextAt + 1000 / RPS, Date.now());
    if (at >= endAt) return;
    const wait = at - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const action = chooseAction();
    const t0 = performance.now();
    let status: string;
    try {
      status = String(await action.run());
    } catch (err) {
      status = `network: ${(err as Error).message}`;
    }
    latencies.push(performance.now() - t0);
    requests++;
    const byStatus = counts.get(action.name) ?? new Map<string, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    counts.set(action.name, byStatus);
    if (!action.expect.map(String).includes(status) && problems.length < 50) problems.push(`${action.name}: ${status}`);
  }
}
console.info(`Soak: ${MINUTES} min at up to ${RPS} requests/s, ${WORKERS} in flight, against ${base} (pid ${pid}).`);
await Promise.all(Array.from({ length: WORKERS }, worker));
clearInterval(sampler);
sample();
const serverAlive = server.exitCode === null;

// ---------- the figures ----------

console.info('\nMemory of the server process (/proc/<pid>/status), every 10 s:');
console.info('   time s   VmRSS MB   VmData MB   requests');
for (const s of samples)
  console.info(
    `${s.atS.toFixed(0).padStart(9)} ${s.rssMb.toFixed(1).padStart(10)} ${s.dataMb.toFixed(1).padStart(11)} ${String(s.requests).padStart(10)}`,
  );
const measured = samples.filter((s) => s.atS >= (MINUTES * 60) / 3);
const rssSlope = slope(measured.map((s) => ({ x: s.atS / 60, y: s.rssMb })));
const dataSlope = slope(measured.map((s) => ({ x: s.atS / 60, y: s.dataMb })));
console.info(
  `\nRSS slope over the last two thirds (${measured.length} samples): ${rssSlope.toFixed(3)} MB/min ` +
    `(limit ${MAX_SLOPE} MB/min); VmData slope ${dataSlope.toFixed(3)} MB/min.`,
);

console.info('\nAnswers by action and status:');
const all = new Map<string, number>();
for (const a of actions) {
  const byStatus = counts.get(a.name);
  if (!byStatus) continue;
  const line = [...byStatus].map(([s, n]) => `${s} x ${n}`).join(', ');
  console.info(`  ${a.name.padEnd(30)} ${line}   (expected: ${a.expect.join('/')})`);
  for (const [s, n] of byStatus) all.set(s, (all.get(s) ?? 0) + n);
}
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const elapsedS = (Date.now() - started) / 1000;
console.info(
  `\nTotal ${requests} requests in ${elapsedS.toFixed(0)} s (${(requests / elapsedS).toFixed(1)}/s): ` +
    `${[...all].map(([s, n]) => `${s} x ${n}`).join(', ')}. Latency p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${pct(100).toFixed(1)} ms.`,
);
console.info(`Bookings made: ${booked.length}.`);

const failures: string[] = [];
const fivexx = [...all].filter(([s]) => /^5/.test(s)).reduce((n, [, c]) => n + c, 0);
if (fivexx > 0) failures.push(`${fivexx} answers were 5xx`);
if (problems.length > 0)
  failures.push(`unexpected answers (first ${problems.length}): ${[...new Set(problems)].join('; ')}`);
if (rssSlope > MAX_SLOPE)
  failures.push(`RSS grew ${rssSlope.toFixed(3)} MB/min over the measured part (limit ${MAX_SLOPE})`);
if (measured.length < 3) failures.push('too few memory samples to fit a trend; run for at least 1 minute');
if (!serverAlive) failures.push(`the server exited during the run:\n${serverErr}`);
if (serverErr.trim()) console.info(`\nServer stderr (last lines):\n${serverErr.split('\n').slice(-20).join('\n')}`);

cleanup();
if (failures.length > 0) {
  console.error(`\nSOAK FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.info('\nSoak passed: no 5xx, no unexpected answer, no memory growth trend beyond the limit.');
