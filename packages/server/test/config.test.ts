import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { poolSizes } from '../src/db/database.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'slotwise-config-'));

describe('configuration', () => {
  it('has embedded defaults: SQLite in DATA_DIR, a generated secret kept across restarts', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.databaseUrl).toBe(`sqlite:${join(dir, 'app.db')}`);
    expect(a.geocoder).toEqual({ kind: 'offline' });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const b = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(b.jwtSecret).equals(Buffer.from(a.jwtSecret))).toBe(true);
  });

  it('lists every bad variable by name', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x', DEFAULT_TIMEZONE: 'Mars/Olympus' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL: DATABASE_URL must start with sqlite: or postgres:\/\//);
    expect(message).toMatch(/DEFAULT_TIMEZONE/);
  });

  it('sizes the PostgreSQL connections per instance, 14 unless told, split between reads and the locked writes', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePoolSize).toBe(14);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    expect(poolSizes(14)).toEqual({ readers: 10, writers: 4 });
    expect(poolSizes(40)).toEqual({ readers: 29, writers: 11 });
    expect(poolSizes(4)).toEqual({ readers: 3, writers: 1 });
    for (const bad of ['3', '201', '7.5', 'many'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('requires the provider settings of the chosen geocoder', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), GEOCODER: 'photon' })).toThrow(/PHOTON_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), GEOCODER: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY/);
  });

  it('reads connected calendars from public hosts only, unless told otherwise, with a time limit and a size cap', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).calendarFetch).toEqual({
      allowPrivate: false,
      timeoutMs: 10_000,
      maxBytes: 10 * 1024 * 1024,
      expandTimeoutMs: 30_000,
      expandHeapMb: 416,
    });
    const tests = loadConfig({
      DATA_DIR: dataDir(),
      CALENDAR_FETCH_ALLOW_PRIVATE: 'on',
      CALENDAR_FETCH_TIMEOUT_MS: '2500',
      CALENDAR_FETCH_MAX_BYTES: '2048',
      CALENDAR_EXPAND_TIMEOUT_MS: '1500',
    });
    expect(tests.calendarFetch).toEqual({
      allowPrivate: true,
      timeoutMs: 2500,
      maxBytes: 2048,
      expandTimeoutMs: 1500,
      expandHeapMb: 257,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), CALENDAR_FETCH_ALLOW_PRIVATE: 'yes' })).toThrow(
      /CALENDAR_FETCH_ALLOW_PRIVATE/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), CALENDAR_FETCH_TIMEOUT_MS: '90000' })).toThrow(
      /CALENDAR_FETCH_TIMEOUT_MS must be at most 60000/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), CALENDAR_EXPAND_TIMEOUT_MS: '500' })).toThrow(
      /CALENDAR_EXPAND_TIMEOUT_MS must be at least 1000/,
    );
  });

  it("runs on the server's own clocks unless a test shortens them (JOB_TICK_MS, MAIL_POLL_MS, UNDO_WINDOW_MS)", () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect([defaults.jobTickMs, defaults.mailPollMs, defaults.undoWindowMs]).toEqual([60_000, 5_000, 10_000]);
    const e2e = loadConfig({ DATA_DIR: dataDir(), JOB_TICK_MS: '1000', MAIL_POLL_MS: '500', UNDO_WINDOW_MS: '4000' });
    expect([e2e.jobTickMs, e2e.mailPollMs, e2e.undoWindowMs]).toEqual([1_000, 500, 4_000]);
    // Only ever shorter: production's values are the longest allowed.
    expect(() => loadConfig({ DATA_DIR: dataDir(), JOB_TICK_MS: '120000' })).toThrow(
      /JOB_TICK_MS must be at most 60000/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), JOB_TICK_MS: '50' })).toThrow(/JOB_TICK_MS must be at least 100/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_POLL_MS: '10000' })).toThrow(
      /MAIL_POLL_MS must be at most 5000/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), UNDO_WINDOW_MS: '15000' })).toThrow(
      /UNDO_WINDOW_MS must be at most 10000/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), UNDO_WINDOW_MS: '500' })).toThrow(
      /UNDO_WINDOW_MS must be at least 1000/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), UNDO_WINDOW_MS: '2.5s' })).toThrow(/UNDO_WINDOW_MS/);
  });

  it('backs up the embedded SQLite daily into DATA_DIR/backups by default, PostgreSQL only when told', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).backups).toEqual({
      everyMs: 24 * 3600_000,
      dir: join(dir, 'backups'),
      keep: 3,
      keepDays: 14,
    });
    const pg = 'postgres://app@db/slotwise';
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg }).backups.everyMs).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg, BACKUP_EVERY: '6' }).backups.everyMs).toBe(6 * 3600_000);
    expect(loadConfig({ DATA_DIR: dir, BACKUP_EVERY: '0' }).backups.everyMs).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dir, BACKUP_EVERY: '0.1', BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_EVERY: BACKUP_EVERY must be 0 \(off\) or at least 0\.25[\s\S]*BACKUP_KEEP: BACKUP_KEEP must be at least 1/,
    );
  });

  it('generates a VAPID key pair once into DATA_DIR, takes a configured pair, and refuses half a pair or a bad subject', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Shiny <hello@shiny.example>' });
    expect(a.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(a.vapid.publicKey, 'base64url')[0]).toBe(4);
    expect(a.vapid.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.vapid.subject).toBe('mailto:hello@shiny.example');
    expect(loadConfig({ DATA_DIR: dir }).vapid.publicKey).toBe(a.vapid.publicKey);
    const own = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: a.vapid.publicKey,
      VAPID_PRIVATE_KEY: a.vapid.privateKey,
      VAPID_SUBJECT: 'https://shiny.example/contact',
    });
    expect(own.vapid).toEqual({ ...a.vapid, subject: 'https://shiny.example/contact' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: a.vapid.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'ops@example.com' })).toThrow(
      /VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: or https: address/,
    );
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('turns traces on only with an OTLP endpoint, posting to its /v1/traces unless given the whole address', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).tracing).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'slotwise',
      ratio: 1,
      slotsRatio: 0.01,
    });
    const traced = loadConfig({
      DATA_DIR: dataDir(),
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp/v1/traces',
      OTEL_SERVICE_NAME: 'slotwise-eu',
      OTEL_TRACES_SAMPLER_ARG: '0.005',
      TRACES_SLOTS_SAMPLER_ARG: '0.01',
    }).tracing;
    // The hot reads are never traced more often than the rest.
    expect(traced).toEqual({
      tracesUrl: 'https://traces.example.com/otlp/v1/traces',
      serviceName: 'slotwise-eu',
      ratio: 0.005,
      slotsRatio: 0.005,
    });
  });

  it('refuses a sampling ratio outside 0 to 1 and an endpoint that is no URL, by name', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        OTEL_TRACES_SAMPLER_ARG: '1.5',
        TRACES_SLOTS_SAMPLER_ARG: 'often',
      }),
    ).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL[\s\S]*OTEL_TRACES_SAMPLER_ARG: OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1[\s\S]*TRACES_SLOTS_SAMPLER_ARG: TRACES_SLOTS_SAMPLER_ARG must be a number from 0 to 1/,
    );
  });
});
