/**
 * The richer quotes migration (docs/decisions/026) on a database that already has a business's
 * single question and a booking: the question becomes the first of the list, its options in
 * order, asked for every service and required. (Bookings only gain columns: their car_body_type and
 * quote_lines stay as they were.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrations } from '../../src/db/migrate.ts';
import { questionsOf } from '../../src/repositories/pricing.ts';
import { createPgDatabase, storages } from '../helpers.ts';

async function scratchDatabase(kind: string) {
  if (kind === 'postgres') return createPgDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-migration-'));
  return { url: `sqlite:${join(dir, 'app.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe.each(storages())('the quote questions migration on %s', (kind) => {
  it("makes a business's single question its first question", async () => {
    const scratch = await scratchDatabase(kind);
    const store = openDatabase(scratch.url);
    try {
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('2026-12-01T1100_connected_calendars');
      expect(before.error).toBeUndefined();
      // The old columns are no longer declared: write them as the release before did.
      const db = store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const business = (id: string, question: Record<string, unknown>) => ({
        id,
        owner_id: `owner-${id}`,
        name: id,
        niche: 'car-detailing',
        address: null,
        lat: null,
        lng: null,
        time_zone: 'America/New_York',
        created_at: 1,
        updated_at: 1,
        ...question,
      });
      const ids = ['sizes', 'rate', 'none', 'empty'];
      await db
        .insertInto('users')
        .values(
          ids.map((id) => ({
            id: `owner-${id}`,
            email: `${id}@example.com`,
            password_hash: 'x',
            phone_number: '+15551234567',
            created_at: 1,
          })),
        )
        .execute();
      await db
        .insertInto('businesses')
        .values([
          business('sizes', { question: 'Vehicle size', question_type: 'dropdown' }),
          business('rate', { question: 'Seats', question_type: 'rate', question_rate_cents: 1050 }),
          business('none', {}),
          business('empty', { question: 'Asked of nobody', question_type: 'dropdown' }),
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
    } finally {
      await store.close();
      await scratch.drop();
    }
  });
});
