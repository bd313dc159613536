/**
 * The waiting list's third tier (issue 45 item 2; docs/decisions/059): recent quotes that never
 * booked, offered a freed time nearby, only with their customer's consent.
 * - owner_quotes.nearby_consent_at / nearby_consent_text: when the customer ticked "Tell me if a
 *   time opens near me" on the quote's page, and the words they agreed to (null: not given, or
 *   withdrawn). It lapses by itself 30 days after the quote was sent (domain/quote-offers.ts).
 * - quote_offers: one freed time offered to one quote, by the hash of the token of the offer's
 *   link; the first accepted wins, the others are withdrawn.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('owner_quotes').addColumn('nearby_consent_at', 'bigint').execute();
  await db.schema.alterTable('owner_quotes').addColumn('nearby_consent_text', 'text').execute();
  await db.schema
    .createTable('quote_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('freed_id', 'text', (c) => c.notNull().references('freed_times.id').onDelete('cascade'))
    .addColumn('quote_id', 'text', (c) => c.notNull().references('owner_quotes.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('extra_drive_min', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addUniqueConstraint('quote_offers_once', ['freed_id', 'quote_id'])
    .execute();
  await db.schema.createIndex('quote_offers_quote').on('quote_offers').column('quote_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quote_offers').ifExists().execute();
  await db.schema.alterTable('owner_quotes').dropColumn('nearby_consent_text').execute();
  await db.schema.alterTable('owner_quotes').dropColumn('nearby_consent_at').execute();
}
