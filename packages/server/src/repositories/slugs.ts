/** The booking pages' slugs: each business's current one and those it had before (decision 018). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import type { Business } from './businesses.ts';

export function slugsRepository(db: Kysely<Database>) {
  return {
    /** The business a slug names: current (its page) or previous (a redirect to `business.slug`). */
    async find(slug: string): Promise<{ business: Business; current: boolean } | null> {
      const now = await db.selectFrom('businesses').selectAll().where('slug', '=', slug).executeTakeFirst();
      if (now) return { business: now, current: true };
      const before = await db
        .selectFrom('previous_slugs')
        .innerJoin('businesses', 'businesses.id', 'previous_slugs.business_id')
        .selectAll('businesses')
        .where('previous_slugs.slug', '=', slug)
        .executeTakeFirst();
      return before ? { business: before, current: false } : null;
    },
    /** Whether another business holds the slug, now or before. */
    async takenByOther(slug: string, businessId: string, from: Tx = db): Promise<boolean> {
      const [now, before] = await Promise.all([
        from
          .selectFrom('businesses')
          .select('id')
          .where('slug', '=', slug)
          .where('id', '!=', businessId)
          .executeTakeFirst(),
        from
          .selectFrom('previous_slugs')
          .select('slug')
          .where('slug', '=', slug)
          .where('business_id', '!=', businessId)
          .executeTakeFirst(),
      ]);
      return Boolean(now || before);
    },
    /** Makes `slug` current; the old one, if any, keeps redirecting. Taking back an old slug of one's own is allowed. */
    async change(trx: Tx, businessId: string, old: string | null, slug: string, now: number): Promise<void> {
      await trx.deleteFrom('previous_slugs').where('slug', '=', slug).where('business_id', '=', businessId).execute();
      await trx.updateTable('businesses').set({ slug, updated_at: now }).where('id', '=', businessId).execute();
      if (old && old !== slug)
        await trx
          .insertInto('previous_slugs')
          .values({ slug: old, business_id: businessId, created_at: now })
          .execute();
    },
  };
}
