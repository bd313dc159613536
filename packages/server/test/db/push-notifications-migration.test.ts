/**
 * The push notifications' migration (docs/decisions/052) on a database that already has owners,
 * a crew login and mail: nobody has a device or a switch off, mail keeps no event key, a device
 * belongs to exactly one person, one event is one push per device; it goes down again.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the push notifications migration on %s', (kind) => {
  it('starts everyone with every kind on and no device, keeps one push per event per device, and goes down again', async () => {
    await atMigration(kind, '2026-12-13T1200_request_expiry', async ({ store, migrator }) => {
      await insertOwners(store.db, ['old']);
      await store.db.insertInto('businesses').values(businessRow('old')).execute();
      await sql`insert into mail_outbox (id, to_address, subject, text_body, html_body, next_attempt_at, created_at)
        values ('m1', 'a@example.com', 'Hi', 'Hi', '', 1, 1)`.execute(store.db);
      await migrateToLatest(store);
      const owner = await store.db
        .selectFrom('users')
        .select('push_off')
        .where('id', '=', 'owner-old')
        .executeTakeFirstOrThrow();
      expect(owner.push_off).toBe('[]');
      const mail = await store.db.selectFrom('mail_outbox').select(['channel', 'event_key']).executeTakeFirstOrThrow();
      expect(mail).toEqual({ channel: 'mail', event_key: null });
      // A device is the owner's or a crew login's, never both or neither.
      const device = { business_id: 'old', p256dh: 'k', auth: 'a', created_at: 1, crew_member_id: null };
      await expect(
        store.db
          .insertInto('push_subscriptions')
          .values({ ...device, id: 'd0', endpoint: 'https://p/0', user_id: null })
          .execute(),
      ).rejects.toThrow();
      await store.db
        .insertInto('push_subscriptions')
        .values({ ...device, id: 'd1', endpoint: 'https://p/1', user_id: 'owner-old' })
        .execute();
      const push = (id: string, key: string | null) =>
        store.db
          .insertInto('mail_outbox')
          .values({
            id,
            channel: 'push',
            to_address: 'd1',
            subject: 'request',
            text_body: '{}',
            html_body: '',
            next_attempt_at: 1,
            created_at: 1,
            event_key: key,
            claimed_until: null,
            sent_at: null,
            last_error: null,
            booking_id: null,
            calendar_body: null,
          })
          .execute();
      await push('p1', 'request:b1');
      await expect(push('p2', 'request:b1')).rejects.toThrow();
      await push('p3', null);
      await push('p4', null);
      const down = await migrator.migrateTo('2026-12-13T1200_request_expiry');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toContainEqual([
        '2026-12-14T0900_push_notifications',
        'Down',
        'Success',
      ]);
      const left = await sql<{ id: string }>`select id from mail_outbox`.execute(store.db);
      expect(left.rows.map((r) => r.id)).toEqual(['m1']);
    });
  });
});
