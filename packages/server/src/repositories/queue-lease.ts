/**
 * The payment worker's queues (refunds, docs/decisions/021; card charges, docs/decisions/046)
 * share one way to be claimed: due queued rows, each leased by moving its next attempt past the
 * lease in a conditional update, so of several instances only the one whose update changed a row
 * sends it (and Stripe's idempotency key makes even a double send one refund or one charge).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';

type QueueTable = 'refunds' | 'card_charges';

export async function claimLeased<T extends QueueTable>(
  db: Kysely<Database>,
  table: T,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<Selectable<Database[T]>[]> {
  // Both tables have the queue's columns (id, status, attempts, next_attempt_at); written once for the refunds' shape.
  const q = db as unknown as Kysely<Pick<Database, 'refunds'>>;
  const name = table as 'refunds';
  const due = await q
    .selectFrom(name)
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: unknown[] = [];
  for (const { id } of due) {
    const row = await q
      .updateTable(name)
      .set((eb) => ({ next_attempt_at: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed as Selectable<Database[T]>[];
}
