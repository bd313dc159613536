import type { BusinessProfile } from '@slotwise/shared/api';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { BusinessesTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type Business = Selectable<BusinessesTable>;

export function toProfile(b: Business): BusinessProfile {
  return {
    businessId: b.id,
    name: b.name,
    niche: b.niche,
    address: b.address,
    timeZone: b.time_zone,
    onboarded: Boolean(b.name && b.niche && b.address),
  };
}

// Every quote and booking reads the business first (db/prepared.ts).
const byId = prepared(['id'], (db, v: { id: string }) =>
  db.selectFrom('businesses').selectAll().where('id', '=', v.id),
);

export function businessesRepository(db: Kysely<Database>) {
  return {
    findByOwner(ownerId: string): Promise<Business | undefined> {
      return db.selectFrom('businesses').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
    },
    async findById(id: string, from: Tx = db): Promise<Business | undefined> {
      const [row] = await byId(from, { id });
      return row;
    },
    async update(
      id: string,
      changes: Omit<Updateable<BusinessesTable>, 'id' | 'owner_id' | 'created_at'>,
      from: Tx = db,
    ): Promise<Business> {
      return from
        .updateTable('businesses')
        .set({ ...changes, updated_at: Date.now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
