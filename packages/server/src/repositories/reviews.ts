/**
 * Review requests (docs/decisions/027): one row per booking (its primary key: never two), made in
 * the transaction that marks the booking requested and queues the mail and text. The link's token
 * is kept as a hash, like a reset link's.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export function reviewsRepository(db: Kysely<Database>) {
  return {
    /**
     * Completed bookings whose review request is due: completed at least `delayHours` (the
     * business's) ago, never requested, with a customer left to ask (not erased).
     */
    due(now: number, limit: number) {
      return db
        .selectFrom('bookings')
        .innerJoin('businesses', 'businesses.id', 'bookings.business_id')
        .select(['bookings.id', 'bookings.business_id', 'bookings.completed_at', 'businesses.review_delay_hours'])
        .where('bookings.status', '=', 'completed')
        .where('bookings.review_requested_at', 'is', null)
        .where('bookings.completed_at', 'is not', null)
        .where('bookings.anonymised_at', 'is', null)
        .where('businesses.review_delay_hours', 'is not', null)
        .where((eb) =>
          eb(
            'bookings.completed_at',
            '<=',
            // Cast: PostgreSQL would otherwise type the parameters as integer, too small for epoch milliseconds.
            eb(
              eb.cast<number>(eb.val(now), 'bigint'),
              '-',
              eb('businesses.review_delay_hours', '*', eb.cast<number>(eb.val(3_600_000), 'bigint')),
            ),
          ),
        )
        .orderBy('bookings.completed_at')
        .limit(limit)
        .execute();
    },
    /** Marks the booking requested, only if no instance did: true for the one instance that goes on. */
    async claim(trx: Tx, bookingId: string, now: number): Promise<boolean> {
      const r = await trx
        .updateTable('bookings')
        .set({ review_requested_at: now })
        .where('id', '=', bookingId)
        .where('review_requested_at', 'is', null)
        .where('status', '=', 'completed')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async create(trx: Tx, row: { booking_id: string; business_id: string; token_hash: string; created_at: number }) {
      await trx.insertInto('reviews').values(row).execute();
    },
    byTokenHash(tokenHash: string) {
      return db
        .selectFrom('reviews')
        .innerJoin('bookings', 'bookings.id', 'reviews.booking_id')
        .innerJoin('businesses', 'businesses.id', 'reviews.business_id')
        .select([
          'reviews.booking_id',
          'reviews.business_id',
          'reviews.rating',
          'reviews.comment',
          'bookings.first_name',
          'bookings.service_name',
          'businesses.name as business_name',
          'businesses.review_url',
        ])
        .where('reviews.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    async rate(bookingId: string, rating: number, now: number): Promise<void> {
      await db.updateTable('reviews').set({ rating, rated_at: now }).where('booking_id', '=', bookingId).execute();
    },
    async comment(bookingId: string, comment: string, now: number): Promise<void> {
      await db.updateTable('reviews').set({ comment, rated_at: now }).where('booking_id', '=', bookingId).execute();
    },
    /** The average of every rating, how many, and the latest rated ones with the customer's first name. */
    async overview(businessId: string, recent = 5) {
      const totals = await db
        .selectFrom('reviews')
        .select((eb) => [
          eb.fn.avg<number | string>('rating').as('average'),
          eb.fn.count<number | string>('rating').as('n'),
        ])
        .where('business_id', '=', businessId)
        .where('rating', 'is not', null)
        .executeTakeFirstOrThrow();
      const latest = await db
        .selectFrom('reviews')
        .innerJoin('bookings', 'bookings.id', 'reviews.booking_id')
        .select([
          'reviews.rating',
          'reviews.comment',
          'reviews.rated_at',
          'bookings.first_name',
          'bookings.service_name',
          'bookings.day',
        ])
        .where('reviews.business_id', '=', businessId)
        .where('reviews.rating', 'is not', null)
        .orderBy('reviews.rated_at', 'desc')
        .limit(recent)
        .execute();
      return { average: totals.average === null ? null : Number(totals.average), count: Number(totals.n), latest };
    },
  };
}
