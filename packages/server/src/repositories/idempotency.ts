/**
 * Idempotency keys of booking creation (docs/architecture.md#the-booking-path): the first answer to a
 * key is stored in the same transaction as the booking it made and replayed for 24
 * hours to a retry with the same body. Only successful answers are stored, so a
 * refused attempt (slot taken, bad field) is simply evaluated again when retried.
 */
import type { Kysely } from 'kysely';
import { DuplicateKey } from '../db/errors.ts';
import { prepared } from '../db/prepared.ts';
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
/**
 * Stores a key's answer in one statement: a new key, or one whose answer expired (it takes the
 * old row's place). A live key of another request answers no row: the caller reports it as
 * the unique violation it is (db/errors.ts DuplicateKey).
 */
const upsert = prepared(
  ['key', 'businessId', 'requestHash', 'statusCode', 'body', 'now', 'notAfter'],
  (
    db,
    v: {
      key: string;
      businessId: string;
      requestHash: string;
      statusCode: number;
      body: string;
      now: number;
      notAfter: number;
    },
  ) =>
    db
      .insertInto('idempotency_keys')
      .values({
        key: v.key,
        business_id: v.businessId,
        request_hash: v.requestHash,
        status_code: v.statusCode,
        response_body: v.body,
        created_at: v.now,
      })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet((eb) => ({
            business_id: eb.ref('excluded.business_id'),
            request_hash: eb.ref('excluded.request_hash'),
            status_code: eb.ref('excluded.status_code'),
            response_body: eb.ref('excluded.response_body'),
            created_at: eb.ref('excluded.created_at'),
          }))
          .where('idempotency_keys.created_at', '<=', v.notAfter),
      )
      .returning('key'),
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
      const stored = await upsert(trx, {
        key: entry.key,
        businessId: entry.businessId,
        requestHash: entry.requestHash,
        statusCode: entry.statusCode,
        body: JSON.stringify(entry.body),
        now,
        notAfter: now - IDEMPOTENCY_TTL_MS,
      });
      if (stored.length === 0) throw new DuplicateKey('idempotency_keys', entry.key);
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
