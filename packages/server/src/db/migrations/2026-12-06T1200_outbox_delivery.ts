/**
 * Messages that expire and fail, for mail too (issue 39; docs/decisions/032). Until now a mail was
 * retried for ever: a reminder could go out after the visit, and a dead SMTP relay piled up rows
 * nobody heard of.
 * - mail_outbox.kind: what the message is (a mail's template, a text's kind; texts already kept it
 *   in subject, copied here), for its expiry, the owner's words and Send again.
 * - mail_outbox.expires_at: past it the message is not sent but marked failed (failed_at, which
 *   texts had, now set for mail as well). Rows waiting today get a day from their creation.
 * - mail_outbox.resent_at: when the owner last asked to send a failed message again (a fresh
 *   attempt on the same row; a text sent again first looks for an earlier try that went through).
 * - The unsent partial index (2026-12-03T1000) also leaves failed rows out: they are never due
 *   again, and the dispatcher's oldest-first read would otherwise walk every one of them first.
 * - mail_outbox_failed: the failed rows by when, for the owner's list of the last days.
 */
import { type Kysely, sql } from 'kysely';

const DAY = 24 * 3_600_000;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('kind', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('expires_at', 'bigint').execute();
  await db.schema.alterTable('mail_outbox').addColumn('resent_at', 'bigint').execute();
  await db
    .updateTable('mail_outbox')
    .set({ kind: sql.ref('subject') })
    .where('channel', '=', 'text')
    .execute();
  await db
    .updateTable('mail_outbox')
    .set({ expires_at: sql`created_at + ${sql.lit(DAY)}` })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .execute();
  await db.schema.dropIndex('mail_outbox_unsent_by_channel').execute();
  await db.schema
    .createIndex('mail_outbox_unsent_by_channel')
    .on('mail_outbox')
    .columns(['channel', 'created_at'])
    .where(sql<boolean>`sent_at is null and failed_at is null`)
    .execute();
  await db.schema
    .createIndex('mail_outbox_failed')
    .on('mail_outbox')
    .column('failed_at')
    .where(sql.ref('failed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_failed').execute();
  await db.schema.dropIndex('mail_outbox_unsent_by_channel').execute();
  await db.schema
    .createIndex('mail_outbox_unsent_by_channel')
    .on('mail_outbox')
    .columns(['channel', 'created_at'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
  for (const column of ['resent_at', 'expires_at', 'kind'])
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
}
