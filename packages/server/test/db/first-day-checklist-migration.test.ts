/**
 * The first-day checklist's migration on a database that already has businesses: the onboarded
 * ones get their checklist dismissed (it would be news about a day long past), one still
 * onboarding does not, and sees the list once it finishes.
 */
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow } from './at-migration.ts';

describe.each(storages())('the first-day checklist migration on %s', (kind) => {
  it('dismisses the checklist of businesses already onboarded, and only theirs', async () => {
    await atMigration(kind, '2026-11-26T1900_distance_pricing_switch', async ({ store }) => {
      const rows = [
        businessRow('running', { name: 'Old Shine', niche: 'car-detailing', address: '1, Austin, TX 73301, USA' }),
        businessRow('halfway', { name: 'New Shine', niche: 'car-detailing', address: null }),
      ];
      await store.db
        .insertInto('users')
        .values(
          rows.map((b) => ({
            id: b.owner_id,
            email: `${b.id}@example.com`,
            password_hash: 'x',
            phone_number: '+1 5551234567',
            created_at: 1,
          })),
        )
        .execute();
      await store.db.insertInto('businesses').values(rows).execute();

      const startedAt = Date.now();
      await migrateToLatest(store);
      const marks = await store.db.selectFrom('first_day_checklist').selectAll().execute();
      expect(marks).toHaveLength(1);
      expect(marks[0]).toMatchObject({
        business_id: 'running',
        prices_checked_at: null,
        hours_set_at: null,
        embed_copied_at: null,
      });
      expect(Number(marks[0]?.dismissed_at)).toBeGreaterThanOrEqual(startedAt);
    });
  });
});
