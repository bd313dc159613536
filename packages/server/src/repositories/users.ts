/** Owner accounts, and the password reset links mailed to them. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetsTable, UsersTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

export type User = Selectable<UsersTable>;
export type PasswordReset = Selectable<PasswordResetsTable>;

export function usersRepository(db: Kysely<Database>) {
  return {
    findByEmail(email: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(user: Insertable<UsersTable>, from: Tx = db): Promise<void> {
      await from.insertInto('users').values(user).execute();
    },
    /** Sets a new password hash and ends every older session (the guard compares token_version). */
    setPassword(userId: string, passwordHash: string, from: Tx = db): Promise<User> {
      return from
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    setPhone(userId: string, phoneNumber: string): Promise<User> {
      return db
        .updateTable('users')
        .set({ phone_number: phoneNumber })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findReset(tokenHash: string, from: Tx = db): Promise<PasswordReset | undefined> {
      return from.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    async insertReset(trx: Tx, reset: Insertable<PasswordResetsTable>): Promise<void> {
      await trx.insertInto('password_resets').values(reset).execute();
    },
    /** Marks a link used; false when another request used it first (the link is single-use even under a race). */
    async useReset(trx: Tx, tokenHash: string, now: number): Promise<boolean> {
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    },
    /** Marks every unused link of a user used: after a reset or a password change no older link works. */
    async endResets(trx: Tx, userId: string, now: number): Promise<void> {
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
