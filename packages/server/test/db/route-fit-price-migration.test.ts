/**
 * Price by route fit's migration (docs/decisions/055) on a database that already has a business:
 * it keeps every saving (none shared, no floor), so no existing owner's prices change, and the
 * migration goes down again.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the route fit price migration on %s', (kind) => {
  it("leaves existing businesses' prices by the miles from the base, and goes down again", async () => {
    await atMigration(kind, '2026-12-14T1000_photos', async ({ store, migrator }) => {
      await insertOwners(store.db, ['old']);
      await store.db.insertInto('businesses').values(businessRow('old')).execute();
      await migrateToLatest(store);
      const row = await store.db
        .selectFrom('businesses')
        .select(['nearby_share', 'nearby_floor_cents'])
        .where('id', '=', 'old')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ nearby_share: 'none', nearby_floor_cents: 0 });
      const down = await migrator.migrateTo('2026-12-14T1000_photos');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-15T0900_route_fit_price',
        'Down',
        'Success',
      ]);
      await migrateToLatest(store);
    });
  });
});
