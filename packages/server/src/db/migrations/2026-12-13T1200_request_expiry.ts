/**
 * Requests do not wait for ever (issue 44 item 3; docs/decisions/051):
 * - businesses.request_nudge_hours: hours after a request before the owner is reminded of it once
 *   (mail, and a text with owner texts on); 0: no reminder. 2 to start with;
 * - businesses.request_expiry_hours: hours after a request before it expires unanswered (never
 *   later than its start less the minimum notice); 0: requests wait for the owner's answer. 24;
 * - bookings.request_nudged_ms: when the owner was reminded of this request, null before: once;
 * - bookings.request_expired_ms: when this request expired unanswered (its status then declined,
 *   so every reader of declined treats it as freed time), null for every other booking;
 * - the index the minute's pass reads, pending requests by when they came in: partial, so it holds
 *   only the few requests waiting, not every booking of every business.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('request_nudge_hours', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('request_expiry_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema.alterTable('bookings').addColumn('request_nudged_ms', 'bigint').execute();
  await db.schema.alterTable('bookings').addColumn('request_expired_ms', 'bigint').execute();
  await sql`create index bookings_pending_requests on bookings (created_at) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bookings_pending_requests`.execute(db);
  await db.schema.alterTable('bookings').dropColumn('request_expired_ms').execute();
  await db.schema.alterTable('bookings').dropColumn('request_nudged_ms').execute();
  await db.schema.alterTable('businesses').dropColumn('request_expiry_hours').execute();
  await db.schema.alterTable('businesses').dropColumn('request_nudge_hours').execute();
}
