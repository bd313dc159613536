/** The slugs' migration on a database that already has businesses: named ones get unique slugs, the oldest first. */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the booking page slugs migration on %s', (kind) => {
  it('gives every named business a unique slug from its name, and none to one without a name', async () => {
    await atMigration(kind, '2026-11-27T1110_phone_numbers_e164', async ({ store }) => {
      const rows = [
        ['first', "Joe's Wash", 1],
        ['second', 'Joes Wash', 2],
        ['admin', 'Admin', 3],
        ['unnamed', null, 4],
      ] as const;
      await insertOwners(
        store.db,
        rows.map(([id]) => id),
      );
      await store.db
        .insertInto('businesses')
        .values(rows.map(([id, name, at]) => businessRow(id, { name, niche: null, created_at: at, updated_at: at })))
        .execute();
      await migrateToLatest(store);
      const slugs = await store.db.selectFrom('businesses').select(['id', 'slug']).orderBy('created_at').execute();
      expect(slugs).toEqual([
        { id: 'first', slug: 'joes-wash' },
        { id: 'second', slug: 'joes-wash-2' },
        { id: 'admin', slug: 'admin-pro' },
        { id: 'unnamed', slug: null },
      ]);
    });
  });
});
