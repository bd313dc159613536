/**
 * Cards on file and their charges (docs/decisions/046): one card per client of a business, saved
 * from a signed webhook; the off-session charge queue, claimed with a lease as refunds are.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CardChargesTable, Database, SavedCardsTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { claimLeased } from './queue-lease.ts';

export type SavedCardRow = Selectable<SavedCardsTable>;
export type CardChargeRow = Selectable<CardChargesTable>;

export function savedCardsRepository(db: Kysely<Database>) {
  return {
    of(businessId: string, clientId: string, from: Tx = db): Promise<SavedCardRow | undefined> {
      return from
        .selectFrom('saved_cards')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },
    /** A newer consent replaces the client's card. */
    async save(trx: Tx, row: SavedCardRow): Promise<void> {
      const { business_id: _b, client_id: _c, ...rest } = row;
      await trx
        .insertInto('saved_cards')
        .values(row)
        .onConflict((oc) => oc.columns(['business_id', 'client_id']).doUpdateSet(rest))
        .execute();
    },
    /** Answers whether a card was removed. */
    async remove(trx: Tx, businessId: string, clientId: string): Promise<boolean> {
      const r = await trx
        .deleteFrom('saved_cards')
        .where('business_id', '=', businessId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Queues a charge in the transaction that issued its invoice; false when the same charge was queued before. */
    async queueCharge(trx: Tx, row: Insertable<CardChargesTable>): Promise<boolean> {
      const r = await trx
        .insertInto('card_charges')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    charge(id: string, from: Tx = db): Promise<CardChargeRow | undefined> {
      return from.selectFrom('card_charges').selectAll().where('id', '=', id).executeTakeFirst();
    },
    chargesOf(invoiceId: string, from: Tx = db): Promise<CardChargeRow[]> {
      return from
        .selectFrom('card_charges')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .orderBy('created_at')
        .execute();
    },
    /** Due charges, each leased to one instance (repositories/queue-lease.ts). */
    claimDue(now: number, leaseMs: number, limit: number): Promise<CardChargeRow[]> {
      return claimLeased(db, 'card_charges', now, leaseMs, limit);
    },
    async retry(id: string, why: string, at: number): Promise<void> {
      await db.updateTable('card_charges').set({ last_error: why, next_attempt_at: at }).where('id', '=', id).execute();
    },
    /**
     * Moves a charge on from one of `from`; answers whether this call moved it, so what follows a
     * move (the decline's mails) happens once, whichever of the worker and the webhook comes first.
     */
    async move(
      trx: Tx,
      id: string,
      from: CardChargeRow['status'][],
      to: CardChargeRow['status'],
      set: { payment_intent?: string | null; last_error?: string | null },
      now: number,
    ): Promise<boolean> {
      const r = await trx
        .updateTable('card_charges')
        .set({ ...set, status: to, done_at: to === 'sent' ? null : now })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
