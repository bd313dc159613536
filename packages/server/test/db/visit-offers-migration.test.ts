/**
 * The visit offers' migration (docs/decisions/056, the waiting list's second tier) on a database
 * that already has the waiting list: the table is there and empty, and the migration goes down and
 * up again.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the visit offers migration on %s', (kind) => {
  it('adds an empty visit_offers table beside an existing business, and goes down again', async () => {
    await atMigration(kind, '2026-12-15T1100_vehicle_cost', async ({ store, migrator }) => {
      await insertOwners(store.db, ['old']);
      await store.db.insertInto('businesses').values(businessRow('old')).execute();
      await migrateToLatest(store);
      expect(await store.db.selectFrom('visit_offers').selectAll().execute()).toEqual([]);
      const down = await migrator.migrateTo('2026-12-15T1100_vehicle_cost');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-15T1200_visit_offers',
        'Down',
        'Success',
      ]);
      await migrateToLatest(store);
      expect(await store.db.selectFrom('visit_offers').selectAll().execute()).toEqual([]);
    });
  });
});
