/**
 * The crews migration (docs/decisions/023) on a database that already has businesses with
 * bookings and a plan: each business gets its one "Main crew", and every booking and plan it has
 * is given that crew, so a business with one crew goes on exactly as before. Its down() takes
 * the crews away again, and up() runs again after it.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

const CREWS = '2026-12-01T0900_crews';

describe.each(storages())('the crews migration on %s', (kind) => {
  it('gives each business a Main crew with its bookings and plans, and down() takes it back', async () => {
    await atMigration(kind, '2026-11-30T1000_plan_deposits', async ({ store, migrator }) => {
      // Written as the release before crews did: the typed schema already has crew_id.
      const db = store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const ids = ['shine', 'pools'];
      await insertOwners(store.db, ids);
      await db
        .insertInto('businesses')
        .values(ids.map((id) => businessRow(id)))
        .execute();
      const customer = {
        service_name: 'Full Detail',
        duration_min: 60,
        first_name: 'Ada',
        last_name: 'Lovelace',
        customer_email: 'ada@example.com',
        phone_number: '+15551234567',
        quote_lines: '[]',
        created_at: 1,
        updated_at: 1,
      };
      const HOUR = 3_600_000;
      const booking = (id: string, businessId: string, hour: number, status: string, planId: string | null = null) => ({
        ...customer,
        id,
        business_id: businessId,
        total_cents: 12000,
        status,
        day: '2026-12-02',
        start_time: `${hour}:00`,
        end_time: `${hour + 1}:00`,
        start_ms: hour * HOUR,
        end_ms: (hour + 1) * HOUR,
        plan_id: planId,
        plan_day: planId ? '2026-12-02' : null,
      });
      await db
        .insertInto('plans')
        .values({
          ...customer,
          id: 'weekly',
          business_id: 'shine',
          frequency: 'weekly',
          rrule: 'FREQ=WEEKLY',
          start_day: '2026-12-02',
          start_time: '12:00',
          price_cents: 10800,
          status: 'active',
          booked_through: '2026-12-30',
        })
        .execute();
      await db
        .insertInto('bookings')
        .values([
          booking('b1', 'shine', 10, 'approved'),
          booking('b2', 'shine', 12, 'pending', 'weekly'),
          booking('b3', 'shine', 10, 'cancelled'),
          // The other business at the same time: two calendars, as before.
          booking('b4', 'pools', 10, 'pending'),
        ])
        .execute();

      const up = await migrator.migrateTo(CREWS);
      expect(up.error).toBeUndefined();
      const crews = await db.selectFrom('crews').selectAll().orderBy('business_id').execute();
      expect(crews).toEqual([
        expect.objectContaining({ business_id: 'pools', name: 'Main crew', color: '#0f766e', hours: null }),
        expect.objectContaining({ business_id: 'shine', name: 'Main crew', color: '#0f766e', hours: null }),
      ]);
      expect(Number(crews[0]?.active)).toBe(1);
      const crewOf = Object.fromEntries(crews.map((c) => [c.business_id, c.id]));
      const bookings = await db.selectFrom('bookings').select(['id', 'crew_id']).orderBy('id').execute();
      expect(bookings).toEqual([
        { id: 'b1', crew_id: crewOf.shine },
        { id: 'b2', crew_id: crewOf.shine },
        { id: 'b3', crew_id: crewOf.shine },
        { id: 'b4', crew_id: crewOf.pools },
      ]);
      expect(await db.selectFrom('plans').select(['id', 'crew_id']).execute()).toEqual([
        { id: 'weekly', crew_id: crewOf.shine },
      ]);
      // The guard now keys on the crew: the Main crew is still one calendar.
      await expect(
        db
          .insertInto('bookings')
          .values({ ...booking('b5', 'shine', 10, 'pending'), crew_id: crewOf.shine })
          .execute(),
      ).rejects.toThrow(/overlap/);

      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results).toEqual([{ migrationName: CREWS, direction: 'Down', status: 'Success' }]);
      await expect(db.selectFrom('crews').selectAll().execute()).rejects.toThrow();
      // The bookings stay, without crews; the guard is the business's again.
      expect(await db.selectFrom('bookings').select('id').orderBy('id').execute()).toHaveLength(4);
      await expect(
        db
          .insertInto('bookings')
          .values(booking('b5', 'shine', 10, 'pending'))
          .execute(),
      ).rejects.toThrow(/overlap/);

      await migrateToLatest(store);
      const again = await db.selectFrom('bookings').select('crew_id').distinct().execute();
      expect(again).toHaveLength(2);
    });
  });
});
