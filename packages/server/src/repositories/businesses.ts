import type { BusinessProfile } from '@slotwise/shared/api';
import type { Kysely, Selectable, Updateable } from 'kysely';
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

export function businessesRepository(db: Kysely<Database>) {
  return {
    findByOwner(ownerId: string): Promise<Business | undefined> {
      return db.selectFrom('businesses').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
    },
    findById(id: string, from: Tx = db): Promise<Business | undefined> {
      return from.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
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
