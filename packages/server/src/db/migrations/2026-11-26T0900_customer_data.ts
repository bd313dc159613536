/**
 * Customers' personal data (issue 20, item 13; docs/decisions/012): each business's privacy
 * notice URL (null: the default page /privacy/<businessId>) and how many months customer
 * details are kept after a booking ends (24 until the owner changes it); when a booking's
 * details were anonymised; which booking a mail in the outbox is about, so an erasure finds
 * the mails that name the customer; and a lease row per periodic job that must run once
 * across instances (the retention pass).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('privacy_url', 'text').execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('retention_months', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema.alterTable('bookings').addColumn('anonymised_at', 'bigint').execute();
  await db.schema
    .createIndex('bookings_business_email')
    .on('bookings')
    .columns(['business_id', 'customer_email'])
    .execute();
  await db.schema.createIndex('bookings_retention').on('bookings').columns(['anonymised_at', 'end_ms']).execute();
  await db.schema.alterTable('mail_outbox').addColumn('booking_id', 'text').execute();
  await db.schema.createIndex('mail_outbox_booking').on('mail_outbox').column('booking_id').execute();
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** The instance running the job holds it until then; 0 when none does. */
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropIndex('mail_outbox_booking').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('booking_id').execute();
  await db.schema.dropIndex('bookings_retention').execute();
  await db.schema.dropIndex('bookings_business_email').execute();
  await db.schema.alterTable('bookings').dropColumn('anonymised_at').execute();
  await db.schema.alterTable('businesses').dropColumn('retention_months').execute();
  await db.schema.alterTable('businesses').dropColumn('privacy_url').execute();
}
