/**
 * Crew members: a crew's own limited login (issue 25; docs/decisions/024).
 * - crew_members: one login per crew, invited by the owner by e-mail. The password hash is null
 *   until the invitation is accepted; only the invitation token's hash is stored, with its expiry
 *   and when it was used. token_version ends older sessions (as users.token_version does);
 *   feed_version revokes the crew's calendar feed URL (as businesses.ics_version does). An e-mail
 *   has at most one crew login anywhere (the log-in finds the account by e-mail alone).
 * - job_starts: when a crew started a job, and who. A table of its own rather than a column of
 *   bookings: the booking row is the engine's, written whole in several places, and a start is
 *   only ever read beside it. Completing a job is the booking's own status, 'completed'.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('crew_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('crew_id', 'text', (c) => c.notNull().references('crews.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('invite_token_hash', 'text')
    .addColumn('invite_expires_at', 'bigint')
    .addColumn('invite_used_at', 'bigint')
    .addColumn('invited_at', 'bigint', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('feed_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .execute();
  await db.schema.createIndex('crew_members_crew').on('crew_members').column('crew_id').unique().execute();
  await db.schema.createIndex('crew_members_email').on('crew_members').column('email').unique().execute();
  await db.schema.createIndex('crew_members_invite').on('crew_members').column('invite_token_hash').unique().execute();
  await db.schema.createIndex('crew_members_business').on('crew_members').column('business_id').execute();

  await db.schema
    .createTable('job_starts')
    .addColumn('booking_id', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('crew_member_id', 'text', (c) => c.references('crew_members.id').onDelete('set null'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_starts').ifExists().execute();
  await db.schema.dropTable('crew_members').ifExists().execute();
}
