/**
 * Job steps, a service's checklist (issue 44 item 5; docs/decisions/050). Not the owner's
 * first-day onboarding checklist (first_day_checklist, repositories/checklist.ts): a separate
 * domain, named "steps" everywhere so the two are never confused.
 * - services.steps: the owner's steps for the service, in order, JSON of string[] (null: none),
 *   written whole by the owner like its add-ons; services.steps_on_receipt: 1 when the ticked
 *   steps are shown on the job's receipt (off by default).
 * - job_steps: a job's own copy of those steps, taken at its first tick (editing the service later
 *   does not rewrite a past job's record), one row per step, so two crew phones ticking two steps
 *   at once each update their own row and neither loses the other's tick. Who ticked (the crew
 *   login, or null for the owner, and the name shown) and when. They go with the booking
 *   (cascade); they hold no customer details, so an anonymised booking keeps them (decision 012).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('services').addColumn('steps', 'text').execute();
  await db.schema
    .alterTable('services')
    .addColumn('steps_on_receipt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('job_steps')
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addColumn('done_by_member_id', 'text', (c) => c.references('crew_members.id').onDelete('set null'))
    .addColumn('done_by', 'text')
    .addPrimaryKeyConstraint('job_steps_pk', ['booking_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_steps').ifExists().execute();
  await db.schema.alterTable('services').dropColumn('steps_on_receipt').execute();
  await db.schema.alterTable('services').dropColumn('steps').execute();
}
