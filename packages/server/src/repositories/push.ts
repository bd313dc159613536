/**
 * Push notifications' tables (docs/decisions/052): the devices a person turned notifications on
 * for (push_subscriptions), each person's switches (users.push_off, crew_members.push_off), and the
 * pushes themselves, rows of the outbox (channel 'push', to_address the subscription's id).
 */
import { randomUUID } from 'node:crypto';
import { PUSH_DEVICES_MAX, PUSH_KINDS, type PushKind, type PushSubscriptionInput } from '@slotwise/shared/api';
import type { Kysely } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/** Whose devices: the business's owner, or one crew login. */
export type PushPerson =
  | { role: 'owner'; businessId: string; userId: string }
  | { role: 'crew'; businessId: string; memberId: string };

/** A push to queue: its words already the JSON payload the service worker shows (domain/push.ts). */
export interface QueuedPush {
  subscriptionId: string;
  businessId: string;
  kind: PushKind | 'test';
  eventKey: string;
  payload: string;
  bookingId: string | null;
  expiresAt: number;
}

/** The kinds a person switched off, from the stored JSON (anything unreadable: none). */
function pushOffOf(json: string): PushKind[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? PUSH_KINDS.filter((k) => parsed.includes(k)) : [];
}

const ofPerson = (p: PushPerson) => (p.role === 'owner' ? { user_id: p.userId } : { crew_member_id: p.memberId });

/**
 * Queues pushes in the outbox in the caller's transaction. One row per event per device: a second
 * queueing of the same event (a webhook told twice, a pass on two instances) inserts nothing.
 */
export async function queuePushes(trx: Tx, pushes: readonly QueuedPush[], now: number): Promise<number> {
  let queued = 0;
  for (const p of pushes) {
    const r = await trx
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        channel: 'push',
        business_id: p.businessId,
        to_address: p.subscriptionId,
        subject: p.kind,
        kind: `push:${p.kind}`,
        text_body: p.payload,
        html_body: '',
        next_attempt_at: now,
        created_at: now,
        booking_id: p.bookingId,
        expires_at: p.expiresAt,
        event_key: p.eventKey,
        claimed_until: null,
        sent_at: null,
        last_error: null,
        calendar_body: null,
      })
      .onConflict((oc) => oc.columns(['to_address', 'event_key']).where('event_key', 'is not', null).doNothing())
      .executeTakeFirst();
    queued += Number(r.numInsertedOrUpdatedRows ?? 0n);
  }
  return queued;
}

export function pushRepository(db: Kysely<Database>) {
  return {
    /** The person's switched-off kinds. */
    async off(p: PushPerson): Promise<PushKind[]> {
      const row =
        p.role === 'owner'
          ? await db.selectFrom('users').select('push_off').where('id', '=', p.userId).executeTakeFirst()
          : await db.selectFrom('crew_members').select('push_off').where('id', '=', p.memberId).executeTakeFirst();
      return pushOffOf(row?.push_off ?? '[]');
    },
    async setOff(p: PushPerson, off: readonly PushKind[]): Promise<void> {
      const push_off = JSON.stringify(PUSH_KINDS.filter((k) => off.includes(k)));
      if (p.role === 'owner') await db.updateTable('users').set({ push_off }).where('id', '=', p.userId).execute();
      else await db.updateTable('crew_members').set({ push_off }).where('id', '=', p.memberId).execute();
    },
    async devices(p: PushPerson): Promise<number> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('business_id', '=', p.businessId)
        .where(p.role === 'owner' ? 'user_id' : 'crew_member_id', '=', p.role === 'owner' ? p.userId : p.memberId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /**
     * Turns a device on for a person; the same endpoint again replaces its keys. An endpoint that is
     * another person's device is refused ('taken'): the browser then unsubscribes and subscribes
     * afresh (a new endpoint), so nobody's device is taken over by knowing its address. Past
     * PUSH_DEVICES_MAX, the person's oldest device goes: a phone replaced long ago, never signed
     * out of (a person cannot see, or remove, a device they no longer hold).
     */
    async subscribe(p: PushPerson, sub: PushSubscriptionInput, now: number): Promise<'on' | 'taken'> {
      const column = p.role === 'owner' ? 'user_id' : 'crew_member_id';
      const id = p.role === 'owner' ? p.userId : p.memberId;
      return db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('push_subscriptions')
          .select(['id', 'user_id', 'crew_member_id'])
          .where('endpoint', '=', sub.endpoint)
          .executeTakeFirst();
        if (held && held[column] !== id) return 'taken';
        if (held) await trx.deleteFrom('push_subscriptions').where('id', '=', held.id).execute();
        await trx
          .insertInto('push_subscriptions')
          .values({
            id: randomUUID(),
            business_id: p.businessId,
            user_id: null,
            crew_member_id: null,
            ...ofPerson(p),
            endpoint: sub.endpoint,
            p256dh: sub.keys.p256dh,
            auth: sub.keys.auth,
            created_at: now,
          })
          .execute();
        const mine = await trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where(column, '=', id)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .execute();
        const over = mine.slice(PUSH_DEVICES_MAX).map((r) => r.id);
        if (over.length > 0) await trx.deleteFrom('push_subscriptions').where('id', 'in', over).execute();
        return 'on';
      });
    },
    /** Turns one of the person's devices off; answers whether it was theirs. */
    async unsubscribe(p: PushPerson, endpoint: string): Promise<boolean> {
      const r = await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('business_id', '=', p.businessId)
        .where(p.role === 'owner' ? 'user_id' : 'crew_member_id', '=', p.role === 'owner' ? p.userId : p.memberId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** One of the person's devices by endpoint. */
    deviceOf(p: PushPerson, endpoint: string) {
      return db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', endpoint)
        .where('business_id', '=', p.businessId)
        .where(p.role === 'owner' ? 'user_id' : 'crew_member_id', '=', p.role === 'owner' ? p.userId : p.memberId)
        .executeTakeFirst();
    },
    /** A device by id (the dispatcher's read before sending). */
    byId(id: string): Promise<PushSubscriptionsTable | undefined> {
      return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The push service said the device is gone (404/410): it never gets another push. */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },
  };
}

/**
 * Who gets a notice of `kind` about a business: the owner's devices unless the owner switched it
 * off, and, for a crew's notice (`crewId`), that crew's login's devices unless switched off. One read.
 */
export async function pushRecipients(
  trx: Tx,
  businessId: string,
  kind: PushKind,
  crewId: string | null,
): Promise<{ id: string; role: 'owner' | 'crew' }[]> {
  const rows = await trx
    .selectFrom('push_subscriptions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('crew_members as m', 'm.id', 's.crew_member_id')
    .select(['s.id', 's.user_id', 'u.push_off as ownerOff', 'm.crew_id', 'm.push_off as crewOff'])
    .where('s.business_id', '=', businessId)
    .execute();
  const out: { id: string; role: 'owner' | 'crew' }[] = [];
  for (const r of rows) {
    if (r.user_id !== null) {
      if (!pushOffOf(r.ownerOff ?? '[]').includes(kind)) out.push({ id: r.id, role: 'owner' });
    } else if (crewId !== null && r.crew_id === crewId && !pushOffOf(r.crewOff ?? '[]').includes(kind)) {
      out.push({ id: r.id, role: 'crew' });
    }
  }
  return out;
}
