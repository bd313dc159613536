/**
 * The clients migration (docs/decisions/037) on a database that already has bookings and a plan:
 * each person gets one client per business (by e-mail whatever its case, else by phone where one
 * side has no e-mail), with every place they booked at; their bookings and plan are linked; an
 * anonymised booking names nobody and gets none. Its down() takes clients away, up() runs again.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

const CLIENTS = '2026-12-08T0900_clients';

describe.each(storages())('the clients migration on %s', (kind) => {
  it('makes one client per person per business from earlier bookings and plans, and down() takes them back', async () => {
    await atMigration(kind, '2026-12-07T1000_slot_holds', async ({ store, migrator }) => {
      const db = store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const ids = ['shine', 'pools'];
      await insertOwners(store.db, ids);
      await db
        .insertInto('businesses')
        .values(ids.map((id) => businessRow(id)))
        .execute();
      const HOUR = 3_600_000;
      let hour = 8;
      const booking = (
        id: string,
        businessId: string,
        who: Record<string, unknown>,
        extra: Record<string, unknown> = {},
      ) => {
        hour += 1;
        return {
          id,
          business_id: businessId,
          service_name: 'Full Detail',
          duration_min: 60,
          first_name: 'Ada',
          last_name: 'Lovelace',
          customer_email: 'ada@example.com',
          phone_number: '+15551234567',
          customer_address: '5 Ocean Ave, Santa Monica, CA 90401, USA',
          quote_lines: '[]',
          total_cents: 12000,
          status: 'approved',
          day: '2026-12-02',
          start_time: `${hour}:00`,
          end_time: `${hour + 1}:00`,
          start_ms: hour * HOUR,
          end_ms: (hour + 1) * HOUR,
          created_at: hour,
          updated_at: hour,
          ...who,
          ...extra,
        };
      };
      await db
        .insertInto('bookings')
        .values([
          booking('b1', 'shine', {}),
          // The same person: the e-mail in another case, another place.
          booking('b2', 'shine', { customer_email: ' ADA@example.com', customer_address: '9 Main St, Santa Monica' }),
          // Another person sharing the phone, with another e-mail.
          booking('b3', 'shine', { customer_email: 'byron@example.com', first_name: 'Byron' }),
          // Ada at another business: another client.
          booking('b4', 'pools', {}),
          // Erased: names nobody.
          booking('b5', 'shine', {
            customer_email: '',
            phone_number: '',
            first_name: '',
            last_name: '',
            anonymised_at: 5,
          }),
        ])
        .execute();

      const up = await migrator.migrateTo(CLIENTS);
      expect(up.error).toBeUndefined();
      const clients = await db
        .selectFrom('clients')
        .select(['id', 'business_id', 'first_name', 'email_key', 'source', 'search_text'])
        .orderBy('business_id')
        .orderBy('email_key')
        .execute();
      expect(clients.map((c) => [c.business_id, c.first_name, c.email_key, c.source])).toEqual([
        ['pools', 'Ada', 'ada@example.com', 'earlier'],
        ['shine', 'Ada', 'ada@example.com', 'earlier'],
        ['shine', 'Byron', 'byron@example.com', 'earlier'],
      ]);
      expect(clients[1]!.search_text).toContain('9 main st');
      const adaAtShine = clients[1]!.id;
      const bookings = await db.selectFrom('bookings').select(['id', 'client_id']).orderBy('id').execute();
      expect(bookings.map((b) => [b.id, b.client_id])).toEqual([
        ['b1', adaAtShine],
        ['b2', adaAtShine],
        ['b3', clients[2]!.id],
        ['b4', clients[0]!.id],
        ['b5', null],
      ]);
      const places = await db
        .selectFrom('client_addresses')
        .select('address')
        .where('client_id', '=', adaAtShine)
        .execute();
      expect(places).toHaveLength(2);

      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      await expect(db.selectFrom('clients').selectAll().execute()).rejects.toThrow();
      expect(await db.selectFrom('bookings').select('id').execute()).toHaveLength(5);
      await migrateToLatest(store);
      expect(await db.selectFrom('clients').select('id').execute()).toHaveLength(3);
    });
  });
});
