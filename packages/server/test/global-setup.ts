/**
 * Once per `npm test` run (the server project's globalSetup): a database migrated to the latest
 * release, of each kind, that every test app starts from as a copy (helpers.ts `createTestApp`).
 * Running the 26 migrations for each of the suite's few hundred apps cost 1-3 s an app, most of
 * the server suites' time (docs/decisions/033). A copy is a file copy on SQLite and
 * `CREATE DATABASE ... TEMPLATE` on PostgreSQL; migrations themselves are still tested from empty
 * (the app migrates on start, which finds nothing left to do here, and test/db/*-migration.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file to copy, and the PostgreSQL template database's name (null without TEST_DATABASE_URL). */
    databaseTemplates: { sqlite: string; postgres: string | null };
  }
}

async function migrated(url: string): Promise<void> {
  const store = openDatabase(url, 2);
  try {
    await migrateToLatest(store);
  } finally {
    await store.close();
  }
}

async function admin<T>(pgUrl: string, body: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-template-'));
  const sqlite = join(dir, 'app.db');
  await migrated(`sqlite:${sqlite}`);
  const pgUrl = process.env.TEST_DATABASE_URL;
  let postgres: string | null = null;
  if (pgUrl) {
    postgres = `t_template_${randomBytes(4).toString('hex')}`;
    const name = postgres;
    await admin(pgUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    await migrated(url.toString());
  }
  project.provide('databaseTemplates', { sqlite, postgres });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgUrl && postgres) {
      const name = postgres;
      await admin(pgUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    }
  };
}
