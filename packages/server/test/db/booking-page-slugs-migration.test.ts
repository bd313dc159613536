/** The slugs' migration on a database that already has businesses: named ones get unique slugs, the oldest first. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrations } from '../../src/db/migrate.ts';
import { createPgDatabase, storages } from '../helpers.ts';

async function scratchDatabase(kind: string) {
  if (kind === 'postgres') return createPgDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-migration-'));
  return { url: `sqlite:${join(dir, 'app.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe.each(storages())('the booking page slugs migration on %s', (kind) => {
  it('gives every named business a unique slug from its name, and none to one without a name', async () => {
    const scratch = await scratchDatabase(kind);
    const store = openDatabase(scratch.url);
    try {
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('2026-11-27T1110_phone_numbers_e164');
      expect(before.error).toBeUndefined();
      const rows = [
        ['first', "Joe's Wash", 1],
        ['second', 'Joes Wash', 2],
        ['admin', 'Admin', 3],
        ['unnamed', null, 4],
      ] as const;
      await store.db
        .insertInto('users')
        .values(
          rows.map(([id]) => ({
            id: `owner-${id}`,
            email: `${id}@example.com`,
            password_hash: 'x',
            phone_number: '+15551234567',
            created_at: 1,
          })),
        )
        .execute();
      await store.db
        .insertInto('businesses')
        .values(
          rows.map(([id, name, at]) => ({
            id,
            owner_id: `owner-${id}`,
            name,
            niche: null,
            address: null,
            lat: null,
            lng: null,
            time_zone: 'America/New_York',
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await migrateToLatest(store);
      const slugs = await store.db.selectFrom('businesses').select(['id', 'slug']).orderBy('created_at').execute();
      expect(slugs).toEqual([
        { id: 'first', slug: 'joes-wash' },
        { id: 'second', slug: 'joes-wash-2' },
        { id: 'admin', slug: 'admin-pro' },
        { id: 'unnamed', slug: null },
      ]);
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});
