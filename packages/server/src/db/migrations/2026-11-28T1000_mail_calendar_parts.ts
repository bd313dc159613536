/**
 * A customer mail about a booking's time carries an iCalendar invitation (issue 22, item 4;
 * shared/src/ics.ts): METHOD:REQUEST or CANCEL, the booking's UID and SEQUENCE. It is written
 * with the mail, in the transaction of the change (decision 004), so it lives in the outbox row;
 * null for mails without one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('calendar_body', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('calendar_body').execute();
}
