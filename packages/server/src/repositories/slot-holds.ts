/**
 * Times customers hold while they finish booking (docs/decisions/035; the rules:
 * domain/slot-holds.ts). Written inside the business's lock (db/transaction.ts), so two holds of
 * one time, or a hold and a booking, never interleave. A hold past held_until is ignored by every
 * read (calendar.ts busy) and deleted by the next hold of its business, or the daily retention pass.
 */
import type { Kysely, Selectable } from 'kysely';
import { insertRow } from '../db/prepared.ts';
import type { Database, SlotHoldsTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type SlotHoldRow = Selectable<SlotHoldsTable>;

export function slotHoldsRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes a hold for its token: the token's earlier hold (of any business) is let go, and this
     * business's lapsed holds are swept. Only the business's own lapsed rows, which only its lock's
     * holder writes, so two businesses' holds never wait on each other's rows.
     */
    async take(trx: Tx, row: SlotHoldRow): Promise<void> {
      await trx
        .deleteFrom('slot_holds')
        .where((eb) =>
          eb.or([
            eb('token_hash', '=', row.token_hash),
            eb.and([eb('business_id', '=', row.business_id), eb('held_until', '<=', row.created_at)]),
          ]),
        )
        .execute();
      await insertRow(trx, 'slot_holds', row);
    },

    /** How many live holds this connection has with the business, but the one of `exceptToken`. */
    async liveCount(trx: Tx, businessId: string, requester: string, exceptToken: string, now: number): Promise<number> {
      const r = await trx
        .selectFrom('slot_holds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('business_id', '=', businessId)
        .where('requester', '=', requester)
        .where('held_until', '>', now)
        .where('token_hash', '<>', exceptToken)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Lets the token's hold go (Back, another time chosen, or the booking made from it). */
    async release(trx: Tx | Kysely<Database>, tokenHash: string): Promise<void> {
      await trx.deleteFrom('slot_holds').where('token_hash', '=', tokenHash).execute();
    },

    /** The daily retention pass: holds that lapsed before `cutoff`, of businesses nobody held a time of since. */
    async deleteExpired(cutoff: number): Promise<number> {
      const r = await db.deleteFrom('slot_holds').where('held_until', '<', cutoff).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
