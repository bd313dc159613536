/**
 * The dispatcher asks for the oldest unsent messages of one channel (mail/outbox.ts: a lane per
 * channel since texts, docs/decisions/027). The partial index of unsent rows in created_at order
 * (2026-11-23T1400) found the mail lane's first 50 at once, but the text lane's ask walked every
 * unsent mail to find no text: during a burst of bookings, with thousands of mails waiting, 3.9 ms
 * a pass on PostgreSQL, one pass after each commit's kick (pg_stat_statements,
 * docs/decisions/028). Led by the channel, the index answers each lane from its own rows.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_unsent_by_channel')
    .on('mail_outbox')
    .columns(['channel', 'created_at'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
  await db.schema.dropIndex('mail_outbox_unsent').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_unsent')
    .on('mail_outbox')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
  await db.schema.dropIndex('mail_outbox_unsent_by_channel').execute();
}
