/**
 * Push notifications (issue 44 item 4; docs/decisions/052):
 * - push_subscriptions: one row per device a person turned notifications on for: the browser's
 *   push service endpoint (unique: a device re-subscribing replaces its row) and its keys (p256dh,
 *   auth; RFC 8291). A person is the business's owner (user_id) or a crew login
 *   (crew_member_id), exactly one of them; rows go with the business, the user or the crew login
 *   (cascade), so removing a crew login stops its pushes at once.
 * - users.push_off and crew_members.push_off: JSON array of the notice kinds the person switched
 *   off ('[]': every kind their role gets).
 * - mail_outbox.event_key: a push is a row of the outbox (channel 'push', to_address its
 *   subscription's id); the key names the event it tells of ("request:{booking id}"). Unique per
 *   subscription, so one event queued twice (a replayed webhook, two instances) is one push.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('crew_member_id', 'text', (c) => c.references('crew_members.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('push_subscriptions_one_person', sql`(user_id is null) <> (crew_member_id is null)`)
    .execute();
  await db.schema.createIndex('push_subscriptions_business').on('push_subscriptions').column('business_id').execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createIndex('push_subscriptions_crew_member')
    .on('push_subscriptions')
    .column('crew_member_id')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('push_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('crew_members')
    .addColumn('push_off', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('event_key', 'text').execute();
  await db.schema
    .createIndex('mail_outbox_push_event')
    .on('mail_outbox')
    .columns(['to_address', 'event_key'])
    .unique()
    .where(sql.ref('event_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_push_event').execute();
  await db.deleteFrom('mail_outbox').where('channel', '=', 'push').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('event_key').execute();
  await db.schema.alterTable('crew_members').dropColumn('push_off').execute();
  await db.schema.alterTable('users').dropColumn('push_off').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
