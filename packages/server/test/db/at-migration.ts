/**
 * A scratch database of either kind migrated up to one named migration, for the tests of a later
 * migration on rows written as the release before it wrote them (the *-migration.test.ts files).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { type Db, openDatabase } from '../../src/db/database.ts';
import { migrations } from '../../src/db/migrate.ts';
import { createPgDatabase } from '../helpers.ts';

async function scratchDatabase(kind: string) {
  if (kind === 'postgres') return createPgDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-migration-'));
  return { url: `sqlite:${join(dir, 'app.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `body` on a new database migrated up to `name` (included), then closes and drops it. */
export async function atMigration(
  kind: string,
  name: string,
  body: (at: { store: Db; migrator: Migrator }) => Promise<void>,
): Promise<void> {
  const scratch = await scratchDatabase(kind);
  const store = openDatabase(scratch.url);
  try {
    const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo(name);
    if (before.error) throw before.error;
    await body({ store, migrator });
  } finally {
    await store.close();
    await scratch.drop();
  }
}

/** An owner `owner-{id}` (`{id}@example.com`) for each business id, as every release has written users. */
export async function insertOwners(db: Db['db'], ids: readonly string[]): Promise<void> {
  await db
    .insertInto('users')
    .values(
      ids.map((id) => ({
        id: `owner-${id}`,
        email: `${id}@example.com`,
        password_hash: 'x',
        phone_number: '+15551234567',
        created_at: 1,
      })),
    )
    .execute();
}

/** Business `id` owned by `owner-{id}` (insertOwners), named after its id, with `fields` over those columns. */
export function businessRow<F extends object = object>(id: string, fields?: F) {
  return {
    id,
    owner_id: `owner-${id}`,
    name: id as string | null,
    niche: 'car-detailing' as string | null,
    address: null as string | null,
    lat: null,
    lng: null,
    time_zone: 'America/New_York',
    created_at: 1,
    updated_at: 1,
    ...(fields as F),
  };
}

/**
 * Business `old` with one service `svc` named `name`, as a release before a service's new columns
 * wrote it: the typed row already has the new columns, so the service is raw SQL.
 */
export async function insertOldService(db: Db['db'], name: string): Promise<void> {
  await insertOwners(db, ['old']);
  await db.insertInto('businesses').values(businessRow('old')).execute();
  await sql`insert into services (id, business_id, name, duration_min, price_cents, created_at)
    values ('svc', 'old', ${name}, 60, 100, 1)`.execute(db);
}
