/**
 * Undo of an owner's Decline or calendar move (docs/decisions/014): one row per change still
 * open to undo, written in the change's transaction. Only the token's hash is kept. The
 * booking's state is kept as JSON of a few columns: what it was before (what undo puts back)
 * and what it was right after (so an undo finds out whether anything changed it since), with
 * the ids of the customer's mail the change holds in the outbox. Rows live seconds: each new
 * change of a business deletes that business's expired ones, the daily retention pass any left.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_undos')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('previous_state', 'text', (c) => c.notNull())
    .addColumn('changed_state', 'text', (c) => c.notNull())
    .addColumn('mail_ids', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_undos_business_expiry')
    .on('booking_undos')
    .columns(['business_id', 'expires_at'])
    .execute();
  await db.schema.createIndex('booking_undos_booking').on('booking_undos').column('booking_id').execute();
  await db.schema.createIndex('booking_undos_expiry').on('booking_undos').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_undos').ifExists().execute();
}
