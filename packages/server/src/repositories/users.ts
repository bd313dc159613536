import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.ts';

export type User = Selectable<UsersTable>;

export function usersRepository(db: Kysely<Database>) {
  return {
    findByEmail(email: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(user: Insertable<UsersTable>): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },
  };
}
