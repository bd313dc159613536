import type { BusinessProfile } from '@slotwise/shared/api';
import type { Kysely } from 'kysely';
import type { BusinessesTable, Database } from '../db/schema.ts';

export type Business = Omit<BusinessesTable, 'price_per_mile_cents'> & { price_per_mile_cents: number };

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
    findById(id: string): Promise<Business | undefined> {
      return db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async update(id: string, changes: Partial<Omit<Business, 'id' | 'owner_id' | 'created_at'>>): Promise<Business> {
      return db
        .updateTable('businesses')
        .set({ ...changes, updated_at: Date.now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
