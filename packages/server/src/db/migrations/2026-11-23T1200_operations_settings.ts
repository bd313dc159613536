/**
 * Owner settings beyond the spec: travel-aware slots, service area, change
 * cut-off, the calendar feed's revocation counter, trade templates applied once,
 * and the reminder mark that makes reminders go out exactly once.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('travel_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('travel_speed_mph', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('travel_buffer_min', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('businesses').addColumn('max_distance_miles', 'double precision').execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('change_cutoff_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('ics_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('businesses').addColumn('template_niche', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('reminder_sent_at', 'bigint').execute();
  await db.schema.createIndex('bookings_reminder_due').on('bookings').columns(['status', 'start_ms']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_reminder_due').ifExists().execute();
  for (const c of [
    'travel_enabled',
    'travel_speed_mph',
    'travel_buffer_min',
    'max_distance_miles',
    'change_cutoff_hours',
    'ics_version',
    'template_niche',
  ]) {
    await db.schema.alterTable('businesses').dropColumn(c).execute();
  }
  await db.schema.alterTable('bookings').dropColumn('reminder_sent_at').execute();
}
