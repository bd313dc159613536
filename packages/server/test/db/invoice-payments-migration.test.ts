/**
 * Migration 2026-12-10T0900_invoice_payments (docs/decisions/045) on either engine: businesses
 * that exist get the default tip presets, the database itself refuses a payment of nothing or a
 * method it does not know, a session is recorded once, and the migration goes down and up again.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

const BEFORE = '2026-12-09T0900_invoices';
const THIS = '2026-12-10T0900_invoice_payments';

type Rows = Kysely<Record<string, Record<string, unknown>>>;

describe.each(storages())('migration %s', (kind) => {
  it('gives existing businesses 15, 20, 25 % tips, holds payments to their rules, and reverses', async () => {
    await atMigration(kind, BEFORE, async ({ store, migrator }) => {
      const db = store.db as unknown as Rows;
      await insertOwners(store.db, ['b1']);
      await db.insertInto('businesses').values(businessRow('b1')).execute();
      await db
        .insertInto('bookings')
        .values({
          id: 'k1',
          business_id: 'b1',
          service_name: 'Full Detail',
          duration_min: 60,
          first_name: 'Ada',
          last_name: 'L',
          customer_email: 'ada@example.com',
          phone_number: '',
          customer_address: '',
          total_cents: 10_000,
          quote_lines: '[]',
          status: 'completed',
          day: '2027-01-04',
          start_time: '10:00',
          end_time: '11:00',
          start_ms: 1,
          end_ms: 2,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      await db
        .insertInto('invoices')
        .values({
          id: 'i1',
          business_id: 'b1',
          booking_id: 'k1',
          number: 1,
          state: 'open',
          tax_name: '',
          tax_rate: 0,
          lines_cents: 10_000,
          taxable_cents: 0,
          tax_cents: 0,
          discount_limit_cents: 0,
          total_cents: 10_000,
          deposit_cents: 0,
          issued_at: 1,
        })
        .execute();

      const up = await migrator.migrateTo(THIS);
      expect(up.error).toBeUndefined();
      const business = await db.selectFrom('businesses').select('tip_presets').executeTakeFirstOrThrow();
      expect(JSON.parse(String(business.tip_presets))).toEqual([15, 20, 25]);
      const payment = (over: Record<string, unknown>) =>
        db
          .insertInto('invoice_payments')
          .values({
            id: `p-${Math.random()}`,
            invoice_id: 'i1',
            business_id: 'b1',
            method: 'cash',
            amount_cents: 100,
            tip_cents: 0,
            created_at: 1,
            ...over,
          })
          .execute();
      await payment({ method: 'card', session_id: 'cs_1' });
      await expect(payment({ amount_cents: 0 })).rejects.toThrow();
      await expect(payment({ tip_cents: -1 })).rejects.toThrow();
      await expect(payment({ method: 'barter' })).rejects.toThrow();
      await expect(payment({ method: 'card', session_id: 'cs_1' })).rejects.toThrow();

      await db.deleteFrom('invoice_payments').execute();
      const down = await migrator.migrateTo(BEFORE);
      expect(down.error).toBeUndefined();
      const again = await migrator.migrateTo(THIS);
      expect(again.error).toBeUndefined();
      await payment({ method: 'check', note: 'Check #1' });
      expect(await db.selectFrom('invoice_payments').select('method').execute()).toEqual([{ method: 'check' }]);
    });
  });
});
