/**
 * Recurring service plans (issue 24; docs/decisions/022).
 * - services.plan_offers: the frequencies a service is offered at, JSON (null: none);
 * - plans: one row per series: its rule (RRULE), first day and wall-clock time, the customer and
 *   what was quoted (a visit's price, after the discount, fixed when booked), its status, whether
 *   the owner approved it, and the last day its visits were booked through;
 * - bookings.plan_id and plan_day: the visit's plan and the rule's day it stands for (kept when
 *   the visit moves, so the materialiser never books that day again). A unique index on the pair
 *   is the database's own guarantee that a day is booked once, whichever instance books it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('services').addColumn('plan_offers', 'text').execute();
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('service_id', 'text')
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('duration_min', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('rrule', 'text', (c) => c.notNull())
    .addColumn('start_day', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('car_body_type', 'text')
    .addColumn('customer_address', 'text')
    .addColumn('customer_lat', 'double precision')
    .addColumn('customer_lng', 'double precision')
    .addColumn('miles', 'double precision')
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('quote_lines', 'text', (c) => c.notNull())
    .addColumn('discount_kind', 'text')
    .addColumn('discount_value', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'bigint')
    .addColumn('booked_through', 'text', (c) => c.notNull())
    .addColumn('requester', 'text')
    .addColumn('anonymised_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plans_business').on('plans').columns(['business_id', 'created_at']).execute();
  await sql`create index plans_to_book on plans (booked_through) where status = 'active'`.execute(db);
  await db.schema.alterTable('bookings').addColumn('plan_id', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('plan_day', 'text').execute();
  await sql`create unique index bookings_plan_day on bookings (plan_id, plan_day) where plan_day is not null`.execute(
    db,
  );
  await sql`create index bookings_plan on bookings (plan_id, start_ms) where plan_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bookings_plan`.execute(db);
  await sql`drop index if exists bookings_plan_day`.execute(db);
  await db.schema.alterTable('bookings').dropColumn('plan_day').execute();
  await db.schema.alterTable('bookings').dropColumn('plan_id').execute();
  await db.schema.dropTable('plans').execute();
  await db.schema.alterTable('services').dropColumn('plan_offers').execute();
}
