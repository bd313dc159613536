import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow, insertRows, prepared } from '../../src/db/prepared.ts';
import { withBusinessLock } from '../../src/db/transaction.ts';
import { createTestApp, storages, type TestApp } from '../helpers.ts';

const feedbackOfType = prepared(['type', 'after'], (db, v: { type: string; after: number }) =>
  db
    .selectFrom('feedback')
    .select(['id', 'description'])
    .where('type', '=', v.type)
    .where('created_at', '>', v.after)
    .where('place', 'in', ['widget', 'dashboard'])
    .orderBy('created_at')
    .limit(2),
);
const deleteBlocked = prepared(['id'], (db, v: { id: string }) =>
  db.deleteFrom('blocked_times').where('id', '=', v.id),
);

describe.each(storages())('prepared queries on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function addFeedback(type: string, place: string, description: string, createdAt: number) {
    const id = randomUUID();
    await insertRow(t.ctx.db, 'feedback', { id, type, place, description, created_at: createdAt });
    return id;
  }

  it("runs each call with that call's values, and keeps the query's own constants (in, limit)", async () => {
    const a = `a-${randomUUID()}`;
    const b = `b-${randomUUID()}`;
    await addFeedback(a, 'widget', 'first', 10);
    await addFeedback(a, 'dashboard', 'second', 20);
    await addFeedback(a, 'widget', 'third', 30);
    await addFeedback(a, 'landing', 'not in the list', 40);
    await addFeedback(b, 'widget', 'other type', 50);

    expect((await feedbackOfType(t.ctx.db, { type: a, after: 0 })).map((r) => r.description)).toEqual([
      'first',
      'second',
    ]);
    expect((await feedbackOfType(t.ctx.db, { type: a, after: 15 })).map((r) => r.description)).toEqual([
      'second',
      'third',
    ]);
    expect((await feedbackOfType(t.ctx.db, { type: b, after: 0 })).map((r) => r.description)).toEqual(['other type']);
    expect(await feedbackOfType(t.ctx.db, { type: a, after: 40 })).toEqual([]);
  });

  it('runs inside a transaction, and its writes roll back with it', async () => {
    const type = `tx-${randomUUID()}`;
    await expect(
      withBusinessLock(t.ctx.store, randomUUID(), async (trx) => {
        await insertRow(trx, 'feedback', { id: randomUUID(), type, place: 'widget', description: 'x', created_at: 1 });
        expect(await feedbackOfType(trx, { type, after: 0 })).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await feedbackOfType(t.ctx.db, { type, after: 0 })).toEqual([]);
  });

  it('lets plugins see every run, not only the first: each calendar write moves the change counter', async () => {
    for (let i = 0; i < 3; i++) {
      const before = t.ctx.store.changes.generation;
      await deleteBlocked(t.ctx.db, { id: randomUUID() });
      expect(t.ctx.store.changes.generation).toBeGreaterThan(before);
    }
  });

  it('refuses a call that leaves out a value, instead of binding nothing', async () => {
    await expect(feedbackOfType(t.ctx.db, { type: 'x' } as never)).rejects.toThrow(
      'prepared query: no value for "after"',
    );
  });

  it('inserts several rows in one statement, each with its own values, whatever their count', async () => {
    const type = `rows-${randomUUID()}`;
    const row = (description: string, createdAt: number) => ({
      id: randomUUID(),
      type,
      place: 'widget',
      description,
      created_at: createdAt,
    });
    await insertRows(t.ctx.db, 'feedback', [row('one', 1), row('two', 2)]);
    await insertRows(t.ctx.db, 'feedback', [row('three', 3), row('four', 4), row('five', 5)]);
    await insertRows(t.ctx.db, 'feedback', []);
    const stored = await t.ctx.db
      .selectFrom('feedback')
      .select(['description', 'created_at'])
      .where('type', '=', type)
      .orderBy('created_at')
      .execute();
    expect(stored).toEqual([
      { description: 'one', created_at: 1 },
      { description: 'two', created_at: 2 },
      { description: 'three', created_at: 3 },
      { description: 'four', created_at: 4 },
      { description: 'five', created_at: 5 },
    ]);
  });

  it('inserts rows of different column sets into one table, leaving out undefined columns', async () => {
    const mail = (id: string, attempts: number | undefined) => ({
      id,
      to_address: 'a@example.com',
      subject: 's',
      text_body: 't',
      html_body: 'h',
      next_attempt_at: 5,
      claimed_until: null,
      sent_at: null,
      last_error: null,
      created_at: 5,
      attempts,
    });
    const attemptsOf = async (id: string) =>
      (await t.ctx.db.selectFrom('mail_outbox').select('attempts').where('id', '=', id).executeTakeFirstOrThrow())
        .attempts;
    const first = randomUUID();
    await insertRow(t.ctx.db, 'mail_outbox', mail(first, undefined));
    // Left out, so the column's default applies.
    expect(await attemptsOf(first)).toBe(0);
    const second = randomUUID();
    await insertRow(t.ctx.db, 'mail_outbox', mail(second, 3));
    expect(await attemptsOf(second)).toBe(3);
  });
});
