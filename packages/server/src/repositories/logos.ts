/** Business logos (migration 2026-11-28T1200_branding): one row per business that has one. */
import type { Kysely, Selectable } from 'kysely';
import type { BusinessLogosTable, Database } from '../db/schema.ts';

export type LogoRow = Selectable<BusinessLogosTable>;

export function logosRepository(db: Kysely<Database>) {
  return {
    find(businessId: string): Promise<LogoRow | undefined> {
      return db.selectFrom('business_logos').selectAll().where('business_id', '=', businessId).executeTakeFirst();
    },
    /** The row when `hash` is still the business's logo (an old URL answers 404 once replaced). */
    findByHash(businessId: string, hash: string): Promise<LogoRow | undefined> {
      return db
        .selectFrom('business_logos')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('hash', '=', hash)
        .executeTakeFirst();
    },
    async save(row: LogoRow): Promise<void> {
      await db
        .insertInto('business_logos')
        .values(row)
        .onConflict((oc) =>
          oc.column('business_id').doUpdateSet({
            content_type: row.content_type,
            data_base64: row.data_base64,
            hash: row.hash,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },
    async remove(businessId: string): Promise<void> {
      await db.deleteFrom('business_logos').where('business_id', '=', businessId).execute();
    },
  };
}
