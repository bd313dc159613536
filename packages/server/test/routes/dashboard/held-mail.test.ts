/**
 * The customer's mail of an owner's Decline or calendar move waits out the undo window
 * (domain/undo-window.ts, docs/decisions/014) and then goes with nobody doing anything
 * more; Approve mails at once. A later change of the booking releases what an earlier one
 * held, so the customer reads the changes in order, and no reminder of a held move's new
 * time goes out before the move's own mail.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_HOLD_MS } from '../../../src/domain/undo-window.ts';
import { sendDueReminders } from '../../../src/jobs/reminders.ts';
import { bookAndToken, bookBody, detailer, engineApp, type Shop, START_CLOCK } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import { captureMail } from './fixtures.ts';

const base = '/api/business-dashboard';

describe.each(storages())('mail held for the undo window on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  const mail = captureMail();
  let n = 0;

  beforeAll(async () => {
    t = await engineApp(kind, { mailTransport: mail.transport });
    shop = await detailer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = START_CLOCK;
    await t.ctx.db.deleteFrom('bookings').execute();
    await t.ctx.db.deleteFrom('mail_outbox').execute();
    mail.sent.length = 0;
  });

  /** A booking of its own customer (so mails are told apart), its manage token, and no mail sent yet. */
  async function booking(day: string, time: string) {
    const customerEmail = `held-${++n}@example.com`;
    const made = await bookAndToken(t, bookBody(shop, { date: day, time, customerEmail }));
    await t.ctx.mail.flush();
    mail.sent.length = 0;
    return { ...made, customerEmail };
  }
  const owner = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${base}/${url}`, headers: shop.auth, ...(payload ? { payload } : {}) });
  const move = (bookingId: string, day: string, startTime: string) =>
    owner('PUT', 'booking/reschedule', { bookingId, newTime: { day, startTime }, requestor: 'business' });
  /** Sends whatever is due at the clock's time, then says what went to `to`. */
  async function sentTo(to: string): Promise<string[]> {
    await t.ctx.mail.flush();
    return mail.sent.filter((m) => m.to === to).map((m) => m.subject);
  }

  it('holds a decline mail until the hold has passed, then sends it', async () => {
    const b = await booking('2026-12-02', '10:00');
    expect((await owner('PUT', `booking/decline/${b.bookingId}`)).statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('booking_id', '=', b.bookingId)
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row.next_attempt_at).toBe(START_CLOCK + MAIL_HOLD_MS);

    t.clock.now = START_CLOCK + MAIL_HOLD_MS - 1;
    expect(await sentTo(b.customerEmail)).toEqual([]);
    t.clock.now = START_CLOCK + MAIL_HOLD_MS;
    expect(await sentTo(b.customerEmail)).toEqual(['Booking declined: Full Detail']);
  });

  it('holds the mail of a move on the calendar the same way', async () => {
    const b = await booking('2026-12-02', '10:00');
    expect((await move(b.bookingId, '2026-12-02', '14:00')).statusCode).toBe(200);
    t.clock.now = START_CLOCK + MAIL_HOLD_MS - 1;
    expect(await sentTo(b.customerEmail)).toEqual([]);
    t.clock.now = START_CLOCK + MAIL_HOLD_MS;
    expect(await sentTo(b.customerEmail)).toEqual(['Booking moved: Full Detail']);
  });

  it('mails an approval at once', async () => {
    const b = await booking('2026-12-02', '10:00');
    expect((await owner('PUT', `booking/approve/${b.bookingId}`)).statusCode).toBe(200);
    expect(await sentTo(b.customerEmail)).toEqual(['Booking confirmed: Full Detail']);
  });

  it("sends a held move's mail at once, before the next change's, when the booking changes again", async () => {
    const b = await booking('2026-12-02', '10:00');
    expect((await move(b.bookingId, '2026-12-02', '14:00')).statusCode).toBe(200);
    t.clock.now += 1_000;
    // The customer, with the page of an earlier mail open, moves it again 1 s later.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/reschedule',
      payload: { token: b.token, newDateTime: '2026-12-03T11:00' },
    });
    expect(res.statusCode).toBe(200);
    // Both go now, without waiting for the first's hold: the move to 14:00 first, then the customer's own.
    await t.ctx.mail.flush();
    const moved = mail.sent.filter((m) => m.to === b.customerEmail);
    expect(moved.map((m) => m.subject)).toEqual(['Booking moved: Full Detail', 'Booking moved: Full Detail']);
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'created_at', 'sent_at'])
      .where('to_address', '=', b.customerEmail)
      .where('subject', '=', 'Booking moved: Full Detail')
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => /\d{1,2}:\d\d [AP]M – \d{1,2}:\d\d [AP]M/.exec(r.text_body)?.[0])).toEqual([
      '2:00 PM – 3:00 PM',
      '11:00 AM – 12:00 PM',
    ]);
    expect(rows.every((r) => r.sent_at === t.clock.now)).toBe(true);
  });

  it('sends no reminder of a held move until its mail has gone', async () => {
    const b = await booking('2026-12-03', '10:00');
    expect((await owner('PUT', `booking/approve/${b.bookingId}`)).statusCode).toBe(200);
    await t.ctx.mail.flush();
    // Over 24 hours ahead: no reminder yet.
    expect(await sendDueReminders(t.ctx)).toBe(0);
    // The owner drops it on today's afternoon, within 24 hours.
    expect((await move(b.bookingId, '2026-12-01', '15:00')).statusCode).toBe(200);
    expect(await sendDueReminders(t.ctx)).toBe(0);
    t.clock.now = START_CLOCK + MAIL_HOLD_MS;
    expect(await sendDueReminders(t.ctx)).toBe(1);
    expect((await sentTo(b.customerEmail)).sort()).toEqual([
      'Booking confirmed: Full Detail',
      'Booking moved: Full Detail',
      // Moved onto today: the reminder says so.
      'Reminder: Full Detail today',
    ]);
  });
});
