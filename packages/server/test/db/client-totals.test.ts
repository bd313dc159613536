/**
 * What the client list ranks by (migration 2026-12-08T1200_client_totals; docs/decisions/037):
 * each client's completed bookings' sum and latest start, kept by the database's triggers through
 * every way a booking changes, and the list's sorts read from them (and, for the next visit, from
 * the calendar in time order) agree with the totals summed the slow way, for a few matching clients
 * and for many.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { clientsRepository } from '../../src/repositories/clients.ts';
import { storages } from '../helpers.ts';
import { atMigration, businessRow, insertOwners } from './at-migration.ts';

const BEFORE = '2026-12-08T1100_owner_quotes';
const HOUR = 3_600_000;
const NOW = 1_000 * HOUR;

type Rows = Kysely<Record<string, Record<string, unknown>>>;

function client(id: string, businessId: string, first: string, last: string) {
  return {
    id,
    business_id: businessId,
    first_name: first,
    last_name: last,
    email: `${id}@example.com`,
    email_key: `${id}@example.com`,
    phone: '',
    notes: '',
    tags: '[]',
    texts_consent: 0,
    marketing_consent: 0,
    source: 'earlier',
    search_text: `${first} ${last}`.toLowerCase(),
    created_at: 1,
    updated_at: 1,
  };
}

let slot = 0;
/** A booking of an hour, each at an hour of its own unless `at` says when (hours from NOW). */
function booking(id: string, businessId: string, clientId: string | null, fields: Record<string, unknown> = {}) {
  const start = NOW + (typeof fields.at === 'number' ? fields.at : 10_000 + ++slot) * HOUR;
  const { at: _at, ...rest } = fields;
  return {
    id,
    business_id: businessId,
    client_id: clientId,
    service_name: 'Full Detail',
    duration_min: 60,
    first_name: 'A',
    last_name: 'B',
    customer_email: 'a@example.com',
    phone_number: '',
    customer_address: '',
    quote_lines: '[]',
    total_cents: 10_000,
    status: 'completed',
    day: new Date(start).toISOString().slice(0, 10),
    start_time: '10:00',
    end_time: '11:00',
    start_ms: start,
    end_ms: start + HOUR,
    created_at: 1,
    updated_at: 1,
    ...rest,
  };
}

async function figures(db: Rows, id: string) {
  const row = await db
    .selectFrom('clients')
    .select(['completed_cents', 'last_completed_ms'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    cents: Number(row.completed_cents),
    last: row.last_completed_ms === null ? null : (Number(row.last_completed_ms) - NOW) / HOUR,
  };
}

describe.each(storages())('client totals on %s', (kind) => {
  it('are filled from earlier bookings, then kept through every change of a booking, and go with their down()', async () => {
    await atMigration(kind, BEFORE, async ({ store, migrator }) => {
      const db = store.db as unknown as Rows;
      await insertOwners(store.db, ['shine']);
      await db.insertInto('businesses').values(businessRow('shine')).execute();
      await db
        .insertInto('clients')
        .values([client('ada', 'shine', 'Ada', 'Lovelace'), client('bob', 'shine', 'Bob', 'Smith')])
        .execute();
      await db
        .insertInto('bookings')
        .values([
          booking('b1', 'shine', 'ada', { at: -50, total_cents: 12_000 }),
          booking('b2', 'shine', 'ada', { at: -20, total_cents: 3_000 }),
          // Not done: counts nothing.
          booking('b3', 'shine', 'ada', { at: -10, status: 'cancelled', total_cents: 99_900 }),
          booking('b4', 'shine', 'bob', { at: 5, status: 'approved' }),
        ])
        .execute();

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await figures(db, 'ada')).toEqual({ cents: 15_000, last: -20 });
      expect(await figures(db, 'bob')).toEqual({ cents: 0, last: null });

      // Completed (by the owner, a crew or the minute's sweep): it counts.
      await db.updateTable('bookings').set({ status: 'completed' }).where('id', '=', 'b4').execute();
      expect(await figures(db, 'bob')).toEqual({ cents: 10_000, last: 5 });
      // Re-priced, moved, re-timed.
      await db.updateTable('bookings').set({ total_cents: 10_500 }).where('id', '=', 'b4').execute();
      expect(await figures(db, 'bob')).toEqual({ cents: 10_500, last: 5 });
      await db
        .updateTable('bookings')
        .set({ start_ms: NOW + 7 * HOUR, end_ms: NOW + 8 * HOUR })
        .where('id', '=', 'b4')
        .execute();
      expect(await figures(db, 'bob')).toEqual({ cents: 10_500, last: 7 });
      // Moved to another client (a merge): it leaves one and joins the other.
      await db.updateTable('bookings').set({ client_id: 'bob' }).where('id', '=', 'b2').execute();
      expect(await figures(db, 'ada')).toEqual({ cents: 12_000, last: -50 });
      expect(await figures(db, 'bob')).toEqual({ cents: 13_500, last: 7 });
      // Unlinked (erasure), and no longer completed.
      await db.updateTable('bookings').set({ client_id: null }).where('id', '=', 'b1').execute();
      expect(await figures(db, 'ada')).toEqual({ cents: 0, last: null });
      await db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', 'b4').execute();
      expect(await figures(db, 'bob')).toEqual({ cents: 3_000, last: -20 });
      // Written completed, then deleted.
      await db
        .insertInto('bookings')
        .values(booking('b5', 'shine', 'ada', { at: -2, total_cents: 700 }))
        .execute();
      expect(await figures(db, 'ada')).toEqual({ cents: 700, last: -2 });
      await db.deleteFrom('bookings').where('id', '=', 'b5').execute();
      expect(await figures(db, 'ada')).toEqual({ cents: 0, last: null });
      // A booking that is not completed changes nothing.
      await db
        .insertInto('bookings')
        .values(booking('b6', 'shine', 'ada', { at: 30, status: 'approved', total_cents: 5_000 }))
        .execute();
      expect(await figures(db, 'ada')).toEqual({ cents: 0, last: null });

      // Back to before it (the later migrations' down() first).
      const down = await migrator.migrateTo(BEFORE);
      expect(down.error).toBeUndefined();
      await expect(db.selectFrom('clients').select('completed_cents').execute()).rejects.toThrow();
      // No trigger is left behind to write a column that is gone.
      await db.updateTable('bookings').set({ status: 'completed' }).where('id', '=', 'b6').execute();
    });
  });

  it("ranks a page by last visit, next visit and money spent as each client's summed bookings say", async () => {
    await atMigration(kind, BEFORE, async ({ store, migrator }) => {
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const db = store.db as unknown as Rows;
      await insertOwners(store.db, ['shine', 'other']);
      await db
        .insertInto('businesses')
        .values([businessRow('shine'), businessRow('other')])
        .execute();
      // 340 Smiths (more than the few whose own bookings are summed) and 12 Lovelaces (fewer);
      // each with a spend, a last visit and a next visit of its own, some with none.
      const clients: ReturnType<typeof client>[] = [];
      const bookings: ReturnType<typeof booking>[] = [];
      for (let i = 0; i < 352; i++) {
        const smith = i < 340;
        const id = `c${String(i).padStart(3, '0')}`;
        clients.push(client(id, 'shine', `N${i}`, smith ? 'Smith' : 'Lovelace'));
        // Spread, not in id order: i * 7919 mod 352 is a permutation.
        const k = (i * 7919) % 352;
        if (i % 5 !== 0) bookings.push(booking(`p${i}`, 'shine', id, { at: -1 - k, total_cents: 1_000 + k * 10 }));
        if (i % 3 !== 0) {
          bookings.push(booking(`n${i}`, 'shine', id, { at: 2 + k, status: i % 2 ? 'approved' : 'pending' }));
          bookings.push(booking(`m${i}`, 'shine', id, { at: 2 + 352 + k, status: 'approved' }));
        }
      }
      // Not counted as next: a pending request whose time has passed, and a cancelled one.
      bookings.push(booking('gone', 'shine', 'c001', { at: -600, status: 'pending' }));
      bookings.push(booking('off', 'shine', 'c003', { at: 1, status: 'cancelled' }));
      // Another business's Smith never shows.
      clients.push(client('elsewhere', 'other', 'Zed', 'Smith'));
      bookings.push(booking('x', 'other', 'elsewhere', { at: 1, status: 'approved', total_cents: 1_000_000 }));
      for (let i = 0; i < clients.length; i += 100)
        await db
          .insertInto('clients')
          .values(clients.slice(i, i + 100))
          .execute();
      for (let i = 0; i < bookings.length; i += 100)
        await db
          .insertInto('bookings')
          .values(bookings.slice(i, i + 100))
          .execute();

      const repo = clientsRepository(store.db);
      // The slow way: every matching client's summed bookings, ordered, the rest by name.
      const expected = async (q: string, sort: 'recent' | 'next' | 'spent') => {
        const all = await repo.summaries(
          'shine',
          clients.filter((c) => c.business_id === 'shine').map((c) => c.id),
          NOW,
        );
        const matching = all.filter((c) => `${c.first_name} ${c.last_name}`.toLowerCase().includes(q));
        const key = (c: (typeof all)[number]) =>
          sort === 'spent' ? c.spent_cents || null : sort === 'recent' ? c.last_visit : c.next_visit;
        const ranked = matching.filter((c) => key(c) !== null);
        const rest = matching
          .filter((c) => key(c) === null)
          .sort(
            (a, b) =>
              a.last_name.localeCompare(b.last_name) ||
              a.first_name.localeCompare(b.first_name) ||
              a.id.localeCompare(b.id),
          );
        return { ranked, rest, key };
      };
      for (const q of ['', 'smith', 'lovelace']) {
        for (const sort of ['recent', 'next', 'spent'] as const) {
          const page = await repo.search('shine', { q, sort, limit: 50, now: NOW });
          const { ranked, rest, key } = await expected(q, sort);
          expect(page.length, `${q}/${sort}`).toBe(Math.min(50, ranked.length + rest.length));
          const keys = page.map((c) => key(c));
          const inOrder = keys.filter((k) => k !== null);
          // The ranked ones first, each in order (soonest next visit; else most recent or most spent).
          expect(keys.slice(0, inOrder.length), `${q}/${sort}`).toEqual(inOrder);
          expect(inOrder, `${q}/${sort}`).toEqual(
            [...inOrder].sort((a, b) =>
              sort === 'next'
                ? String(a).localeCompare(String(b))
                : sort === 'recent'
                  ? String(b).localeCompare(String(a))
                  : Number(b) - Number(a),
            ),
          );
          // ...and they are the top of all ranked matching clients (ties aside).
          const best = ranked
            .map(key)
            .sort((a, b) =>
              sort === 'next'
                ? String(a).localeCompare(String(b))
                : sort === 'recent'
                  ? String(b).localeCompare(String(a))
                  : Number(b) - Number(a),
            );
          expect(inOrder, `${q}/${sort}`).toEqual(best.slice(0, inOrder.length));
          expect(inOrder.length, `${q}/${sort}`).toBe(Math.min(50, ranked.length));
          // Then those with none, A to Z.
          expect(page.slice(inOrder.length).map((c) => c.id)).toEqual(
            rest.slice(0, 50 - inOrder.length).map((c) => c.id),
          );
          expect(page.every((c) => c.business_id === 'shine')).toBe(true);
        }
      }
    });
  });
});
