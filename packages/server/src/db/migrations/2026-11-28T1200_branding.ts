/**
 * The business's own look on its widget, booking page and customer pages (issue 22, item 6;
 * shared/src/brand.ts): an accent colour, the booking button's text and corner, whether the
 * pop-up shows a "Report a problem" link, and a logo. The logo is a small image the dashboard
 * has already scaled down (at most 40 KB, PNG, JPEG or WebP, checked by its bytes), kept as
 * base64 text so SQLite and PostgreSQL store it alike; its hash names its URL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('businesses')
    .addColumn('accent_color', 'text', (c) => c.notNull().defaultTo('#4338ca'))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('button_text', 'text', (c) => c.notNull().defaultTo('Book now'))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('button_position', 'text', (c) => c.notNull().defaultTo('bottom-right'))
    .execute();
  await db.schema
    .alterTable('businesses')
    .addColumn('report_problem', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('business_logos')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data_base64', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_logos').execute();
  for (const column of ['report_problem', 'button_position', 'button_text', 'accent_color'])
    await db.schema.alterTable('businesses').dropColumn(column).execute();
}
