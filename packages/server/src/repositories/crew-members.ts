/**
 * Crew members: each crew's own limited login (docs/decisions/024), and its invitation link.
 * Only the link token's hash is stored; a crew has at most one login, and an e-mail at most one
 * crew login anywhere (unique indexes back both).
 */
import type { Crew } from '@slotwise/shared/api';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CrewMembersTable, Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type CrewMemberRow = Selectable<CrewMembersTable>;

/** The login as the owner's crews list shows it: invited until a password is set. */
export function memberOf(row: CrewMemberRow | undefined): Crew['member'] {
  return row ? { email: row.email, status: row.password_hash === null ? 'invited' : 'active' } : null;
}

export function crewMembersRepository(db: Kysely<Database>) {
  return {
    listByBusiness(businessId: string): Promise<CrewMemberRow[]> {
      return db.selectFrom('crew_members').selectAll().where('business_id', '=', businessId).execute();
    },
    findByCrew(businessId: string, crewId: string, from: Tx = db): Promise<CrewMemberRow | undefined> {
      return from
        .selectFrom('crew_members')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('crew_id', '=', crewId)
        .executeTakeFirst();
    },
    findById(id: string, from: Tx = db): Promise<CrewMemberRow | undefined> {
      return from.selectFrom('crew_members').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string, from: Tx = db): Promise<CrewMemberRow | undefined> {
      return from.selectFrom('crew_members').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findByInvite(tokenHash: string, from: Tx = db): Promise<CrewMemberRow | undefined> {
      return from.selectFrom('crew_members').selectAll().where('invite_token_hash', '=', tokenHash).executeTakeFirst();
    },
    async insert(row: Insertable<CrewMembersTable>, from: Tx = db): Promise<void> {
      await from.insertInto('crew_members').values(row).execute();
    },
    /** A new invitation link: the older one stops working (its hash is replaced). */
    newInvite(id: string, link: { tokenHash: string; expiresAt: number }, now: number, from: Tx = db) {
      return from
        .updateTable('crew_members')
        .set({
          invite_token_hash: link.tokenHash,
          invite_expires_at: link.expiresAt,
          invite_used_at: null,
          invited_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /**
     * Sets the password from an invitation link and ends every older session; undefined when
     * another request used the link first (single use, even under a race).
     */
    accept(trx: Tx, tokenHash: string, passwordHash: string, now: number): Promise<CrewMemberRow | undefined> {
      return trx
        .updateTable('crew_members')
        .set((eb) => ({
          password_hash: passwordHash,
          invite_used_at: now,
          accepted_at: eb.fn.coalesce('accepted_at', eb.val(now)),
          token_version: eb('token_version', '+', 1),
        }))
        .where('invite_token_hash', '=', tokenHash)
        .where('invite_used_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },
    /** Ends the crew's login: its sessions, link and feed stop with the row. */
    async remove(businessId: string, crewId: string, from: Tx = db): Promise<boolean> {
      const r = await from
        .deleteFrom('crew_members')
        .where('business_id', '=', businessId)
        .where('crew_id', '=', crewId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** Revokes the crew's feed URL: the new one carries the next version. */
    bumpFeed(id: string): Promise<CrewMemberRow> {
      return db
        .updateTable('crew_members')
        .set((eb) => ({ feed_version: eb('feed_version', '+', 1) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
