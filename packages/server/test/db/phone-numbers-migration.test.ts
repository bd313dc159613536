import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../src/db/migrations/2026-11-27T1110_phone_numbers_e164.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';
import { insertBooking } from '../routes/dashboard/fixtures.ts';

/** As typed before numbers were stored as E.164, and what the migration makes of them. */
const STORED: [string, string][] = [
  ['+1 5551234567', '+15551234567'],
  ['+1 (512) 555-0123', '+15125550123'],
  ['512.555.0123', '+15125550123'],
  ['+44 7700 900123', '+447700900123'],
  ['+91-9876543210', '+919876543210'],
  ['+15125550123', '+15125550123'],
  // Not numbers a phone can call: left as they were.
  ['', ''],
  ['call me', 'call me'],
  ['+1 555', '+1 555'],
  ['+1 512 555 0123 ext. 7', '+1 512 555 0123 ext. 7'],
];

describe.each(storages())('the E.164 migration of stored phone numbers on %s', (kind) => {
  let t: TestApp;
  let businessId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ businessId } = await onboardedOwner(t.app));
  });
  afterAll(() => t.close());

  it("converts owners' and customers' numbers that read as one, once per distinct value, and leaves the rest", async () => {
    const userIds: string[] = [];
    const bookingIds: string[] = [];
    for (const [i, [stored]] of STORED.entries()) {
      const id = randomUUID();
      userIds.push(id);
      await t.ctx.db
        .insertInto('users')
        .values({ id, email: `legacy${i}@example.com`, password_hash: 'x', phone_number: stored, created_at: 0 })
        .execute();
      // Two bookings per number (cancelled, so they may share a time): the update by value reaches both.
      for (const day of ['2026-12-02', '2026-12-03']) {
        const booking = await insertBooking(t.ctx, businessId, {
          day,
          startTime: '10:00',
          endTime: '11:00',
          status: 'cancelled',
        });
        await t.ctx.db.updateTable('bookings').set({ phone_number: stored }).where('id', '=', booking).execute();
        bookingIds.push(booking);
      }
    }

    await up(t.ctx.db);
    const users = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'phone_number'])
      .where('id', 'in', userIds)
      .execute();
    const bookings = await t.ctx.db
      .selectFrom('bookings')
      .select(['id', 'phone_number'])
      .where('id', 'in', bookingIds)
      .execute();
    const byId = new Map([...users, ...bookings].map((r) => [r.id, r.phone_number]));
    for (const [i, [, expected]] of STORED.entries()) {
      expect(byId.get(userIds[i]!)).toBe(expected);
      expect(byId.get(bookingIds[2 * i]!)).toBe(expected);
      expect(byId.get(bookingIds[2 * i + 1]!)).toBe(expected);
    }

    // A second run finds nothing left to change.
    await up(t.ctx.db);
    const again = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'phone_number'])
      .where('id', 'in', userIds)
      .execute();
    expect(new Map(again.map((r) => [r.id, r.phone_number]))).toEqual(
      new Map(users.map((r) => [r.id, r.phone_number])),
    );
  });
});
