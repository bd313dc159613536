/** Rate-limit counters in the database, shared by every instance (plugins/rate-limits.ts uses them). */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Counts one hit on a fixed-window counter in the rate_limits table: one atomic upsert. */
export async function hit(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()) {
  const r = await sql<{ count: number; reset_at: number }>`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${now + windowMs})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end
    returning count, reset_at`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  // Expired windows are dead weight; sweep them now and then.
  if (Math.random() < 0.01)
    void db
      .deleteFrom('rate_limits')
      .where('reset_at', '<', now)
      .execute()
      .catch(() => {});
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** A counter's count and reset time, or a zero count when it is absent or its window has passed. */
export async function peek(db: Kysely<Database>, key: string, now = Date.now()) {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || Number(row.reset_at) <= now) return { count: 0, resetAt: now };
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Counts one more on a sliding counter: each hit pushes its reset to now + windowMs. One atomic upsert. */
export async function slide(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()) {
  const r = await sql<{ count: number; reset_at: number }>`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${now + windowMs})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
      reset_at = ${now + windowMs}
    returning count, reset_at`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

export async function forget(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
