import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

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

  it('requires the provider settings of the chosen geocoder', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), GEOCODER: 'photon' })).toThrow(/PHOTON_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), GEOCODER: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY/);
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
