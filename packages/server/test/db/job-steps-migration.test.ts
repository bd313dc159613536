/**
 * The job steps' migration (docs/decisions/050) on a database that already has services: they
 * get no steps (the owner adds them, or takes the trade's) and do not show them on the receipt;
 * the migration goes down again.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, insertOldService } from './at-migration.ts';

describe.each(storages())('the job steps migration on %s', (kind) => {
  it('leaves existing services without steps, off the receipt, and goes down again', async () => {
    await atMigration(kind, '2026-12-13T0948_on_my_way', async ({ store, migrator }) => {
      await insertOldService(store.db, 'Full Detail');
      await migrateToLatest(store);
      const row = await store.db
        .selectFrom('services')
        .select(['steps', 'steps_on_receipt'])
        .where('id', '=', 'svc')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ steps: null, steps_on_receipt: 0 });
      expect(await store.db.selectFrom('job_steps').selectAll().execute()).toEqual([]);
      const down = await migrator.migrateTo('2026-12-13T0948_on_my_way');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-13T1100_job_steps',
        'Down',
        'Success',
      ]);
    });
  });
});
