import type { Kysely } from 'kysely';
import type { Database, FirstDayChecklistTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/** A mark on the first-day checklist (docs/product.md#the-first-day-checklist). */
export type ChecklistMark = Exclude<keyof FirstDayChecklistTable, 'business_id'>;

export function checklistRepository(db: Kysely<Database>) {
  return {
    /** The business's marks; undefined when none was ever made. */
    find(businessId: string): Promise<FirstDayChecklistTable | undefined> {
      return db.selectFrom('first_day_checklist').selectAll().where('business_id', '=', businessId).executeTakeFirst();
    },
    /** Records a mark the first time it is made; later ones keep that first time and write nothing. */
    async mark(businessId: string, mark: ChecklistMark, now: number, from: Tx = db): Promise<void> {
      await from
        .insertInto('first_day_checklist')
        .values({ business_id: businessId, [mark]: now })
        .onConflict((oc) =>
          oc
            .column('business_id')
            .doUpdateSet({ [mark]: now })
            .where(`first_day_checklist.${mark}`, 'is', null),
        )
        .execute();
    },
  };
}
