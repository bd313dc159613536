/**
 * Photos' rows and the photo store's queue of deletions (docs/decisions/053). The rules (who may
 * see or add which photo, limits, the claim) are in domain/photos.ts; the bytes are in the photo
 * store (photos/store.ts). A row is deleted only with its object's key queued in photo_removals in
 * the same transaction, so the store is told after commit and no object outlives its row.
 */
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, PhotosTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type PhotoRow = Selectable<PhotosTable>;

export function photosRepository(db: Kysely<Database>) {
  /** Queues the objects of the rows `where` picks and deletes the rows, in the caller's transaction. */
  async function removeWhere(trx: Tx, keys: string[], now: number): Promise<number> {
    if (keys.length === 0) return 0;
    await trx
      .insertInto('photo_removals')
      .values(keys.map((storage_key) => ({ storage_key, due_at: now })))
      .onConflict((oc) => oc.column('storage_key').doUpdateSet({ due_at: now }))
      .execute();
    const r = await trx.deleteFrom('photos').where('storage_key', 'in', keys).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  return {
    /** A booking's photos, oldest first. */
    ofBooking(businessId: string, bookingId: string, from: Tx = db): Promise<PhotoRow[]> {
      return from
        .selectFrom('photos')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('booking_id', '=', bookingId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** One photo of a business's booking (an unclaimed one is nobody's to read). */
    find(businessId: string, photoId: string): Promise<PhotoRow | undefined> {
      return db
        .selectFrom('photos')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('id', '=', photoId)
        .where('booking_id', 'is not', null)
        .executeTakeFirst();
    },

    /** One photo of this booking. */
    findOfBooking(bookingId: string, photoId: string): Promise<PhotoRow | undefined> {
      return db
        .selectFrom('photos')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .where('id', '=', photoId)
        .executeTakeFirst();
    },

    /**
     * Queues a key, due at `dueAt`, before its object is written: if the process dies between the
     * write and the row, the sweep deletes the object then; the row's insert takes the key off the
     * queue (`insert`).
     */
    async expect(storageKey: string, dueAt: number): Promise<void> {
      await db.insertInto('photo_removals').values({ storage_key: storageKey, due_at: dueAt }).execute();
    },

    /**
     * How many photos a booking has, and when the latest was added; with null, the business's
     * unclaimed photos.
     */
    async count(trx: Tx, businessId: string, bookingId: string | null): Promise<{ n: number; latest: number }> {
      const r = await trx
        .selectFrom('photos')
        .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(created_at)`.as('latest')])
        .where('business_id', '=', businessId)
        .where('booking_id', bookingId === null ? 'is' : '=', bookingId)
        .executeTakeFirstOrThrow();
      return { n: Number(r.n), latest: Number(r.latest ?? 0) };
    },

    /** Adds the row and takes its key off the removal queue (`expect`), in the caller's transaction. */
    async insert(trx: Tx, row: PhotoRow): Promise<void> {
      await trx.insertInto('photos').values(row).execute();
      await trx.deleteFrom('photo_removals').where('storage_key', '=', row.storage_key).execute();
    },

    /** Deletes one photo's row and queues its object. */
    async remove(trx: Tx, photo: Pick<PhotoRow, 'storage_key'>, now: number): Promise<void> {
      await removeWhere(trx, [photo.storage_key], now);
    },

    /** Deletes these bookings' photos (erasure, retention) and queues their objects; counts them. */
    async removeOfBookings(trx: Tx, bookingIds: readonly string[], now: number): Promise<number> {
      if (bookingIds.length === 0) return 0;
      const rows = await trx.selectFrom('photos').select('storage_key').where('booking_id', 'in', bookingIds).execute();
      return removeWhere(
        trx,
        rows.map((r) => r.storage_key),
        now,
      );
    },

    /** Deletes every photo of a business (its deletion) and queues their objects. */
    async removeOfBusiness(trx: Tx, businessId: string, now: number): Promise<number> {
      const rows = await trx.selectFrom('photos').select('storage_key').where('business_id', '=', businessId).execute();
      return removeWhere(
        trx,
        rows.map((r) => r.storage_key),
        now,
      );
    },

    /** How many of these tokens' photos a booking of this business could claim now. */
    async claimable(businessId: string, claimHashes: readonly string[], since: number): Promise<number> {
      if (claimHashes.length === 0) return 0;
      const r = await db
        .selectFrom('photos')
        .select(sql<number>`count(*)`.as('n'))
        .where('business_id', '=', businessId)
        .where('booking_id', 'is', null)
        .where('claim_hash', 'in', claimHashes)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** The booking takes its customer's photos: each token's photo, of this business, not lapsed. */
    async claim(trx: Tx, businessId: string, bookingId: string, claimHashes: readonly string[], since: number) {
      if (claimHashes.length === 0) return;
      await trx
        .updateTable('photos')
        .set({ booking_id: bookingId, claim_hash: null })
        .where('business_id', '=', businessId)
        .where('booking_id', 'is', null)
        .where('claim_hash', 'in', claimHashes)
        .where('created_at', '>=', since)
        .execute();
    },

    /** Up to `limit` unclaimed photos sent before `before`: their tokens have lapsed. */
    async lapsedKeys(before: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('photos')
        .select('storage_key')
        .where('booking_id', 'is', null)
        .where('created_at', '<', before)
        .limit(limit)
        .execute();
      return rows.map((r) => r.storage_key);
    },

    /** Deletes lapsed unclaimed photos' rows (still unclaimed: a claim in between keeps its photo). */
    async removeLapsed(trx: Tx, keys: string[], before: number, now: number): Promise<number> {
      if (keys.length === 0) return 0;
      const still = await trx
        .selectFrom('photos')
        .select('storage_key')
        .where('storage_key', 'in', keys)
        .where('booking_id', 'is', null)
        .where('created_at', '<', before)
        .execute();
      return removeWhere(
        trx,
        still.map((r) => r.storage_key),
        now,
      );
    },

    /** Keys whose objects are due to be deleted from the store at `now`, oldest first. */
    async dueRemovals(now: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('photo_removals')
        .select('storage_key')
        .where('due_at', '<=', now)
        .orderBy('due_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.storage_key);
    },

    /** The store no longer has these objects: off the queue. */
    async removed(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('photo_removals').where('storage_key', 'in', keys).execute();
    },
  };
}
