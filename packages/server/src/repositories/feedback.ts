import type { FeedbackRequest } from '@slotwise/shared/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function feedbackRepository(db: Kysely<Database>) {
  return {
    async insert(id: string, f: FeedbackRequest, now: number): Promise<void> {
      await db
        .insertInto('feedback')
        .values({ id, type: f.type, place: f.where, description: f.description, created_at: now })
        .execute();
    },
  };
}
