/**
 * Crews: more than one job at a time (issue 25; docs/decisions/023).
 * - crews: a person or a truck: its name and colour, whether it takes jobs, its order, its own
 *   week (JSON of seven AvailabilityEntry; null: the business hours), its start place (null: the
 *   business address) and the services it does (JSON of ids; null: every service);
 * - every business gets one crew, "Main crew", which every booking and plan it has is given:
 *   a business with one crew behaves exactly as before;
 * - bookings.crew_id (the crew doing the job) and plans.crew_id (the crew its visits go to while free);
 * - businesses.crew_in_mails: whether mails to customers name the crew;
 * - the double-booking guards (2026-11-23T1300) now key on the crew, not the business: two crews
 *   may work at the same time, one crew never twice. The per-business lock still serialises the
 *   decision (db/transaction.ts).
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { createOverlapGuards, down as dropOverlapGuards } from './2026-11-23T1300_booking_overlap_guards.ts';

const ACTIVE = sql.raw(`('pending', 'approved', 'awaiting_payment')`);
/** The first crew's name and colour, as shared/src/crews.ts had them when this ran (migrations do not change). */
const FIRST_CREW = { name: 'Main crew', color: '#0f766e' } as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('crews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hours', 'text')
    .addColumn('start_address', 'text')
    .addColumn('start_lat', 'double precision')
    .addColumn('start_lng', 'double precision')
    .addColumn('service_ids', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crews_business').on('crews').columns(['business_id', 'position']).execute();
  await db.schema.alterTable('bookings').addColumn('crew_id', 'text').execute();
  await db.schema.alterTable('plans').addColumn('crew_id', 'text').execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('crew_in_mails', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const now = Date.now();
  const businesses = await db.selectFrom('businesses').select('id').execute();
  for (let i = 0; i < businesses.length; i += 500) {
    const rows = businesses.slice(i, i + 500).map((b) => ({
      id: randomUUID(),
      business_id: b.id,
      ...FIRST_CREW,
      active: 1,
      position: 0,
      created_at: now,
    }));
    await db.insertInto('crews').values(rows).execute();
  }
  for (const table of ['bookings', 'plans'])
    await sql`update ${sql.table(table)} set crew_id = (select c.id from crews c where c.business_id = ${sql.ref(`${table}.business_id`)})`.execute(
      db,
    );
  await db.schema.createIndex('bookings_crew_start').on('bookings').columns(['crew_id', 'start_ms']).execute();
  await dropOverlapGuards(db);
  await createOverlapGuards(db, ACTIVE, 'crew_id');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropOverlapGuards(db);
  await createOverlapGuards(db, ACTIVE);
  await sql`drop index if exists bookings_crew_start`.execute(db);
  await db.schema.alterTable('businesses').dropColumn('crew_in_mails').execute();
  await db.schema.alterTable('plans').dropColumn('crew_id').execute();
  await db.schema.alterTable('bookings').dropColumn('crew_id').execute();
  await db.schema.dropTable('crews').execute();
}
