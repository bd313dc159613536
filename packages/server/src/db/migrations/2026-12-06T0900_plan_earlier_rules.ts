/**
 * The rules a plan had before a "this and following" move (issue 39, item 7; docs/decisions/022):
 * plans.earlier_rules, JSON [{rrule, start_day, start_time, until}], each rule's days before
 * `until` (the first day a newer rule took over) kept at that rule's time. '[]' for a plan never
 * split, which is every plan before this migration: a plan split before it resumes from its
 * newest rule only, as it did.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('earlier_rules', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').dropColumn('earlier_rules').execute();
}
