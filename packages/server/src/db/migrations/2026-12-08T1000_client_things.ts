/**
 * Things served (issue 42; docs/decisions/037): what a business serves for a client (a vehicle,
 * a pool, a lawn), named by the owner, with the quote answers that describe it. Filled from a
 * booking's answers when the trade template says what a thing is (shared/src/trade-templates.ts
 * `thing`). `answers_key` is those answers as one text, so a second booking of the same car adds
 * nothing. Indexed for the client page and, by business, for search by client.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client_things')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answers_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_things_client').on('client_things').columns(['client_id']).execute();
}
