/**
 * Starts the real server the way `npm start` does (tsx packages/server/src/server.ts,
 * after scripts/build.mjs has built dist/), on a free port with a fresh temporary
 * DATA_DIR: SQLite in it, mail as .eml files in DATA_DIR/outbox/, rate limits on.
 * Its stdout and stderr go to e2e/artifacts/server.log (scanned for secrets later).
 * The returned function is Playwright's teardown.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPushStandIn } from '../packages/server/test/push/stand-in.ts';
import { startStripeStandIn } from '../packages/server/test/stripe/stand-in.ts';
import { startTwilioStandIn } from '../packages/server/test/twilio/stand-in.ts';
import { artifactsDir, repoRoot } from './paths.ts';
import { scanServerLog } from './secrets.ts';

/** Variables of packages/server/src/config.ts that must not leak in from the caller's shell. */
const SERVER_VARS = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'DEFAULT_TIMEZONE',
  'GEOCODER',
  'PHOTON_URL',
  'GOOGLE_MAPS_API_KEY',
  'REDIS_URL',
  'LOG_LEVEL',
  'RATE_LIMITS',
  'SLOT_HOLD_SECONDS',
  'STATIC_DIR',
  'TRUST_PROXY',
  'DEMO_SEED',
  'ENCRYPTION_KEY',
  'STRIPE_API_URL',
  'CALENDAR_FETCH_ALLOW_PRIVATE',
  'CALENDAR_FETCH_TIMEOUT_MS',
  'CALENDAR_FETCH_MAX_BYTES',
  'CALENDAR_EXPAND_TIMEOUT_MS',
  'TEXTS',
  'TWILIO_API_URL',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'NODE_EXTRA_CA_CERTS',
  'JOB_TICK_MS',
  'MAIL_POLL_MS',
  'UNDO_WINDOW_MS',
  'BACKUP_EVERY',
  'BACKUP_DIR',
  'BACKUP_KEEP',
  'BACKUP_KEEP_DAYS',
];

/**
 * The server's own clocks, shorter than in production (packages/server/src/config.ts, for tests
 * only), so no journey waits a minute for a job tick or 20 s for held mail: the minute jobs
 * (reminders, review requests) tick every second, the outbox dispatcher looks for mail become due
 * twice a second, and a Decline or a move can be undone for 4 s (the held mail goes 5 s after
 * that; the dashboard's toast still says 10 seconds). Specs that wait on one read it from here.
 */
export const E2E_CLOCKS = {
  jobTickMs: 1_000,
  mailPollMs: 500,
  undoWindowMs: 4_000,
};

/** The Twilio account the texts journey connects (e2e/texts.spec.ts), on the stand-in. */
export const E2E_TWILIO = {
  accountSid: 'AC5e0f1a2b3c4d5e6f708192a3b4c5d6e7',
  authToken: '7e57a0b1c2d3e4f5a6b7c8d9e0f1a2b3',
  number: '+15125550100',
};

/** The Stripe account the deposits journey connects (e2e/deposits.spec.ts), on the stand-in. */
export const E2E_STRIPE_KEY = 'sk_test_e2eSlotwiseDeposits0000000000';

/**
 * The server ahead of the browsers for the CPU: two workers run two Chromiums on the machine's two
 * cores beside it, and pages waiting on a starved server missed their 10 s (e2e/README.md). Its
 * answers are what the journeys wait on, so it runs at a higher priority where the user may raise
 * one (root, as in CI); elsewhere `nice` says it cannot in the log and the server runs as usual.
 */
const NICE = '/usr/bin/nice';
const SERVER_NICENESS = -5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The e2e server exited with code ${child.exitCode} before answering; see ${logFile}.`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The e2e server did not answer ${url}/api/health within ${timeoutMs / 1000} s; see ${logFile}.`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const pid = child.pid as number;
    const force = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    try {
      // The server runs in its own process group (tsx plus its Node child): stop them all.
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(force);
      resolve();
    }
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'slotwise-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(artifactsDir, 'server.log');
  const log = createWriteStream(logFile);

  // Stripe, as a stand-in on loopback that speaks its API and signs webhooks as it does.
  const stripe = await startStripeStandIn();
  stripe.addAccount({ secretKey: E2E_STRIPE_KEY, id: 'acct_e2eVanShine', name: 'Van Shine Mobile LLC' });

  // Twilio, as a stand-in that records the texts and signs replies as Twilio does.
  const twilio = await startTwilioStandIn();
  twilio.addAccount({
    accountSid: E2E_TWILIO.accountSid,
    authToken: E2E_TWILIO.authToken,
    numbers: [E2E_TWILIO.number],
  });

  // A browser vendor's push service, as a stand-in on loopback that checks VAPID and decrypts each
  // push (e2e/push.spec.ts). HTTPS, as push services are: the server trusts its certificate.
  const push = await startPushStandIn();

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARS) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMITS: 'on',
    // A customer's hold on a time lapses within a test, not in 10 minutes (e2e/slot-hold.spec.ts).
    SLOT_HOLD_SECONDS: '15',
    // As behind a local proxy: API helpers in the tests present themselves as distinct
    // clients (X-Forwarded-For), so many test owners do not spend the browser's budget.
    TRUST_PROXY: '127.0.0.1',
    // Every answer the journeys get is checked against its declared schema (a mismatch answers 500).
    CHECK_ANSWERS: 'on',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    STRIPE_API_URL: stripe.url,
    TEXTS: 'twilio',
    TWILIO_API_URL: twilio.url,
    NODE_EXTRA_CA_CERTS: push.caFile,
    // The connected-calendars journey serves the owner's calendar from loopback (e2e/connected-calendars.spec.ts):
    // allowed here only; in production only public hosts are read (docs/decisions/025).
    CALENDAR_FETCH_ALLOW_PRIVATE: 'on',
    JOB_TICK_MS: String(E2E_CLOCKS.jobTickMs),
    MAIL_POLL_MS: String(E2E_CLOCKS.mailPollMs),
    UNDO_WINDOW_MS: String(E2E_CLOCKS.undoWindowMs),
    // No scheduled backup (on by default on SQLite) at the first one-second tick, amid the journeys.
    BACKUP_EVERY: '0',
  });

  const server = [join(repoRoot, 'node_modules', '.bin', 'tsx'), join(repoRoot, 'packages/server/src/server.ts')];
  const [command, ...args] = existsSync(NICE) ? [NICE, '-n', String(SERVER_NICENESS), ...server] : server;
  const child = spawn(command!, args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // Detached, the server would outlive a run that ends without its teardown (an error, a stop) and
  // load every later step on the machine: 'exit' runs on any ending, and process.kill is synchronous.
  const killOnExit = () => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  try {
    await waitForHealth(baseURL, child, logFile);
  } catch (err) {
    await stop(child);
    throw err;
  }

  // Workers inherit these; fixtures.ts reads them.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_TWILIO_URL = twilio.url;
  process.env.E2E_PUSH_URL = push.url;
  process.env.E2E_PUSH_CA = push.caFile;

  return async () => {
    await stop(child);
    await stripe.close();
    await twilio.close();
    await push.close();
    // The whole log, to its last line, before the scan.
    await Promise.all(
      [child.stdout, child.stderr].map((s) => (s && !s.destroyed ? new Promise((r) => s.once('close', r)) : undefined)),
    );
    await new Promise<void>((resolve) => log.end(resolve));
    try {
      // docs/architecture.md#security: no password, token or key of the whole run in the server's log.
      scanServerLog(logFile, dataDir);
    } finally {
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
