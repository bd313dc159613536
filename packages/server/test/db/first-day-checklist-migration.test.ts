/**
 * The first-day checklist's migration on a database that already has businesses: the onboarded
 * ones get their checklist dismissed (it would be news about a day long past), one still
 * onboarding does not, and sees the list once it finishes.
 */
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

describe.each(storages())('the first-day checklist migration on %s', (kind) => {
  it('dismisses the checklist of businesses already onboarded, and only theirs', async () => {
    const scratch = await scratchDatabase(kind);
    const store = openDatabase(scratch.url);
    try {
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('2026-11-26T1900_distance_pricing_switch');
      expect(before.error).toBeUndefined();

      const business = (id: string, fields: { name: string | null; niche: string | null; address: string | null }) => ({
        id,
        owner_id: `owner-${id}`,
        ...fields,
        lat: null,
        lng: null,
        time_zone: 'America/New_York',
        created_at: 1,
        updated_at: 1,
      });
      const rows = [
        business('running', { name: 'Old Shine', niche: 'car-detailing', address: '1, Austin, TX 73301, USA' }),
        business('halfway', { name: 'New Shine', niche: 'car-detailing', address: null }),
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
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});
