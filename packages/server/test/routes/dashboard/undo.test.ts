/**
 * Undo of the owner's Decline and calendar move (docs/decisions/014, domain/undo-window.ts):
 * within the window the booking is exactly as it was and the customer is never mailed;
 * after it, or once the booking changed since, or when its old time was taken meanwhile, or
 * when a dispatcher already took the mail, the undo is refused and nothing changes. A token
 * works once, for its own business only.
 */
import { ERRORS } from '@slotwise/shared/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_HOLD_MS, UNDO_ACCEPTED_MS, UNDO_WINDOW_MS } from '../../../src/domain/undo-window.ts';
import { runRetention } from '../../../src/jobs/customer-data-retention.ts';
import {
  book,
  bookAndToken,
  bookBody,
  DAY,
  detailer,
  engineApp,
  type Shop,
  START_CLOCK,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import { captureMail } from './fixtures.ts';

const base = '/api/business-dashboard';

describe.each(storages())('undo of a decline or a move on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  const mail = captureMail();
  let n = 0;

  beforeAll(async () => {
    t = await engineApp(kind, { mailTransport: mail.transport });
    shop = await detailer(t);
    other = await detailer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = START_CLOCK;
    await t.ctx.db.deleteFrom('booking_undos').execute();
    await t.ctx.db.deleteFrom('bookings').execute();
    await t.ctx.db.deleteFrom('mail_outbox').execute();
    mail.sent.length = 0;
  });

  /** A booking of its own customer, with its booking mails already sent. */
  async function booking(time = '10:00', owner: Shop = shop) {
    const customerEmail = `undo-${++n}@example.com`;
    const made = await bookAndToken(t, bookBody(owner, { date: DAY, time, customerEmail }));
    await t.ctx.mail.flush();
    mail.sent.length = 0;
    return { ...made, customerEmail };
  }
  const row = (id: string) =>
    t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const call = (owner: Shop, method: 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${base}/${url}`, headers: owner.auth, ...(payload ? { payload } : {}) });
  const decline = (id: string, owner: Shop = shop) => call(owner, 'PUT', `booking/decline/${id}`);
  const move = (id: string, startTime: string, owner: Shop = shop) =>
    call(owner, 'PUT', 'booking/reschedule', {
      bookingId: id,
      newTime: { day: DAY, startTime },
      requestor: 'business',
    });
  const undo = (token: string, owner: Shop = shop) => call(owner, 'POST', `booking/undo/${encodeURIComponent(token)}`);
  /** Everything due by the clock's time is sent; what went to `to`. */
  async function sentTo(to: string): Promise<string[]> {
    await t.ctx.mail.flush();
    return mail.sent.filter((m) => m.to === to).map((m) => m.subject);
  }
  const mailAbout = (id: string) =>
    // By when each is due: the fixtures' clock stands still, so both mails share one created_at,
    // which left PostgreSQL free to answer them in either order.
    t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('booking_id', '=', id)
      .orderBy('created_at')
      .orderBy('next_attempt_at')
      .orderBy('id')
      .execute();
  /** The whole row after an undo against before the change: the same but for the version, which moved on twice, and the time of the write. */
  function expectRestored(after: Record<string, unknown>, before: Record<string, unknown>, undoneAt: number) {
    expect(after.version).toBe(Number(before.version) + 2);
    expect(after.updated_at).toBe(undoneAt);
    expect({ ...after, version: before.version, updated_at: before.updated_at }).toEqual(before);
  }
  function expectRefused(res: { statusCode: number; json: () => { code: string; error: string } }, code: string) {
    expect(res.json().code).toBe(code);
    expect(res.statusCode).toBe(ERRORS[code as keyof typeof ERRORS].status);
    expect(res.json().error.length).toBeGreaterThan(20);
  }

  it('answers a decline with the booking as before plus an undo, whose token is not stored', async () => {
    const b = await booking();
    const res = await decline(b.bookingId);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      _id: b.bookingId,
      status: 'declined',
      customerEmail: b.customerEmail,
      bookingTime: { day: DAY, startTime: '10:00', endTime: '11:00' },
      version: 1,
      undo: { until: new Date(START_CLOCK + UNDO_WINDOW_MS).toISOString() },
    });
    expect(answer.undo.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.ctx.db.selectFrom('booking_undos').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      business_id: shop.businessId,
      booking_id: b.bookingId,
      kind: 'decline',
      expires_at: START_CLOCK + UNDO_ACCEPTED_MS,
      created_at: START_CLOCK,
    });
    expect(JSON.stringify(stored)).not.toContain(answer.undo.token);
  });

  it('undoes a decline within the window: the row as it was, the held mail deleted and never sent', async () => {
    const b = await booking();
    const before = await row(b.bookingId);
    const { undo: offer } = (await decline(b.bookingId)).json();
    const toCustomer = async () =>
      (await mailAbout(b.bookingId)).filter((m) => m.to_address === b.customerEmail).map((m) => m.subject);
    expect(await toCustomer()).toEqual(['Booking request received: Full Detail', 'Booking declined: Full Detail']);

    // The toast has closed, but an Undo pressed in its last moment is still on its way.
    t.clock.now = START_CLOCK + UNDO_ACCEPTED_MS - 1;
    const res = await undo(offer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: b.bookingId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      serviceName: 'Full Detail',
      customerEmail: b.customerEmail,
      phoneNumber: '+15551234567',
      carBodyType: 'SUV',
      answers: [{ question: 'Vehicle size', answer: 'SUV' }],
      totalQuote: before.total_cents / 100,
      customerAddress: before.customer_address,
      status: 'pending',
      bookingTime: { day: DAY, startTime: '10:00', endTime: '11:00' },
      version: 2,
      crewId: before.crew_id,
    });
    expectRestored(await row(b.bookingId), before, t.clock.now);
    expect(await toCustomer()).toEqual(['Booking request received: Full Detail']);
    expect(await t.ctx.db.selectFrom('booking_undos').selectAll().execute()).toEqual([]);

    t.clock.now = START_CLOCK + 10 * MAIL_HOLD_MS;
    expect(await sentTo(b.customerEmail)).toEqual([]);
    // The slot is held again: nobody else can book it.
    expect(
      (await book(t, bookBody(shop, { date: DAY, time: '10:00', customerEmail: 'x@example.com' }))).statusCode,
    ).toBe(409);
  });

  it('undoes a move within the window: the old time back, exactly, and no mail', async () => {
    const b = await booking('10:00');
    const before = await row(b.bookingId);
    const res = await move(b.bookingId, '14:00');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: b.bookingId,
      status: 'pending',
      bookingTime: { day: DAY, startTime: '14:00', endTime: '15:00' },
      undo: { until: new Date(START_CLOCK + UNDO_WINDOW_MS).toISOString() },
    });
    t.clock.now = START_CLOCK + 5_000;
    const undone = await undo(res.json().undo.token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({
      _id: b.bookingId,
      status: 'pending',
      bookingTime: { day: DAY, startTime: '10:00', endTime: '11:00' },
    });
    expect(undone.json()).not.toHaveProperty('undo');
    expectRestored(await row(b.bookingId), before, t.clock.now);
    t.clock.now = START_CLOCK + 10 * MAIL_HOLD_MS;
    expect(await sentTo(b.customerEmail)).toEqual([]);
    // 14:00 is free again.
    expect((await move((await booking('12:00')).bookingId, '14:00')).statusCode).toBe(200);
  });

  it('refuses an undo once its time has passed; the customer is mailed as without undo', async () => {
    const b = await booking();
    const { undo: offer } = (await decline(b.bookingId)).json();
    const declined = await row(b.bookingId);
    t.clock.now = START_CLOCK + UNDO_ACCEPTED_MS;
    const res = await undo(offer.token);
    expectRefused(res, 'UNDO_EXPIRED');
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe(
      'The time to undo has passed; the customer has been e-mailed that the booking is declined. Ask them to book again if you can take it after all.',
    );
    expect(await row(b.bookingId)).toEqual(declined);
    t.clock.now = START_CLOCK + MAIL_HOLD_MS;
    expect(await sentTo(b.customerEmail)).toEqual(['Booking declined: Full Detail']);
  });

  it('works once: a second undo of the same token is not found', async () => {
    const b = await booking();
    const { undo: offer } = (await decline(b.bookingId)).json();
    expect((await undo(offer.token)).statusCode).toBe(200);
    const restored = await row(b.bookingId);
    const again = await undo(offer.token);
    expectRefused(again, 'UNDO_NOT_FOUND');
    expect(again.statusCode).toBe(404);
    expect(await row(b.bookingId)).toEqual(restored);
  });

  it("refuses another business's token as not found and changes nothing; its owner's undo still works", async () => {
    const b = await booking();
    const { undo: offer } = (await decline(b.bookingId)).json();
    const declined = await row(b.bookingId);
    const outbox = await mailAbout(b.bookingId);
    const res = await undo(offer.token, other);
    expectRefused(res, 'UNDO_NOT_FOUND');
    expect(res.json().error).toBe(
      'There is nothing to undo with this token: it was used already, or it is not one of your changes. Reload to see your bookings as they are.',
    );
    expect(await row(b.bookingId)).toEqual(declined);
    expect(await mailAbout(b.bookingId)).toEqual(outbox);
    expect((await undo(offer.token)).statusCode).toBe(200);
  });

  it('refuses an unknown token as not found, and one that cannot be a token as not valid', async () => {
    expectRefused(await undo('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), 'UNDO_NOT_FOUND');
    const bad = await undo('not a token!');
    expectRefused(bad, 'VALIDATION_FAILED');
    expect(bad.json().error).toBe(
      'That is not an undo token; send the undo.token of the answer to your Decline or move.',
    );
  });

  it('refuses to undo a move when the old time was taken meanwhile, keeping the move and its mail', async () => {
    const b = await booking('10:00');
    const res = await move(b.bookingId, '14:00');
    // A customer books the freed 10:00 within the window.
    const taker = await book(t, bookBody(shop, { date: DAY, time: '10:00', customerEmail: 'quick@example.com' }));
    expect(taker.statusCode).toBe(201);
    const moved = await row(b.bookingId);
    const undone = await undo(res.json().undo.token);
    expectRefused(undone, 'TIME_OVERLAPS');
    expect(undone.statusCode).toBe(409);
    expect(undone.json().error).toBe(
      `The booking's old time now overlaps a booking (Full Detail, ${DAY} 10:00 AM – 11:00 AM), so the move cannot be undone. Move the booking to a free time yourself.`,
    );
    expect(await row(b.bookingId)).toEqual(moved);
    t.clock.now = START_CLOCK + MAIL_HOLD_MS;
    expect(await sentTo(b.customerEmail)).toEqual(['Booking moved: Full Detail']);
  });

  it('refuses to undo a decline when its time was booked meanwhile', async () => {
    const b = await booking('10:00');
    const { undo: offer } = (await decline(b.bookingId)).json();
    expect(
      (await book(t, bookBody(shop, { date: DAY, time: '10:30', customerEmail: 'q@example.com' }))).statusCode,
    ).toBe(201);
    const res = await undo(offer.token);
    expectRefused(res, 'TIME_OVERLAPS');
    expect(res.json().error).toMatch(/so the decline cannot be undone; the booking stays declined\.$/);
    expect((await row(b.bookingId)).status).toBe('declined');
  });

  it('refuses once the booking changed since, saying how it is now; a later change releases the held mail', async () => {
    const b = await booking('10:00');
    const first = (await move(b.bookingId, '14:00')).json();
    t.clock.now += 1_000;
    const second = (await move(b.bookingId, '16:00')).json();
    const now16 = await row(b.bookingId);
    const res = await undo(first.undo.token);
    expectRefused(res, 'BOOKING_CHANGED_SINCE');
    expect(res.json().error).toBe(
      'This booking has changed since you moved it (it is now pending, on Wednesday, December 2, 2026 at 4:00 PM), so the move cannot be undone. Reload to see it as it is now.',
    );
    expect(await row(b.bookingId)).toEqual(now16);
    // The second move's undo still works, back to 14:00; the first move's mail went out at once.
    const undone = await undo(second.undo.token);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().bookingTime).toMatchObject({ startTime: '14:00', endTime: '15:00' });
    expect(await sentTo(b.customerEmail)).toEqual(['Booking moved: Full Detail']);
    t.clock.now = START_CLOCK + 10 * MAIL_HOLD_MS;
    expect(await sentTo(b.customerEmail)).toEqual(['Booking moved: Full Detail']);
  });

  it("refuses when the customer's own reschedule came in between", async () => {
    const b = await booking('10:00');
    const moved = (await move(b.bookingId, '14:00')).json();
    const customer = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/reschedule',
      payload: { token: b.token, newDateTime: `${DAY}T16:00` },
    });
    expect(customer.statusCode).toBe(200);
    expectRefused(await undo(moved.undo.token), 'BOOKING_CHANGED_SINCE');
    expect((await row(b.bookingId)).start_time).toBe('16:00');
  });

  it('refuses when a dispatcher already claimed the held mail, and keeps everything', async () => {
    const b = await booking();
    const { undo: offer } = (await decline(b.bookingId)).json();
    // Another instance, its clock ahead, claims the mail (as MailDispatcher does) before the undo.
    const held = (await mailAbout(b.bookingId)).find((m) => m.sent_at === null)!;
    await t.ctx.db
      .updateTable('mail_outbox')
      .set({ claimed_until: START_CLOCK + 60_000 })
      .where('id', '=', held.id)
      .execute();
    const declined = await row(b.bookingId);
    const res = await undo(offer.token);
    expectRefused(res, 'UNDO_EXPIRED');
    expect(await row(b.bookingId)).toEqual(declined);
    expect((await mailAbout(b.bookingId)).map((m) => m.id)).toContain(held.id);
    expect(await t.ctx.db.selectFrom('booking_undos').select('token_hash').execute()).toHaveLength(1);
  });

  it("deletes a business's expired records at its next change, and the retention pass any left", async () => {
    const first = await booking('10:00');
    await decline(first.bookingId);
    const theirs = await booking('10:00', other);
    await decline(theirs.bookingId, other);
    t.clock.now = START_CLOCK + UNDO_ACCEPTED_MS;
    const second = await booking('12:00');
    await decline(second.bookingId);
    const left = await t.ctx.db.selectFrom('booking_undos').select(['booking_id']).orderBy('created_at').execute();
    // This business's expired record went; the other business's waits for its own next change.
    expect(left.map((r) => r.booking_id)).toEqual([theirs.bookingId, second.bookingId]);

    t.clock.now = START_CLOCK + 2 * 24 * 3600_000;
    expect(await runRetention(t.ctx)).toMatchObject({ ran: true });
    expect(await t.ctx.db.selectFrom('booking_undos').select(['booking_id']).execute()).toEqual([]);
  });
});

describe('a shorter undo window (UNDO_WINDOW_MS, the e2e server only)', () => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  const mail = captureMail();

  beforeAll(async () => {
    t = await engineApp('sqlite', { mailTransport: mail.transport, env: { UNDO_WINDOW_MS: '3000' } });
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  it('moves the toast, the last accepted press and the held mail together, 2 s and 5 s after the window', async () => {
    const customerEmail = 'short-undo@example.com';
    const { bookingId } = await bookAndToken(t, bookBody(shop, { date: DAY, time: '10:00', customerEmail }));
    await t.ctx.mail.flush();
    mail.sent.length = 0;
    const res = await t.app.inject({ method: 'PUT', url: `${base}/booking/decline/${bookingId}`, headers: shop.auth });
    expect(res.json().undo.until).toBe(new Date(START_CLOCK + 3_000).toISOString());
    expect(await t.ctx.db.selectFrom('booking_undos').select('expires_at').execute()).toEqual([
      { expires_at: START_CLOCK + 5_000 },
    ]);
    const held = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('next_attempt_at')
      .where('booking_id', '=', bookingId)
      .where('sent_at', 'is', null)
      .execute();
    expect(held).toEqual([{ next_attempt_at: START_CLOCK + 8_000 }]);

    t.clock.now = START_CLOCK + 5_000;
    const late = await t.app.inject({
      method: 'POST',
      url: `${base}/booking/undo/${encodeURIComponent(res.json().undo.token)}`,
      headers: shop.auth,
    });
    expect(late.json().code).toBe('UNDO_EXPIRED');
    t.clock.now = START_CLOCK + 8_000;
    await t.ctx.mail.flush();
    expect(mail.sent.filter((m) => m.to === customerEmail).map((m) => m.subject)).toEqual([
      'Booking declined: Full Detail',
    ]);
  });
});
