import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, withBusinessLock } from '../../src/db/transaction.ts';
import { createTestApp, storages, type TestApp } from '../helpers.ts';

describe.each(storages())('the calendar change counter on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const generation = () => t.ctx.store.changes.generation;

  it('stays put for reads and for bookkeeping writes (mail, rate limits, keys, feedback)', async () => {
    const before = generation();
    await t.ctx.db.selectFrom('bookings').select('id').limit(1).execute();
    await t.ctx.db.deleteFrom('mail_outbox').where('id', '=', randomUUID()).execute();
    await t.ctx.db.deleteFrom('rate_limits').where('key', '=', 'nothing').execute();
    await t.ctx.db.deleteFrom('idempotency_keys').where('key', '=', 'nothing').execute();
    await t.ctx.db.deleteFrom('feedback').where('id', '=', randomUUID()).execute();
    expect(generation()).toBe(before);
  });

  it('moves on any write to a calendar table, inside a transaction or not', async () => {
    let before = generation();
    await t.ctx.db.updateTable('businesses').set({ updated_at: 1 }).where('id', '=', randomUUID()).execute();
    expect(generation()).toBeGreaterThan(before);
    before = generation();
    await t.ctx.db.deleteFrom('blocked_times').where('id', '=', randomUUID()).execute();
    expect(generation()).toBeGreaterThan(before);
    before = generation();
    await inTransaction(t.ctx.store, (trx) =>
      trx.deleteFrom('availability').where('business_id', '=', randomUUID()).execute(),
    );
    expect(generation()).toBeGreaterThan(before);
  });

  it('moves again when a transaction ends, committed or rolled back', async () => {
    let seenInside = 0;
    await withBusinessLock(t.ctx.store, randomUUID(), async (trx) => {
      await trx.deleteFrom('bookings').where('id', '=', randomUUID()).execute();
      seenInside = generation();
    });
    expect(generation()).toBeGreaterThan(seenInside);
    await expect(
      withBusinessLock(t.ctx.store, randomUUID(), async (trx) => {
        await trx.deleteFrom('bookings').where('id', '=', randomUUID()).execute();
        seenInside = generation();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(generation()).toBeGreaterThan(seenInside);
  });

  const settings = () => t.ctx.store.changes.settingsGeneration;

  it("moves the settings counter on writes of what a grid source holds, not on a booking's", async () => {
    let before = settings();
    await withBusinessLock(t.ctx.store, randomUUID(), async (trx) => {
      await trx.deleteFrom('bookings').where('id', '=', randomUUID()).execute();
      await trx.deleteFrom('blocked_times').where('id', '=', randomUUID()).execute();
      await trx.deleteFrom('manage_tokens').where('booking_id', '=', randomUUID()).execute();
    });
    expect(settings()).toBe(before);
    const nobody = randomUUID();
    const writes = {
      businesses: () => t.ctx.db.deleteFrom('businesses').where('id', '=', nobody).execute(),
      users: () => t.ctx.db.deleteFrom('users').where('id', '=', nobody).execute(),
      availability: () => t.ctx.db.deleteFrom('availability').where('business_id', '=', nobody).execute(),
      services: () => t.ctx.db.deleteFrom('services').where('id', '=', nobody).execute(),
      crews: () => t.ctx.db.deleteFrom('crews').where('id', '=', nobody).execute(),
    };
    for (const [table, write] of Object.entries(writes)) {
      before = settings();
      await write();
      expect(settings(), table).toBeGreaterThan(before);
    }
  });

  it('moves the settings counter again when a transaction that wrote settings ends', async () => {
    let seenInside = 0;
    await withBusinessLock(t.ctx.store, randomUUID(), async (trx) => {
      await trx.deleteFrom('services').where('id', '=', randomUUID()).execute();
      seenInside = settings();
    });
    expect(settings()).toBeGreaterThan(seenInside);
  });
});
