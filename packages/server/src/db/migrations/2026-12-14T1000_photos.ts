/**
 * Photos (issue 44 item 6; docs/decisions/053).
 * - photos: one row per photo, its bytes in the photo store (photos/store.ts: files under DATA_DIR
 *   or an S3 bucket) under `storage_key`, a random name. A job's before and after photos have a
 *   booking; a customer's photo sent before the booking exists has none yet, only the hash of
 *   the token it was answered with (`claim_hash`), until book claims it or it lapses and is swept.
 *   Rows go with their booking or business (cascade) only as a database's last resort: the app
 *   deletes photos itself and queues their objects (below), so nothing is left in the store.
 * - photo_removals: objects to delete from the store, queued in the transaction that deletes their
 *   rows and deleted after commit (and again by the sweep if that failed): the row goes first, so
 *   no row ever names a missing object, and no object outlives its row for long. It names no
 *   business (a business's deletion must not take its queue with it).
 * - services.photo_ask ('off', 'optional', 'required') and services.photo_prompt: whether a
 *   service asks the customer for photos with the request, and in the owner's words.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('services')
    .addColumn('photo_ask', 'text', (c) => c.notNull().defaultTo('off'))
    .execute();
  await db.schema.alterTable('services').addColumn('photo_prompt', 'text').execute();
  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('cascade'))
    .addColumn('claim_hash', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_by_member_id', 'text', (c) => c.references('crew_members.id').onDelete('set null'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A booking's photos in order; with booking_id null, the sweep's read of unclaimed photos by age.
  await db.schema.createIndex('photos_booking').on('photos').columns(['booking_id', 'created_at']).execute();
  await db.schema.createIndex('photos_claim').on('photos').column('claim_hash').execute();
  await db.schema
    .createTable('photo_removals')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photo_removals').ifExists().execute();
  await db.schema.dropTable('photos').ifExists().execute();
  await db.schema.alterTable('services').dropColumn('photo_prompt').execute();
  await db.schema.alterTable('services').dropColumn('photo_ask').execute();
}
