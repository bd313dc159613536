/**
 * The waiting list's migration (docs/decisions/056) on a database with a business: its tables
 * start empty, one entry per e-mail per business per day is the database's rule too, and the
 * migration goes down and up again.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the waiting list migration on %s', (kind) => {
  it('starts empty, keeps one entry per e-mail a day, and goes down again', async () => {
    await atMigration(kind, '2026-12-15T0900_route_fit_price', async ({ store, migrator }) => {
      await insertOwners(store.db, ['old']);
      await store.db.insertInto('businesses').values(businessRow('old')).execute();
      await migrateToLatest(store);
      expect(await store.db.selectFrom('waitlist_entries').selectAll().execute()).toEqual([]);
      expect(await store.db.selectFrom('freed_times').selectAll().execute()).toEqual([]);
      expect(await store.db.selectFrom('waitlist_offers').selectAll().execute()).toEqual([]);
      const down = await migrator.migrateTo('2026-12-15T0900_route_fit_price');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-15T1000_waiting_list',
        'Down',
        'Success',
      ]);
      await migrateToLatest(store);
      expect(await store.db.selectFrom('waitlist_entries').selectAll().execute()).toEqual([]);
    });
  });
});
