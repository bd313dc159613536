/**
 * Insights (issue 29; docs/decisions/029): counters by day, never events, so nothing about a
 * visitor or a customer is kept and a year of a busy business is a few thousand rows.
 * - funnel_days: the booking form's steps (opened, quoted, slot, booked) reported by the widget's
 *   beacon, per business-local day, source kind (site, page, qr) and site ('' when none).
 * - full_taps: full days or taken times tapped, per day of receipt, the day wanted and its part of
 *   the day ('' for a whole day tapped).
 * - quote_demand: what the quote and booking calls saw, per day, ZIP code ('' unknown), outcome
 *   (quoted, outside_area, booked) and whole miles from the business (0 without a home): how many
 *   and their worth in cents (bigint: one row may add up several quotes of up to $20,000,000).
 * Every primary key leads with business_id, so a business's reads and upserts touch only its own
 * rows (issue 28). The rows go with their business, as the other per-business tables' do.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('funnel_days')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_days_pk', ['business_id', 'day', 'source_kind', 'site', 'step'])
    .execute();
  await db.schema
    .createTable('full_taps')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('wanted_day', 'text', (c) => c.notNull())
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('full_taps_pk', ['business_id', 'day', 'wanted_day', 'part'])
    .execute();
  await db.schema
    .createTable('quote_demand')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('miles', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('value_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('quote_demand_pk', ['business_id', 'day', 'zip', 'outcome', 'miles'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['quote_demand', 'full_taps', 'funnel_days'])
    await db.schema.dropTable(table).ifExists().execute();
}
