/**
 * The quote offers' migration (docs/decisions/059, the waiting list's third tier) on a database
 * that already has the visit offers: the table is there and empty, the consent columns are there,
 * and the migration goes down and up again.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the quote offers migration on %s', (kind) => {
  it('adds an empty quote_offers table and the consent columns, and goes down again', async () => {
    await atMigration(kind, '2026-12-15T1200_visit_offers', async ({ store, migrator }) => {
      await insertOwners(store.db, ['old']);
      await store.db.insertInto('businesses').values(businessRow('old')).execute();
      await migrateToLatest(store);
      expect(await store.db.selectFrom('quote_offers').selectAll().execute()).toEqual([]);
      expect(
        await store.db.selectFrom('owner_quotes').select(['nearby_consent_at', 'nearby_consent_text']).execute(),
      ).toEqual([]);
      const down = await migrator.migrateTo('2026-12-15T1200_visit_offers');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-16T0900_quote_offers',
        'Down',
        'Success',
      ]);
      await migrateToLatest(store);
      expect(await store.db.selectFrom('quote_offers').selectAll().execute()).toEqual([]);
    });
  });
});
