/**
 * Idempotency keys of booking creation (docs/architecture.md#the-booking-path): the first answer to a
 * key is stored in the same transaction as the booking it made and replayed for 24
 * hours to a retry with the same body. Only successful answers are stored, so a
 * refused attempt (slot taken, bad field) is simply evaluated again when retried.
 */
import type { Kysely } from 'kysely';
import { insertRow, prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

// Every booking runs these (db/prepared.ts).
const findLive = prepared(['key', 'after'], (db, v: { key: string; after: number }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('key', '=', v.key)
    .where('created_at', '>', v.after),
);
const deleteExpired = prepared(['key', 'notAfter'], (db, v: { key: string; notAfter: number }) =>
  db.deleteFrom('idempotency_keys').where('key', '=', v.key).where('created_at', '<=', v.notAfter),
);

export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  body: unknown;
}

export function idempotencyRepository(db: Kysely<Database>) {
  return {
    /** The stored answer for a key, unless it is older than 24 hours. */
    async find(key: string, now: number, from: Tx = db): Promise<StoredAnswer | null> {
      const [row] = await findLive(from, { key, after: now - IDEMPOTENCY_TTL_MS });
      return row
        ? { requestHash: row.request_hash, statusCode: row.status_code, body: JSON.parse(row.response_body) }
        : null;
    },
    /** Stores an answer; an expired row with the same key gives way. */
    async save(
      trx: Tx,
      entry: { key: string; businessId: string; requestHash: string; statusCode: number; body: unknown },
      now: number,
    ): Promise<void> {
      await deleteExpired(trx, { key: entry.key, notAfter: now - IDEMPOTENCY_TTL_MS });
      await insertRow(trx, 'idempotency_keys', {
        key: entry.key,
        business_id: entry.businessId,
        request_hash: entry.requestHash,
        status_code: entry.statusCode,
        response_body: JSON.stringify(entry.body),
        created_at: now,
      });
    },
    /** Drops expired keys; safe on every instance at once. */
    async sweep(now: number): Promise<number> {
      const r = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<=', now - IDEMPOTENCY_TTL_MS)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
