/**
 * Configuration from environment variables, parsed once at start-up
 * (docs/architecture.md#running-it-scaling-out). A bad variable stops the server with every problem listed.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { S3Config } from './photos/s3-store.ts';

/** PostgreSQL connections per instance when DATABASE_POOL_SIZE is not set: 10 for reads, 4 for the locked writes. */
export const DEFAULT_DATABASE_POOL_SIZE = 14;

/**
 * How long a shutdown may take before the process exits regardless (server.ts). A supervisor's stop
 * grace must be longer, or it kills the server mid-shutdown: compose.yaml's stop_grace_period
 * (checked by packages/server/test/container.test.ts), `docker stop -t` (README "Container").
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL must be an origin like https://book.example.com' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'DATABASE_URL must start with sqlite: or postgres://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters (256 bits)').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Slotwise <no-reply@slotwise.local>'),
  DEFAULT_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'DEFAULT_TIMEZONE must be an IANA time zone like America/New_York'),
  GEOCODER: z.enum(['offline', 'photon', 'google']).default('offline'),
  PHOTON_URL: z.url().optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** Only for tests and proxies; the real API is the default. */
  GOOGLE_MAPS_URL: z.url().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Only for the browser journeys (e2e/global-setup.ts): a hold lapses within a test. 10 minutes by default (domain/slot-holds.ts). */
  SLOT_HOLD_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  STATIC_DIR: z.string().optional(),
  /**
   * Which X-Forwarded-For hops to believe: false (default: the socket address is the client),
   * a number of proxies in front, or their addresses/CIDRs comma-separated ("127.0.0.1,10.0.0.0/8").
   * Never true behind nothing: clients could then pick their own address and dodge rate limits.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
      if (v === 'false' || v === 'true') return v === 'true';
      // N proxies in front: believe the last N hops of X-Forwarded-For.
      if (/^\d+$/.test(v)) return (_address, hop) => hop < Number(v);
      return v;
    }),
  DEMO_SEED: z.enum(['on', 'off']).default('on'),
  /**
   * Encrypts the owners' Stripe keys at rest (payments/secret-box.ts): at least 32 characters,
   * such as `openssl rand -base64 32`. Unset, owners cannot connect Stripe; the server refuses to
   * start if a Stripe account was connected under a key that is now missing.
   */
  ENCRYPTION_KEY: z
    .string()
    .min(32, 'ENCRYPTION_KEY must be at least 32 characters (openssl rand -base64 32)')
    .optional(),
  /** Only for tests (the stand-in) and proxies: where the Stripe SDK sends its calls; Stripe's API by default. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Connected calendars (docs/decisions/025): whether their addresses may point at loopback and
   * private networks (off: only public hosts, checked on every address a name resolves to and on
   * every redirect; on only for tests and a calendar server on the operator's own network), how
   * long one read may take, how large a calendar may be, and how long working out its events
   * may take (in a worker, stopped at the limit: calendars/sandbox.ts, docs/decisions/031).
   */
  CALENDAR_FETCH_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  CALENDAR_FETCH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000, 'CALENDAR_FETCH_TIMEOUT_MS must be at least 1000 (1 second)')
    .max(60_000, 'CALENDAR_FETCH_TIMEOUT_MS must be at most 60000 (1 minute)')
    .default(10_000),
  CALENDAR_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'CALENDAR_FETCH_MAX_BYTES must be at least 1024')
    .max(100 * 1024 * 1024, 'CALENDAR_FETCH_MAX_BYTES must be at most 104857600 (100 MB)')
    .default(10 * 1024 * 1024),
  CALENDAR_EXPAND_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000, 'CALENDAR_EXPAND_TIMEOUT_MS must be at least 1000 (1 second)')
    .max(120_000, 'CALENDAR_EXPAND_TIMEOUT_MS must be at most 120000 (2 minutes)')
    .default(30_000),
  /**
   * Where texts go (docs/decisions/027): 'twilio', each business's own account, or 'log', a .txt
   * file per text beside the mails' .eml files. By default 'log' when mail goes to files (no
   * SMTP_URL: development), 'twilio' otherwise.
   */
  TEXTS: z.enum(['twilio', 'log']).optional(),
  /** Only for tests (the stand-in) and proxies: Twilio's API origin; https://api.twilio.com by default. */
  TWILIO_API_URL: z.url().optional(),
  /**
   * PostgreSQL connections per instance, split between reads and the per-business locked
   * transactions (db/database.ts poolSizes); sized from the database machine (README, Scaling out).
   */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a whole number of connections, like 14' })
    .int('DATABASE_POOL_SIZE must be a whole number of connections, like 14')
    .min(4, 'DATABASE_POOL_SIZE must be at least 4 (three for reads, one for the booking transactions)')
    .max(200, 'DATABASE_POOL_SIZE must be at most 200 (PostgreSQL serves each connection with a process)')
    .default(DEFAULT_DATABASE_POOL_SIZE),
  /** Opens GET /metrics to `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Check every answer against its declared schema (routes/register.ts); on by default in development and tests. */
  CHECK_ANSWERS: z.enum(['on', 'off']).optional(),
  /**
   * Only for tests (the e2e server, e2e/global-setup.ts): the server's own clocks, shorter, so a
   * journey does not wait a minute for a job tick. Production never sets them (not in the README);
   * each defaults to today's value and may only be shorter. JOB_TICK_MS: how often the jobs that look for
   * work every minute do (reminders, review requests, completing past bookings, connected calendars'
   * reads). MAIL_POLL_MS: how often the outbox dispatcher looks for mail become due (held mail,
   * retries; new mail is sent at once regardless). UNDO_WINDOW_MS: how long an owner's Decline
   * or calendar move can be undone (domain/undo-window.ts; the 2 s for a late press and 3 s before
   * the held mail goes follow it; the dashboard's toast still says 10 seconds).
   */
  JOB_TICK_MS: z.coerce
    .number()
    .int('JOB_TICK_MS must be a whole number of milliseconds')
    .min(100, 'JOB_TICK_MS must be at least 100')
    .max(60_000, 'JOB_TICK_MS must be at most 60000 (1 minute, the default)')
    .default(60_000),
  MAIL_POLL_MS: z.coerce
    .number()
    .int('MAIL_POLL_MS must be a whole number of milliseconds')
    .min(100, 'MAIL_POLL_MS must be at least 100')
    .max(5_000, 'MAIL_POLL_MS must be at most 5000 (5 seconds, the default)')
    .default(5_000),
  UNDO_WINDOW_MS: z.coerce
    .number()
    .int('UNDO_WINDOW_MS must be a whole number of milliseconds')
    .min(1_000, 'UNDO_WINDOW_MS must be at least 1000 (1 second)')
    .max(10_000, 'UNDO_WINDOW_MS must be at most 10000 (10 seconds, the default)')
    .default(10_000),
  /**
   * Scheduled backups (jobs/backups.ts, docs/decisions/041): every BACKUP_EVERY hours (0: off; by
   * default 24 on SQLite and off on PostgreSQL), into BACKUP_DIR (DATA_DIR/backups), keeping the
   * newest BACKUP_KEEP and the newest of each of the last BACKUP_KEEP_DAYS days.
   */
  BACKUP_EVERY: z.coerce
    .number({ error: 'BACKUP_EVERY must be a number of hours, like 24 (0 turns scheduled backups off)' })
    .min(0, 'BACKUP_EVERY must be 0 (off) or more hours')
    .max(24 * 31, 'BACKUP_EVERY must be at most 744 hours (31 days)')
    .refine((h) => h === 0 || h >= 0.25, 'BACKUP_EVERY must be 0 (off) or at least 0.25 (15 minutes)')
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce
    .number()
    .int('BACKUP_KEEP must be a whole number of backups')
    .min(1, 'BACKUP_KEEP must be at least 1 (the newest backup is always kept)')
    .max(1000, 'BACKUP_KEEP must be at most 1000')
    .default(3),
  BACKUP_KEEP_DAYS: z.coerce
    .number()
    .int('BACKUP_KEEP_DAYS must be a whole number of days')
    .min(0, 'BACKUP_KEEP_DAYS must be 0 or more')
    .max(3650, 'BACKUP_KEEP_DAYS must be at most 3650 (ten years)')
    .default(14),
  /**
   * Traces (tracing/, docs/decisions/044): off unless an OTLP/HTTP endpoint is set. The standard
   * OpenTelemetry names: OTEL_EXPORTER_OTLP_ENDPOINT is a base (spans go to its /v1/traces),
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT the whole address, and wins. OTEL_TRACES_SAMPLER_ARG is the
   * share of requests traced (a parent-based ratio); TRACES_SLOTS_SAMPLER_ARG, Slotwise's own, the
   * share of the hot customer reads (a day's slots, a month's days), never above the other.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL like http://collector:4318',
    })
    .optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) URL like http://collector:4318/v1/traces',
    })
    .optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, like 0.25' })
    .min(0, 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, like 0.25')
    .max(1, 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, like 0.25')
    .default(1),
  TRACES_SLOTS_SAMPLER_ARG: z.coerce
    .number({ error: 'TRACES_SLOTS_SAMPLER_ARG must be a number from 0 to 1, like 0.01' })
    .min(0, 'TRACES_SLOTS_SAMPLER_ARG must be a number from 0 to 1, like 0.01')
    .max(1, 'TRACES_SLOTS_SAMPLER_ARG must be a number from 0 to 1, like 0.01')
    .default(0.01),
  OTEL_SERVICE_NAME: z.string().min(1).default('slotwise'),
  /**
   * Web Push's VAPID key pair (RFC 8292; docs/decisions/052), as `npx web-push generate-vapid-keys`
   * prints them (URL-safe base64: 65-byte public, 32-byte private). Unset, a pair is generated once
   * into DATA_DIR/vapid-keys.json. Every instance must use the same pair: a browser's subscription
   * is bound to the public key it was made with.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be the URL-safe base64 of a 65-byte P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be the URL-safe base64 of a 32-byte P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes: mailto:you@example.com or an https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .optional(),
  /**
   * Photos (docs/decisions/053): files under DATA_DIR/photos, or, with PHOTOS_S3_BUCKET, an
   * S3-compatible bucket (every instance must see the same photos once scaled out).
   */
  PHOTOS_S3_BUCKET: z.string().min(3).max(63).optional(),
  PHOTOS_S3_REGION: z.string().min(1).default('us-east-1'),
  PHOTOS_S3_ENDPOINT: z.url({ error: 'PHOTOS_S3_ENDPOINT must be a URL like https://s3.example.com' }).optional(),
  PHOTOS_S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('off'),
  PHOTOS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  PHOTOS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL connections per instance (DATABASE_POOL_SIZE); SQLite has one. */
  databasePoolSize: number;
  jwtSecret: Uint8Array;
  /** Web Push's VAPID keys and subject (docs/decisions/052). */
  vapid: VapidConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  defaultTimeZone: string;
  geocoder:
    | { kind: 'offline' }
    | { kind: 'photon'; url: string }
    | { kind: 'google'; apiKey: string; baseUrl?: string };
  redisUrl: string | undefined;
  logLevel: string;
  rateLimits: boolean;
  /** How long a customer's hold lasts when not the default (SLOT_HOLD_SECONDS; domain/slot-holds.ts holdMs). */
  slotHoldMs?: number;
  /** Where the built front ends live (dist/ at the repository root). */
  staticDir: string;
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Seed the demo business behind /demo at start-up. */
  demoSeed: boolean;
  /** The bearer token GET /metrics asks for; undefined keeps /metrics closed (404). */
  metricsToken: string | undefined;
  /** Every answer is checked against the schema its route declares (a mismatch answers 500). */
  checkAnswers: boolean;
  /** Seals the Stripe keys (payments/secret-box.ts); undefined: connecting Stripe is refused. */
  encryptionKey: string | undefined;
  /** The Stripe API's origin when not Stripe's own (tests, proxies). */
  stripeApiUrl: string | undefined;
  /** Reading the owners' calendars (calendars/fetch.ts). */
  calendarFetch: CalendarFetchConfig;
  /** Texts through the owners' Twilio accounts, or written to files (texts/transport.ts). */
  texts: 'twilio' | 'log';
  /** Twilio's API origin when not Twilio's own (tests, proxies). */
  twilioApiUrl: string | undefined;
  /** How often the minute jobs look for work (JOB_TICK_MS: 60 s; shorter only in tests). */
  jobTickMs: number;
  /** How often the outbox dispatcher looks for mail become due (MAIL_POLL_MS: 5 s; shorter only in tests). */
  mailPollMs: number;
  /** How long a Decline or a calendar move can be undone (UNDO_WINDOW_MS: 10 s; shorter only in tests). */
  undoWindowMs: number;
  /** Scheduled backups (jobs/backups.ts): how often (null: off), where, and which to keep (backups/retention.ts). */
  backups: { everyMs: number | null; dir: string; keep: number; keepDays: number };
  /** Traces sent over OTLP/HTTP (tracing/); undefined: off, and no OpenTelemetry module is loaded. */
  tracing: TracingConfig | undefined;
  /** Where photos are kept (photos/store.ts): a folder, or an S3-compatible bucket when set. */
  photos: { dir: string; s3: S3Config | undefined };
}

export interface TracingConfig {
  /** Where spans are posted (OTLP/HTTP, JSON). */
  tracesUrl: string;
  serviceName: string;
  /** The share of requests traced when no caller decided (parent-based). */
  ratio: number;
  /** The share of the hot customer reads traced: at most `ratio`. */
  slotsRatio: number;
}

interface CalendarFetchConfig {
  /** Loopback and private addresses allowed (tests; a calendar server on the operator's network). */
  allowPrivate: boolean;
  /** The whole read, redirects included. */
  timeoutMs: number;
  /** The largest calendar read; a larger answer is refused. */
  maxBytes: number;
  /** How long working out one calendar's events may take (its worker is stopped then). */
  expandTimeoutMs: number;
  /** The expansion worker's heap, in MB: room for a calendar of maxBytes (calendarHeapMb). */
  expandHeapMb: number;
}

/**
 * The heap an expansion worker gets for calendars up to `maxBytes`: ical.js's parse of a 10 MB
 * calendar peaked near 130 MB here (docs/decisions/031), so 16 MB per MB of calendar, and 256 MB
 * besides (the worker's own modules and the occurrences stepped through).
 */
function calendarHeapMb(maxBytes: number): number {
  return 256 + Math.ceil((16 * maxBytes) / (1024 * 1024));
}

export class ConfigError extends Error {}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: (RFC 8292 section 2.1). */
  subject: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.GEOCODER === 'photon' && !e.PHOTON_URL) problems.push('  PHOTON_URL: required when GEOCODER=photon');
  if (e.GEOCODER === 'google' && !e.GOOGLE_MAPS_API_KEY)
    problems.push('  GOOGLE_MAPS_API_KEY: required when GEOCODER=google');
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    problems.push(
      '  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a pair from `npx web-push generate-vapid-keys`) or neither',
    );
  if ((e.PHOTOS_S3_ACCESS_KEY_ID === undefined) !== (e.PHOTOS_S3_SECRET_ACCESS_KEY === undefined))
    problems.push(
      '  PHOTOS_S3_ACCESS_KEY_ID, PHOTOS_S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds credentials itself)',
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${join(dataDir, 'app.db')}`;
  // On by default only for the embedded SQLite, whose owner has nothing else copying it; a
  // PostgreSQL server is backed up by whoever runs it (and pg_dump may not be installed here).
  const backupEvery = e.BACKUP_EVERY ?? (databaseUrl.startsWith('sqlite:') ? 24 : 0);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    databaseUrl,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? jwtSecretFromDataDir(dataDir)),
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : vapidKeysFromDataDir(dataDir)),
      subject: e.VAPID_SUBJECT ?? `mailto:${senderOf(e.MAIL_FROM)}`,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    defaultTimeZone: e.DEFAULT_TIMEZONE,
    geocoder:
      e.GEOCODER === 'photon'
        ? { kind: 'photon', url: e.PHOTON_URL! }
        : e.GEOCODER === 'google'
          ? { kind: 'google', apiKey: e.GOOGLE_MAPS_API_KEY!, baseUrl: e.GOOGLE_MAPS_URL }
          : { kind: 'offline' },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    rateLimits: e.RATE_LIMITS === 'on',
    ...(e.SLOT_HOLD_SECONDS === undefined ? {} : { slotHoldMs: e.SLOT_HOLD_SECONDS * 1000 }),
    staticDir: resolve(e.STATIC_DIR ?? new URL('../../../dist', import.meta.url).pathname),
    trustProxy: e.TRUST_PROXY,
    demoSeed: e.DEMO_SEED === 'on',
    metricsToken: e.METRICS_TOKEN,
    encryptionKey: e.ENCRYPTION_KEY,
    stripeApiUrl: e.STRIPE_API_URL,
    texts: e.TEXTS ?? (e.SMTP_URL ? 'twilio' : 'log'),
    twilioApiUrl: e.TWILIO_API_URL,
    jobTickMs: e.JOB_TICK_MS,
    mailPollMs: e.MAIL_POLL_MS,
    undoWindowMs: e.UNDO_WINDOW_MS,
    backups: {
      everyMs: backupEvery === 0 ? null : Math.round(backupEvery * 3600 * 1000),
      dir: resolve(e.BACKUP_DIR ?? join(dataDir, 'backups')),
      keep: e.BACKUP_KEEP,
      keepDays: e.BACKUP_KEEP_DAYS,
    },
    tracing: tracingConfig(e),
    photos: {
      dir: join(dataDir, 'photos'),
      s3: e.PHOTOS_S3_BUCKET
        ? {
            bucket: e.PHOTOS_S3_BUCKET,
            region: e.PHOTOS_S3_REGION,
            endpoint: e.PHOTOS_S3_ENDPOINT,
            forcePathStyle: e.PHOTOS_S3_FORCE_PATH_STYLE === 'on',
            credentials:
              e.PHOTOS_S3_ACCESS_KEY_ID && e.PHOTOS_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.PHOTOS_S3_ACCESS_KEY_ID, secretAccessKey: e.PHOTOS_S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
    },
    calendarFetch: {
      allowPrivate: e.CALENDAR_FETCH_ALLOW_PRIVATE === 'on',
      timeoutMs: e.CALENDAR_FETCH_TIMEOUT_MS,
      maxBytes: e.CALENDAR_FETCH_MAX_BYTES,
      expandTimeoutMs: e.CALENDAR_EXPAND_TIMEOUT_MS,
      expandHeapMb: calendarHeapMb(e.CALENDAR_FETCH_MAX_BYTES),
    },
    checkAnswers: (e.CHECK_ANSWERS ?? (e.NODE_ENV === 'development' || e.NODE_ENV === 'test' ? 'on' : 'off')) === 'on',
  };
}

/** On when an endpoint is set; the spec's base endpoint gets the traces path (OTLP/HTTP: /v1/traces). */
function tracingConfig(e: z.output<typeof EnvSchema>): TracingConfig | undefined {
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const tracesUrl = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base === undefined ? undefined : `${base}/v1/traces`);
  if (tracesUrl === undefined) return undefined;
  return {
    tracesUrl,
    serviceName: e.OTEL_SERVICE_NAME,
    ratio: e.OTEL_TRACES_SAMPLER_ARG,
    slotsRatio: Math.min(e.TRACES_SLOTS_SAMPLER_ARG, e.OTEL_TRACES_SAMPLER_ARG),
  };
}

/** MAIL_FROM's address: push services' contact when VAPID_SUBJECT is not set. */
function senderOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/**
 * A VAPID key pair generated once and kept in DATA_DIR (like the JWT secret), so browsers'
 * subscriptions, bound to the public key, survive restarts. Instances sharing no DATA_DIR must
 * set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 */
function vapidKeysFromDataDir(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  const read = () => {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  };
  try {
    return read();
  } catch {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const key = ecdh.getPrivateKey();
    const keys = {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      // A private key with leading zero bytes comes back shorter: VAPID wants all 32.
      privateKey: Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url'),
    };
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      return read();
    }
  }
}

/** A 256-bit secret generated once and kept in DATA_DIR, so tokens survive restarts. */
function jwtSecretFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    // 'wx' fails if another instance wrote it first; then read theirs.
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}
