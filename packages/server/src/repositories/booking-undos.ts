/**
 * The owner's changes still open to undo (docs/decisions/014; the rules: domain/undo-window.ts).
 * Written and read inside the business's lock (db/transaction.ts), so an undo and the change
 * it takes back, or two undos of one token, never interleave.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import { insertRow } from '../db/prepared.ts';
import type { BookingUndosTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type BookingUndoRow = Selectable<BookingUndosTable>;

export function bookingUndosRepository(db: Kysely<Database>) {
  return {
    /**
     * Records a change, and deletes this business's records whose time has passed: they can
     * only be refused now. Only the business's own rows, which only its lock's holder writes,
     * so two businesses' changes never wait on each other's rows.
     */
    async insert(trx: Tx, row: Insertable<BookingUndosTable>): Promise<void> {
      await trx
        .deleteFrom('booking_undos')
        .where('business_id', '=', row.business_id)
        .where('expires_at', '<=', row.created_at)
        .execute();
      await insertRow(trx, 'booking_undos', row);
    },
    /** The record of a token's hash, if it is this business's. */
    find(trx: Tx, businessId: string, tokenHash: string): Promise<BookingUndoRow | undefined> {
      return trx
        .selectFrom('booking_undos')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('business_id', '=', businessId)
        .executeTakeFirst();
    },
    /** An undo works once. */
    async remove(trx: Tx, tokenHash: string): Promise<void> {
      await trx.deleteFrom('booking_undos').where('token_hash', '=', tokenHash).execute();
    },
    /**
     * The daily retention pass: records that expired before `cutoff`, left by businesses that
     * have not declined or moved anything since (the others' next change deletes theirs).
     */
    async deleteExpired(cutoff: number): Promise<number> {
      const r = await db.deleteFrom('booking_undos').where('expires_at', '<', cutoff).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
