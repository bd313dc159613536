/**
 * The mail dispatcher asks for the oldest unsent messages. The index on
 * (sent_at, next_attempt_at) found them but left SQLite sorting every unsent row by
 * created_at (docs/decisions/004 has what it cost during a burst of bookings); a
 * partial index of unsent rows in created_at order answers with the
 * first 50 rows it reads, and sent rows leave it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_unsent')
    .on('mail_outbox')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
  await db.schema.dropIndex('mail_outbox_due').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();
  await db.schema.dropIndex('mail_outbox_unsent').execute();
}
