import { randomUUID } from 'node:crypto';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOverlapViolation } from '../../../src/db/errors.ts';
import {
  book,
  bookBody,
  CUSTOMER_ADDRESS,
  DAY,
  detailer,
  engineApp,
  LA,
  SATURDAY,
  type Shop,
  START_CLOCK,
  twoPgInstances,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const SLOT_TAKEN = 'That time was just booked. Please pick another slot.';

describe.each(storages())('POST /api/customer/book on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const rows = (businessId = shop.businessId) =>
    t.ctx.db.selectFrom('bookings').selectAll().where('business_id', '=', businessId).orderBy('start_ms').execute();

  it('creates a pending booking priced on the server and answers 201', async () => {
    const res = await book(t, { ...bookBody(shop, { time: '10:00' }), totalQuote: 1, price: 0 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      bookingTime: { day: DAY, startTime: '10:00', endTime: '11:00' },
    });
    expect(body.totalQuote).toBeGreaterThan(145);
    const row = await t.ctx.repos.bookings.find(shop.businessId, body.bookingId);
    expect(row).toMatchObject({
      status: 'pending',
      service_id: shop.fullId,
      service_name: 'Full Detail',
      duration_min: 60,
      first_name: 'Ada',
      customer_email: 'ada@example.com',
      car_body_type: 'SUV',
      customer_address: CUSTOMER_ADDRESS,
      start_ms: localToUtcMs(DAY, '10:00', LA),
      end_ms: localToUtcMs(DAY, '11:00', LA),
    });
    expect(row!.total_cents).toBe(Math.round(body.totalQuote * 100));
    expect(JSON.parse(row!.quote_lines)).toHaveLength(3);
    // Only the token's hash is stored.
    const stored = await t.ctx.db
      .selectFrom('manage_tokens')
      .selectAll()
      .where('booking_id', '=', body.bookingId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('queues the customer mail with working links and the owner notice in the same transaction', async () => {
    const res = await book(t, bookBody(shop, { time: '11:00', customerEmail: 'grace@example.com' }));
    expect(res.statusCode).toBe(201);
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', 'in', ['grace@example.com', shop.email])
      .execute();
    const customer = mail.find((m) => m.to_address === 'grace@example.com');
    expect(customer?.subject).toBe('Booking request received: Full Detail');
    expect(customer?.text_body).toMatch(
      new RegExp(`http://localhost:3000/customer/reschedule\\?token=[\\w-]+&businessId=${shop.businessId}`),
    );
    expect(customer?.text_body).toMatch(/http:\/\/localhost:3000\/customer\/cancel\?token=[\w-]+/);
    expect(mail.find((m) => m.to_address === shop.email)?.subject).toBe('New booking to approve: Ada Lovelace');
  });

  it('stores no car type for a business that is not a car detailer', async () => {
    const cleaner = await detailer(t);
    await t.ctx.db
      .updateTable('businesses')
      .set({ niche: 'home-cleaning' })
      .where('id', '=', cleaner.businessId)
      .execute();
    const res = await book(t, bookBody(cleaner, { time: '10:00' }));
    expect(res.statusCode).toBe(201);
    expect((await rows(cleaner.businessId))[0]?.car_body_type).toBeNull();
  });

  it('refuses a taken slot, a partial overlap, and allows back-to-back', async () => {
    const first = await book(t, bookBody(shop, { time: '14:00' }));
    expect(first.statusCode).toBe(201);
    const same = await book(t, bookBody(shop, { time: '14:00', customerEmail: 'b@example.com' }));
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(SLOT_TAKEN);
    const partial = await book(t, bookBody(shop, { time: '13:30' }));
    expect(partial.statusCode).toBe(409);
    const inside = await book(t, bookBody(shop, { serviceId: shop.quickId, time: '14:30' }));
    expect(inside.statusCode).toBe(409);
    expect((await book(t, bookBody(shop, { time: '15:00' }))).statusCode).toBe(201);
    expect((await book(t, bookBody(shop, { serviceId: shop.quickId, time: '13:30' }))).statusCode).toBe(201);
  });

  it('refuses a slot covered by a blocked time', async () => {
    await t.ctx.repos.calendar.insertBlocked(t.ctx.db, {
      id: randomUUID(),
      business_id: shop.businessId,
      title: 'Meeting',
      reason: 'meeting',
      start_ms: localToUtcMs(DAY, '17:15', LA),
      end_ms: localToUtcMs(DAY, '17:45', LA),
      created_at: t.ctx.now(),
    });
    const res = await book(t, bookBody(shop, { time: '17:00' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SLOT_TAKEN);
  });

  it('frees the slot of a declined or cancelled booking', async () => {
    const day = '2026-12-08';
    const first = await book(t, bookBody(shop, { date: day, time: '10:00' }));
    await t.ctx.db
      .updateTable('bookings')
      .set({ status: 'declined' })
      .where('id', '=', first.json().bookingId)
      .execute();
    const second = await book(t, bookBody(shop, { date: day, time: '10:00' }));
    expect(second.statusCode).toBe(201);
    await t.ctx.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', second.json().bookingId)
      .execute();
    expect((await book(t, bookBody(shop, { date: day, time: '10:30' }))).statusCode).toBe(201);
  });

  it.each([
    [
      { time: '10:15' },
      400,
      /10:15 AM is not one of the offered times on 2026-12-02: slots start every 30 minutes from opening \(10:00 AM, 10:30 AM, \.\.\.\)/,
    ],
    [{ time: '9:00' }, 400, /HH:MM/],
    [{ time: '07:00' }, 400, /not one of the offered times/],
    [{ time: '18:30' }, 409, /would run past closing time \(7:00 PM\) from 6:30 PM/],
    [{ date: SATURDAY }, 409, /closed on Saturdays/],
    [{ date: '2026-11-30' }, 409, /already passed/],
    [{ date: '2026-02-30' }, 400, /YYYY-MM-DD/],
    [{ customerEmail: 'not-an-email' }, 400, /valid email/],
    [{ phoneNumber: '12' }, 400, /country code/],
    [{ firstName: '' }, 400, /First name is required/],
    [{ lastName: '<script>' }, 400, /Last name contains characters that are not allowed/],
    [{ address: 'Atlantis' }, 400, /We could not locate that address/],
    [{ answer: { option: 'Tank' } }, 400, /Answer "Vehicle size" with one of/],
    [{ serviceId: 'x' }, 400, /valid id/],
  ])('refuses %j (%i)', async (over, status, message) => {
    const res = await book(t, bookBody(shop, over as object));
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatch(message);
  });

  it.each([
    ['+1 (512) 555-0123', '+15125550123'],
    ['512.555.0123', '+15125550123'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 5551234567', '+15551234567'],
  ])('stores the phone %s as E.164 (%s), a number without a country code as a US one', async (phone, e164) => {
    const body = bookBody(shop, {
      date: '2026-12-16',
      time: '17:00',
      phoneNumber: phone,
      customerEmail: 'phone@example.com',
    });
    const res = await book(t, body);
    expect(res.json().error).toBeUndefined();
    expect(res.statusCode).toBe(201);
    const row = await t.ctx.repos.bookings.find(shop.businessId, res.json().bookingId);
    expect(row?.phone_number).toBe(e164);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', res.json().bookingId).execute();
  });

  it.each(['12', 'call me', '+1 555', '+1 512 555 0123 ext. 5', '+1 512 555 0123 999', ''])(
    "refuses the phone %j with the booking call's sentence and a stable code",
    async (phone) => {
      const res = await book(t, bookBody(shop, { time: '17:00', phoneNumber: phone }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        error: 'Enter a phone number with its country code, like +1 5551234567.',
      });
    },
  );

  it('answers 404 for an unknown business or service', async () => {
    expect((await book(t, bookBody(shop, { businessId: randomUUID() }))).statusCode).toBe(404);
    expect((await book(t, bookBody(shop, { serviceId: randomUUID() }))).statusCode).toBe(404);
  });

  describe('Idempotency-Key', () => {
    it('is required and must look like a key', async () => {
      const missing = await book(t, bookBody(shop, { time: '16:00' }), null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatch(/Send an Idempotency-Key header/);
      const short = await book(t, bookBody(shop, { time: '16:00' }), 'abc');
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toMatch(/must be 8 to 128/);
      const spaces = await book(t, bookBody(shop, { time: '16:00' }), 'has spaces in it');
      expect(spaces.statusCode).toBe(400);
    });

    it('replays the first answer to a retry with the same body, never booking twice', async () => {
      const key = randomUUID();
      const body = bookBody(shop, { date: '2026-12-09', time: '10:00' });
      const first = await book(t, body, key);
      expect(first.statusCode).toBe(201);
      // Same data, keys in another order.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = await book(t, reordered, key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      const day = await t.ctx.db.selectFrom('bookings').select('id').where('day', '=', '2026-12-09').execute();
      expect(day).toHaveLength(1);
    });

    it('answers 422 to the same key with another body', async () => {
      const key = randomUUID();
      expect((await book(t, bookBody(shop, { date: '2026-12-10', time: '10:00' }), key)).statusCode).toBe(201);
      const other = await book(t, bookBody(shop, { date: '2026-12-10', time: '12:00' }), key);
      expect(other.statusCode).toBe(422);
      expect(other.json().error).toMatch(/already used for a different booking request/);
    });

    it('replays concurrent retries of one key as one booking', async () => {
      const key = randomUUID();
      const body = bookBody(shop, { date: '2026-12-11', time: '10:00' });
      const answers = await Promise.all(Array.from({ length: 5 }, () => book(t, body, key)));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.json().bookingId)).size).toBe(1);
      const day = await t.ctx.db.selectFrom('bookings').select('id').where('day', '=', '2026-12-11').execute();
      expect(day).toHaveLength(1);
    });

    it('keeps a key 24 hours; after that the request is evaluated afresh', async () => {
      const key = randomUUID();
      const body = bookBody(shop, { date: '2026-12-14', time: '10:00' });
      expect((await book(t, body, key)).statusCode).toBe(201);
      t.clock.now = START_CLOCK + 23 * 3600_000;
      expect((await book(t, body, key)).statusCode).toBe(201);
      t.clock.now = START_CLOCK + 24 * 3600_000 + 1;
      try {
        const late = await book(t, body, key);
        // Not replayed: the slot is now held by the first booking.
        expect(late.statusCode).toBe(409);
        expect(late.json().error).toBe(SLOT_TAKEN);
        // And a new key after expiry can be stored again.
        expect((await book(t, bookBody(shop, { date: '2026-12-14', time: '12:00' }), key)).statusCode).toBe(201);
      } finally {
        t.clock.now = START_CLOCK;
      }
    });

    it('does not store refusals: a retry after the slot frees up books', async () => {
      const key = randomUUID();
      const day = '2026-12-15';
      const holder = await book(t, bookBody(shop, { date: day, time: '10:00' }));
      const refused = await book(t, bookBody(shop, { date: day, time: '10:00', firstName: 'Bo' }), key);
      expect(refused.statusCode).toBe(409);
      await t.ctx.db
        .updateTable('bookings')
        .set({ status: 'cancelled' })
        .where('id', '=', holder.json().bookingId)
        .execute();
      expect((await book(t, bookBody(shop, { date: day, time: '10:00', firstName: 'Bo' }), key)).statusCode).toBe(201);
    });
  });

  it('50 concurrent bookings of one slot: exactly one 201, 49 x 409, one row', async () => {
    const day = '2026-12-16';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book(t, bookBody(shop, { date: day, time: '13:00', firstName: `C${i}` }))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error).toBe(SLOT_TAKEN);
    const held = await t.ctx.db.selectFrom('bookings').select('id').where('day', '=', day).execute();
    expect(held).toHaveLength(1);
  });

  it('the database itself refuses overlapping pending/approved rows (trigger / exclusion constraint)', async () => {
    const day = '2026-12-17';
    const res = await book(t, bookBody(shop, { date: day, time: '10:00' }));
    const row = (await t.ctx.repos.bookings.find(shop.businessId, res.json().bookingId))!;
    const copy = (over: Partial<typeof row>) => ({ ...row, id: randomUUID(), ...over });
    const half = 30 * 60_000;
    const attempt = async (over: Partial<typeof row>) => {
      try {
        await t.ctx.repos.calendar.insertBooking(t.ctx.db, copy(over));
        return 'inserted';
      } catch (err) {
        return isOverlapViolation(err) ? 'overlap' : String(err);
      }
    };
    expect(await attempt({ start_ms: row.start_ms + half, end_ms: row.end_ms + half })).toBe('overlap');
    expect(await attempt({ status: 'approved', start_ms: row.start_ms - half, end_ms: row.end_ms - half })).toBe(
      'overlap',
    );
    expect(await attempt({ status: 'cancelled' })).toBe('inserted');
    expect(await attempt({ start_ms: row.end_ms, end_ms: row.end_ms + half })).toBe('inserted');
    // Updates too: moving a cancelled row back to pending over the original is refused.
    const cancelled = copy({ status: 'cancelled' });
    await t.ctx.repos.calendar.insertBooking(t.ctx.db, cancelled);
    await expect(
      t.ctx.db.updateTable('bookings').set({ status: 'pending' }).where('id', '=', cancelled.id).execute(),
    ).rejects.toSatisfy(isOverlapViolation);
  });
});

describe.runIf(storages().includes('postgres'))('two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let shop: Shop;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ first, second, shop, close } = await twoPgInstances());
  });
  afterAll(() => close());

  it('50 concurrent bookings of one slot split across both: exactly one 201, 49 x 409, one row', async () => {
    const day = '2026-12-16';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(i % 2 ? first : second, bookBody(shop, { date: day, time: '13:00', firstName: `C${i}` })),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const held = await first.ctx.db.selectFrom('bookings').select('id').where('day', '=', day).execute();
    expect(held).toHaveLength(1);
  });

  it('a retry with the same key on the other instance replays the first answer', async () => {
    const key = randomUUID();
    const body = bookBody(shop, { date: '2026-12-17', time: '10:00' });
    const a = await book(first, body, key);
    const b = await book(second, body, key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
  });
});
