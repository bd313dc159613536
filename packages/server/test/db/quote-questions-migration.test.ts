/**
 * The richer quotes migration (docs/decisions/026) on a database that already has a business's
 * single question and a booking: the question becomes the first of the list, its options in
 * order, asked for every service and required. (Bookings only gain columns: their car_body_type and
 * quote_lines stay as they were.)
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { questionsOf } from '../../src/repositories/pricing.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

describe.each(storages())('the quote questions migration on %s', (kind) => {
  it("makes a business's single question its first question", async () => {
    await atMigration(kind, '2026-12-01T1100_connected_calendars', async ({ store }) => {
      // The old columns are no longer declared: write them as the release before did.
      const db = store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const ids = ['sizes', 'rate', 'none', 'empty'];
      await insertOwners(store.db, ids);
      await db
        .insertInto('businesses')
        .values([
          businessRow('sizes', { question: 'Vehicle size', question_type: 'dropdown' }),
          businessRow('rate', { question: 'Seats', question_type: 'rate', question_rate_cents: 1050 }),
          businessRow('none'),
          businessRow('empty', { question: 'Asked of nobody', question_type: 'dropdown' }),
        ])
        .execute();
      await db
        .insertInto('question_options')
        .values([
          { id: 'o2', business_id: 'sizes', position: 1, text: 'SUV', value_cents: 2500 },
          { id: 'o1', business_id: 'sizes', position: 0, text: 'Sedan', value_cents: 0 },
        ])
        .execute();

      await migrateToLatest(store);
      const rows = await store.db.selectFrom('businesses').select(['id', 'quote_questions']).orderBy('id').execute();
      const questions = Object.fromEntries(rows.map((r) => [r.id, questionsOf(r)]));
      const first = {
        id: expect.any(String),
        unit: null,
        minQuantity: null,
        maxQuantity: null,
        required: true,
        serviceIds: null,
      };
      expect(questions.sizes).toEqual([
        {
          ...first,
          question: 'Vehicle size',
          type: 'dropdown',
          options: [
            { text: 'Sedan', valueCents: 0, extraMinutes: 0 },
            { text: 'SUV', valueCents: 2500, extraMinutes: 0 },
          ],
          rateCents: null,
        },
      ]);
      expect(questions.rate).toEqual([{ ...first, question: 'Seats', type: 'rate', options: [], rateCents: 1050 }]);
      // No question, or a dropdown with no option (the widget never asked it): none.
      expect(questions.none).toEqual([]);
      expect(questions.empty).toEqual([]);
    });
  });
});
