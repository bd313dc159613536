import type { AvailabilityEntry } from '@slotwise/shared/api';
import { defaultBusinessHours } from '@slotwise/shared/domain';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

// Every booking and move reads the week's hours (db/prepared.ts).
const weekOf = prepared(['businessId'], (db, v: { businessId: string }) =>
  db.selectFrom('availability').selectAll().where('business_id', '=', v.businessId),
);

export function availabilityRepository(db: Kysely<Database>) {
  return {
    /** Seven entries, Monday..Sunday; days never stored take the defaults (docs/product.md#business-hours). */
    async forBusiness(businessId: string, from: Tx = db): Promise<AvailabilityEntry[]> {
      const rows = await weekOf(from, { businessId });
      const stored = new Map(rows.map((r) => [r.day, r]));
      return defaultBusinessHours().map((d) => {
        const row = stored.get(d.day);
        return row ? { day: d.day, startTime: row.start_time, endTime: row.end_time } : d;
      });
    },
    /** Upserts the given days; days not given keep what they had. */
    async save(trx: Tx, businessId: string, entries: AvailabilityEntry[]): Promise<void> {
      for (const e of entries) {
        await trx
          .insertInto('availability')
          .values({ business_id: businessId, day: e.day, start_time: e.startTime, end_time: e.endTime })
          .onConflict((oc) =>
            oc.columns(['business_id', 'day']).doUpdateSet({ start_time: e.startTime, end_time: e.endTime }),
          )
          .execute();
      }
    },
  };
}
