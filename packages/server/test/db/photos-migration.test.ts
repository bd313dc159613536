/**
 * The photos' migration (docs/decisions/053) on a database that already has services: they ask
 * for no photos, no photo exists, and the migration goes down again.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, insertOldService } from './at-migration.ts';

describe.each(storages())('the photos migration on %s', (kind) => {
  it('leaves existing services asking for no photos, and goes down again', async () => {
    await atMigration(kind, '2026-12-14T0900_push_notifications', async ({ store, migrator }) => {
      await insertOldService(store.db, 'Junk removal');
      await migrateToLatest(store);
      const row = await store.db
        .selectFrom('services')
        .select(['photo_ask', 'photo_prompt'])
        .where('id', '=', 'svc')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ photo_ask: 'off', photo_prompt: null });
      expect(await store.db.selectFrom('photos').selectAll().execute()).toEqual([]);
      expect(await store.db.selectFrom('photo_removals').selectAll().execute()).toEqual([]);
      const down = await migrator.migrateTo('2026-12-14T0900_push_notifications');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-14T1000_photos',
        'Down',
        'Success',
      ]);
      // And up again, as a deploy rolled back and forward would.
      await migrateToLatest(store);
      expect(await store.db.selectFrom('photos').selectAll().execute()).toEqual([]);
    });
  });
});
