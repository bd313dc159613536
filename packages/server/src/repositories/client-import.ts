/**
 * The client import's reads and writes (issue 42; docs/product.md#bringing-your-clients): every
 * client's keys, to tell which rows of a file are clients already, and the new clients written in
 * batches inside the caller's transaction; and every client with its places for the export.
 */
import type { Insertable, Kysely } from 'kysely';
import { insertRows } from '../db/prepared.ts';
import type { ClientAddressesTable, ClientsTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/** What the matching rule (shared/src/client-match.ts) reads of an existing client. */
export interface ClientKeys {
  id: string;
  first_name: string;
  last_name: string;
  email_key: string;
  phone: string;
}

/** The largest insert: 128 clients of 16 columns are 2,048 parameters, far below either database's limit. */
const BATCH = 128;

/**
 * Rows in batches of BATCH, the rest in batches of powers of two: every insert then has one of
 * eight shapes, so the statements insertRows compiles and keeps (db/prepared.ts) stay few.
 */
function batchesOf<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  let at = 0;
  for (let size = BATCH; size >= 1; size /= 2)
    while (rows.length - at >= size) {
      out.push(rows.slice(at, at + size));
      at += size;
      if (size < BATCH) break;
    }
  return out;
}

export function clientImportRepository(db: Kysely<Database>) {
  return {
    /** Every client of the business (anonymised ones name nobody), oldest first as findByContact orders them. */
    async keysOf(trx: Tx, businessId: string): Promise<ClientKeys[]> {
      return trx
        .selectFrom('clients')
        .select(['id', 'first_name', 'last_name', 'email_key', 'phone'])
        .where('business_id', '=', businessId)
        .where('anonymised_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** New clients and their places, in batches, inside the caller's transaction. */
    async insert(
      trx: Tx,
      clients: readonly Insertable<ClientsTable>[],
      places: readonly Insertable<ClientAddressesTable>[],
    ): Promise<void> {
      for (const batch of batchesOf(clients)) await insertRows(trx, 'clients', batch);
      for (const batch of batchesOf(places)) await insertRows(trx, 'client_addresses', batch);
    },

    /** Every place of the business's clients, most recently used first, for the export. */
    async placesOf(businessId: string): Promise<{ client_id: string; address: string }[]> {
      return db
        .selectFrom('client_addresses')
        .select(['client_id', 'address'])
        .where('business_id', '=', businessId)
        .orderBy('client_id')
        .orderBy('last_used_at', 'desc')
        .execute();
    },
  };
}
