/**
 * The vehicle cost's migration (docs/decisions/057) on a database that already has a business: its
 * cost per mile reads 0 (not set), and the migration goes down and up again.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the vehicle cost migration on %s', (kind) => {
  it('leaves an existing business with no vehicle cost set, and goes down again', async () => {
    await atMigration(kind, '2026-12-15T1000_waiting_list', async ({ store, migrator }) => {
      await insertOwners(store.db, ['old']);
      await store.db.insertInto('businesses').values(businessRow('old')).execute();
      await migrateToLatest(store);
      const row = await store.db
        .selectFrom('businesses')
        .select('vehicle_cost_per_mile_cents')
        .where('id', '=', 'old')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ vehicle_cost_per_mile_cents: 0 });
      const down = await migrator.migrateTo('2026-12-15T1000_waiting_list');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-15T1100_vehicle_cost',
        'Down',
        'Success',
      ]);
      await migrateToLatest(store);
      expect(
        (await store.db.selectFrom('businesses').select('vehicle_cost_per_mile_cents').executeTakeFirstOrThrow())
          .vehicle_cost_per_mile_cents,
      ).toBe(0);
    });
  });
});
