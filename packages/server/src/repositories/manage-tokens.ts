/**
 * The customer's manage token for each booking (docs/architecture.md#the-booking-path). Only the
 * token's hash is stored (domain/manage-token.ts); a link's token is found by hashing it.
 */
import type { Kysely, Selectable } from 'kysely';
import { insertRow } from '../db/prepared.ts';
import type { BookingsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export function manageTokensRepository(db: Kysely<Database>) {
  return {
    async save(trx: Tx, bookingId: string, tokenHash: string, now: number): Promise<void> {
      await insertRow(trx, 'manage_tokens', { booking_id: bookingId, token_hash: tokenHash, created_at: now });
    },
    /** The booking a token's hash belongs to, whatever its status; the caller decides if the link still works. */
    findBooking(tokenHash: string, from: Tx = db): Promise<Selectable<BookingsTable> | undefined> {
      return from
        .selectFrom('manage_tokens')
        .innerJoin('bookings', 'bookings.id', 'manage_tokens.booking_id')
        .selectAll('bookings')
        .where('manage_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
  };
}
