/**
 * The owner's own calendars, read by secret address (issue 27; docs/decisions/025).
 * - calendar_connections: a calendar's address, sealed (payments/secret-box.ts) with a hint the
 *   owner sees; whose it is (a crew; null: every crew's, the owner's own); its last read (when,
 *   events found, the owner's words for a failure, since when it fails, whether the owner was
 *   warned); the validators of the last good read and the window it covered; when it is next
 *   due and until when an instance holds it (fetching_until: claimed by one conditional update,
 *   so one instance reads it);
 * - calendar_busy: its events inside the window (today to the booking horizon), replaced in one
 *   transaction by each good read: they count in the slots, the conflict checks and, located,
 *   in travel (day: the business-local day of the start, for the day's stops);
 * - calendar_places: each event location's coordinates (or none found), looked up once per business;
 * - businesses.calendar_titles: whether the calendar page shows the events' titles.
 * A crew removed takes its calendars with it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('calendar_titles', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('calendar_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('crew_id', 'text', (c) => c.references('crews.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('url_enc', 'text', (c) => c.notNull())
    .addColumn('url_hint', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('expanded_for', 'text')
    .addColumn('last_fetched_at', 'bigint')
    .addColumn('last_success_at', 'bigint')
    .addColumn('events_found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('failing_since', 'bigint')
    .addColumn('warned_at', 'bigint')
    .addColumn('next_fetch_at', 'bigint', (c) => c.notNull())
    .addColumn('fetching_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_connections_business')
    .on('calendar_connections')
    .columns(['business_id', 'created_at'])
    .execute();
  await db.schema.createIndex('calendar_connections_due').on('calendar_connections').column('next_fetch_at').execute();
  await db.schema
    .createTable('calendar_busy')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('connection_id', 'text', (c) => c.notNull().references('calendar_connections.id').onDelete('cascade'))
    .addColumn('crew_id', 'text')
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .execute();
  await db.schema.createIndex('calendar_busy_start').on('calendar_busy').columns(['business_id', 'start_ms']).execute();
  await db.schema.createIndex('calendar_busy_day').on('calendar_busy').columns(['business_id', 'day']).execute();
  await db.schema.createIndex('calendar_busy_connection').on('calendar_busy').column('connection_id').execute();
  await db.schema
    .createTable('calendar_places')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('looked_up_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_places_pk', ['business_id', 'text'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_places').execute();
  await db.schema.dropTable('calendar_busy').execute();
  await db.schema.dropTable('calendar_connections').execute();
  await db.schema.alterTable('businesses').dropColumn('calendar_titles').execute();
}
