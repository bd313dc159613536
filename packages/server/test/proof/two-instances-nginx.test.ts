/**
 * Two instances behind nginx (issue 28, item 4): the README's "Scaling out" recipe, run.
 * Two server processes on one scratch PostgreSQL database, each with a DATA_DIR of its own,
 * behind Debian's nginx configured with the README's recipe, read from the file the README
 * points to (deploy/nginx/slotwise.conf, which compose.yaml mounts too) so they cannot drift. Customers book the same and different slots of three businesses
 * (one with two crews) and read slots, all through nginx, while one instance is stopped
 * with SIGTERM and started again on its port. Then: every answer is one a customer may
 * get (200, 201, or the product's 409 for a slot just taken; no 502 or 503 from the
 * restart), every 201 is a row, no crew holds two active bookings at once, and every
 * queued mail was sent exactly once (one .eml file per outbox row across both DATA_DIRs).
 *
 * PostgreSQL and nginx only: skipped, with the reason printed, without TEST_DATABASE_URL
 * or without an nginx binary; in CI (CI set, as .ci/run does, which installs Debian's nginx)
 * a missing nginx fails instead.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  daysAhead,
  freePort,
  freshStorage,
  halfHours,
  http,
  inspect,
  openShop,
  type ServerProcess,
  type Shop,
  type Storage,
  startServer,
} from './server-process.ts';

/** The README's recipe (its "Scaling out" section points to this file; compose.yaml mounts it as it is). */
const recipe = fileURLToPath(new URL('../../../../deploy/nginx/slotwise.conf', import.meta.url));

/** Debian's nginx (NGINX_PATH to use another), or null when this machine has none. */
function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx'])
    if (candidate && existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const nginxPath = findNginx();
const pgUrl = process.env.TEST_DATABASE_URL;
// In CI (.ci/run installs nginx) a missing binary is a failure, not a skip: the recipe must be tested there.
const skipReason = !pgUrl
  ? 'set TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres to run it'
  : !nginxPath && !process.env.CI
    ? 'no nginx binary (apt-get install -y nginx, or NGINX_PATH=/path/to/nginx)'
    : null;
if (skipReason) console.info(`Two instances behind nginx skipped: ${skipReason}.`);

/**
 * The README's nginx recipe (deploy/nginx/slotwise.conf), on the ports of this run. Each replaced
 * piece must be there exactly once, so a change to the recipe that this test does not follow fails
 * here rather than going untested.
 */
function recipeServerBlock(ports: { listen: number; first: number; second: number }): string {
  const block = readFileSync(recipe, 'utf8');
  const replacements: [string, string][] = [
    ['listen 8080;', `listen 127.0.0.1:${ports.listen};`],
    ['server 127.0.0.1:3001;', `server 127.0.0.1:${ports.first};`],
    ['server 127.0.0.1:3002;', `server 127.0.0.1:${ports.second};`],
  ];
  let out = block;
  for (const [from, to] of replacements) {
    if (out.split(from).length !== 2) throw new Error(`deploy/nginx/slotwise.conf must contain "${from}" once`);
    out = out.replace(from, to);
  }
  return out;
}

interface Nginx {
  url: string;
  /** nginx's access log so far: one line per request, "status method upstream_addr(s) upstream_status(es)". */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx as a child process in the foreground (daemon off), with the README's recipe
 * inside an http block whose pid, logs and temp files all live in a temp dir: no root
 * files, nothing left behind.
 */
async function startNginx(binary: string, ports: { listen: number; first: number; second: number }): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-nginx-'));
  // Its workers run as an unprivileged user when the test runs as root; they must reach the temp paths.
  chmodSync(dir, 0o755);
  const paths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const p of paths) mkdirSync(join(dir, p));
  const config = `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$status $request_method $upstream_addr $upstream_status';
  access_log ${join(dir, 'access.log')} upstreams;
${paths.map((p) => `  ${p}_temp_path ${join(dir, p)};`).join('\n')}
${recipeServerBlock(ports)}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a kill must reach the master and its worker together.
    detached: true,
  });
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${ports.listen}`;
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = read('error.log');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup();
      const log = read('error.log');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not answer within 60 s:\n${output}\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    accessLog: () => read('access.log'),
    async stop() {
      // SIGQUIT: nginx's graceful stop; its master waits for the workers, then exits.
      if (child.exitCode === null) child.kill('SIGQUIT');
      const force = setTimeout(killGroup, 15_000);
      await exited;
      clearTimeout(force);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The pid of the Node process tsx (`pid`) runs the server in: its only child. */
function nodeProcessOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  if (children.length !== 1) throw new Error(`tsx (${pid}) has ${children.length} child processes, expected 1`);
  return Number(children[0]);
}

/** Runs `tasks` with `workers` of them in flight at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], workers: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

const JWT_SECRET = 'two-instances-behind-nginx-shared-secret-0123456789';
const SLOTS = halfHours('08:00', 20); // 08:00 ... 17:30
const DATES = [daysAhead(14), daysAhead(15)];
/** Booking attempts: about two customers for each (business, crew, date, slot) there is. */
const ATTEMPTS = 320;
const WORKERS = 24;

describe.skipIf(skipReason !== null)('two instances on one PostgreSQL behind nginx, one restarted mid-load', () => {
  let storage: Storage;
  const servers: ServerProcess[] = [];
  let nginx: Nginx;
  let ports: { listen: number; first: number; second: number };
  const dataDirs: string[] = [];
  let shops: Shop[] = [];

  /** An instance as the README starts it: its own DATA_DIR, the shared secret, nginx's public URL. */
  const instance = (i: number) =>
    startServer(
      storage,
      {
        DATA_DIR: dataDirs[i]!,
        JWT_SECRET,
        PUBLIC_URL: `http://127.0.0.1:${ports.listen}`,
        TRUST_PROXY: '127.0.0.1',
      },
      { port: i === 0 ? ports.first : ports.second },
    );

  beforeAll(async () => {
    if (!nginxPath)
      throw new Error('CI is set but there is no nginx binary: .ci/run installs it (apt-get install -y nginx)');
    storage = await freshStorage('postgres');
    for (const i of [1, 2]) {
      const dir = join(storage.dataDir, `instance-${i}`);
      mkdirSync(dir);
      dataDirs.push(dir);
    }
    ports = { listen: await freePort(), first: await freePort(), second: await freePort() };
    // The instances first: nginx counts a refused connection as a failure and would then
    // leave an instance out for 10 s (its fail_timeout).
    servers.push(...(await Promise.all([instance(0), instance(1)])));
    nginx = await startNginx(nginxPath, ports);
    shops = [];
    for (let s = 0; s < 3; s++) shops.push(await openShop(nginx.url, { startTime: '08:00', endTime: '18:00' }));
    // The second business has two crews: two customers can book its every slot.
    const res = await http(
      nginx.url,
      'POST',
      '/api/business-dashboard/crews',
      { name: 'Truck 2', color: '#1d4ed8' },
      { authorization: `Bearer ${shops[1]!.token}` },
    );
    expect(res.status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await nginx?.stop();
    await storage?.cleanup();
  }, 60_000);

  it('answers every customer, books no crew twice, keeps every 201 and mails each message once', {
    timeout: 600_000,
  }, async () => {
    // Customer n wants shop n % 3, on one of two dates, at one of 20 times: with 320
    // customers for 3 x 2 x 20 = 120 (shop, date, time) and 160 (crew, date, time) places,
    // most places are wanted by two or three customers and some by one.
    const attempts = Array.from({ length: ATTEMPTS }, (_, n) => ({
      n,
      shop: shops[n % shops.length]!,
      date: DATES[Math.floor(Math.random() * DATES.length)]!,
      time: SLOTS[Math.floor(Math.random() * SLOTS.length)]!,
      key: randomUUID(),
    }));

    // The restart: once a third of the work is done, instance 1 gets SIGTERM and is started
    // again on its port. The middle third runs while it stops and starts; the last third
    // waits for it to be back, so the restarted instance serves through nginx too.
    let done = 0;
    let restarted!: () => void;
    const restart = new Promise<void>((resolve) => {
      restarted = resolve;
    });
    let logBeforeBack = 0;
    let firstExit: number | null = null;
    const tasks: (() => Promise<{
      kind: 'book' | 'slots';
      status: number;
      body: Record<string, unknown>;
      n: number;
    }>)[] = [];
    for (const a of attempts) {
      tasks.push(async () => {
        const res = await http(nginx.url, 'POST', '/api/customer/book', bookingBody(a.shop, a.date, a.time, a.n), {
          'idempotency-key': a.key,
        });
        return { kind: 'book', status: res.status, body: res.body, n: a.n };
      });
      tasks.push(async () => {
        const query = new URLSearchParams({
          businessId: a.shop.businessId,
          serviceId: a.shop.serviceId,
          date: a.date,
          address: '5, Santa Monica, CA 90401, USA',
        });
        const res = await http(nginx.url, 'GET', `/api/customer/get-available-slots?${query}`);
        return { kind: 'slots', status: res.status, body: res.body, n: a.n };
      });
    }
    const third = Math.floor(tasks.length / 3);
    const gated = tasks.map((task, i) => async () => {
      if (i >= 2 * third) await restart;
      const result = await task();
      if (++done === third) {
        try {
          // SIGTERM to the server's Node process itself, as a supervisor running `node` stops it.
          // Not through tsx: tsx passes a signal on and SIGKILLs its child when that is not
          // acknowledged within 60 ms, which a busy 2-core machine can miss; a killed instance
          // would leave its claimed mail to be sent again, and the test would flake.
          const stopping = servers[0]!;
          const force = setTimeout(() => void stopping.kill(), 30_000);
          process.kill(nodeProcessOf(stopping.pid), 'SIGTERM');
          firstExit = await stopping.exited;
          clearTimeout(force);
          servers[0] = await instance(0);
          logBeforeBack = nginx.accessLog().length;
        } finally {
          // A failed start fails the test below (no answer from the port); the load must not wait forever.
          restarted();
        }
      }
      return result;
    });
    const answers = await pool(gated, WORKERS);
    await restart;

    // The restarted instance answers through nginx again (round robin reaches it once nginx's
    // fail_timeout after its failure has passed): slot reads until it has, at most 2 minutes.
    const backOnFirst = () =>
      nginx
        .accessLog()
        .slice(logBeforeBack)
        .split('\n')
        .some((line) => line.startsWith('200 ') && line.includes(`:${ports.first}`));
    const until = Date.now() + 120_000;
    while (!backOnFirst() && Date.now() < until) {
      const res = await http(nginx.url, 'GET', '/api/health');
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
    }

    const byStatus: Record<string, number> = {};
    for (const a of answers) byStatus[`${a.kind} ${a.status}`] = (byStatus[`${a.kind} ${a.status}`] ?? 0) + 1;
    const log = nginx.accessLog().trim().split('\n');
    // Passed on: nginx lists every upstream it tried, comma-separated.
    const failedOver = log.filter((line) => line.includes(','));
    console.info(
      `[two instances behind nginx] answers: ${JSON.stringify(byStatus)}; nginx passed ${failedOver.length} request(s) to the other instance; the stopped instance exited ${firstExit}`,
    );
    for (const line of failedOver.slice(0, 10)) console.info(`  nginx: ${line}`);

    expect(firstExit).toBe(0);
    expect(backOnFirst()).toBe(true);
    // Only the answers a customer may get: a slot list, a booking, or the product's 409 for a slot just taken.
    const unexpected = answers.filter(
      (a) => !(a.kind === 'slots' ? a.status === 200 : a.status === 201 || a.status === 409),
    );
    expect(unexpected.map((a) => `${a.kind} ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    for (const a of answers.filter((x) => x.kind === 'book' && x.status === 409))
      expect(a.body.error).toBe('That time was just booked. Please pick another slot.');
    const won = answers.filter((a) => a.kind === 'book' && a.status === 201);
    expect(won.length).toBeGreaterThan(0);

    const store = inspect(storage);
    try {
      // Every 201 is a row, with its customer; and there is no row nobody was told about.
      const rows = await store.db
        .selectFrom('bookings')
        .select(['id', 'first_name', 'customer_email', 'status'])
        .where(
          'business_id',
          'in',
          shops.map((s) => s.businessId),
        )
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const a of won) expect(byId.get(a.body.bookingId as string)?.first_name).toBe(`Customer${a.n}`);
      expect(rows).toHaveLength(won.length);
      expect(rows.every((r) => r.status === 'pending')).toBe(true);

      // No crew holds two active bookings at once, checked by the database itself.
      const overlaps = await sql<{ n: number }>`
        select count(*) as n from bookings a join bookings b
          on a.business_id = b.business_id and a.crew_id = b.crew_id and a.id < b.id
         and a.start_ms < b.end_ms and b.start_ms < a.end_ms
         and a.status in ('pending', 'approved') and b.status in ('pending', 'approved')`.execute(store.db);
      expect(Number(overlaps.rows[0]?.n)).toBe(0);
      const crews = await sql<{
        n: number;
      }>`select count(distinct crew_id) as n from bookings where business_id = ${shops[1]!.businessId}`.execute(
        store.db,
      );
      expect(Number(crews.rows[0]?.n)).toBe(2);

      // Mail: the dispatchers of both instances drain the one outbox (a mail waits at most
      // 10 s behind requests, and the dispatcher looks every 5 s): wait, at most 2 minutes.
      const mailDeadline = Date.now() + 120_000;
      for (;;) {
        const unsent = await store.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sent_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(unsent.n) === 0 || Date.now() > mailDeadline) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const outbox = await store.db.selectFrom('mail_outbox').select(['to_address', 'sent_at', 'booking_id']).execute();
      expect(outbox.filter((m) => m.sent_at === null)).toEqual([]);
      // Each winning customer's booking queued its mail to them once.
      for (const a of won) expect(outbox.filter((m) => m.to_address === `customer${a.n}@example.com`)).toHaveLength(1);
      // Sent means a file in one instance's outbox: one file per row, by recipient, none twice.
      const files = dataDirs.flatMap((dir) =>
        existsSync(join(dir, 'outbox')) ? readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.eml')) : [],
      );
      const sentTo = (list: string[]) => {
        const counts: Record<string, number> = {};
        for (const to of list) counts[to] = (counts[to] ?? 0) + 1;
        return counts;
      };
      const fileTo = files.map((f) => /^\d+-\d+-\d+-(.+)\.eml$/.exec(f)?.[1] ?? f);
      console.info(
        `[two instances behind nginx] ${won.length} bookings; ${outbox.length} mails queued, ${files.length} sent (${dataDirs
          .map((dir) => (existsSync(join(dir, 'outbox')) ? readdirSync(join(dir, 'outbox')).length : 0))
          .join(' + ')} by instance)`,
      );
      expect(sentTo(fileTo)).toEqual(sentTo(outbox.map((m) => m.to_address.replace(/[^a-z0-9@.-]+/gi, '_'))));
    } finally {
      await store.close();
    }
  });
});
