/**
 * Customer mails name the crew that comes when the owner asks for it (Settings, Crews:
 * businesses.crew_in_mails; issue 25), on every path that mails about a job going ahead: the
 * booking's "received" mail, the owner's approve, the customer's reschedule, the reminder.
 * Declines and cancellations, the owner's notices, and every mail of a business that does not
 * ask, stay as they were. Past the "received" mail (whose crew the engine picks under the lock),
 * jobs are given their crew directly in the database.
 */
import type { BookRequest } from '@slotwise/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../src/jobs/reminders.ts';
import { book, bookAndToken, bookBody, type Clock, DAY, detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
const SENTENCE = 'Truck 2 will do the job.';

describe.each(storages())('the crew in customer mails on %s', (kind) => {
  let t: TestApp & { clock: Clock };
  let shop: Shop;
  let truck: string;
  let email = 0;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    const created = await t.app.inject({
      method: 'POST',
      url: `${d}/crews`,
      headers: shop.auth,
      payload: { name: 'Truck 2', color: '#1d4ed8' },
    });
    truck = created.json()._id;
  });
  afterAll(() => t.close());

  const nameCrews = async (on: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${d}/crews-settings/mails`,
      headers: shop.auth,
      payload: { nameCrewInMails: on },
    });
    expect(res.json().nameCrewInMails).toBe(on);
  };

  /** A booking of Truck 2's, for a customer of its own (so its mails are told apart). */
  async function truckJob(time: string) {
    const customerEmail = `customer${++email}@example.com`;
    const booked = await bookAndToken(t, bookBody(shop, { time, customerEmail }));
    await t.ctx.db.updateTable('bookings').set({ crew_id: truck }).where('id', '=', booked.bookingId).execute();
    return { ...booked, customerEmail };
  }

  const mailsTo = (to: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('to_address', '=', to)
      .execute();
  const mailTo = async (to: string, subject: string) => {
    const found = (await mailsTo(to)).find((m) => m.subject.startsWith(subject));
    if (!found) throw new Error(`no "${subject}" mail to ${to}`);
    return found;
  };
  const approve = (id: string) =>
    t.app.inject({ method: 'PUT', url: `${d}/booking/approve/${id}`, headers: shop.auth });

  /** The name of the crew the database gave a booking. */
  const crewNameOf = async (bookingId: string) =>
    (
      await t.ctx.db
        .selectFrom('bookings')
        .innerJoin('crews', 'crews.id', 'bookings.crew_id')
        .select('crews.name')
        .where('bookings.id', '=', bookingId)
        .executeTakeFirstOrThrow()
    ).name;

  it('names the crew the booking was given in the "received" mail, which is composed before the crew is chosen', async () => {
    await nameCrews(true);
    const received = async (over: Partial<BookRequest>) => {
      const customerEmail = `customer${++email}@example.com`;
      const res = await book(t, bookBody(shop, { customerEmail, ...over }));
      expect(res.statusCode, res.body).toBe(201);
      const crew = await crewNameOf(res.json().bookingId);
      const mail = await mailTo(customerEmail, 'Booking request received');
      expect(mail.text_body).toContain(`pending until the business approves it.\n\n${crew} will do the job.\n\n`);
      expect(mail.html_body).toContain(`<p>${crew} will do the job.</p>`);
      return crew;
    };
    // Two customers at one time: one crew each, and each mail names its own.
    expect(new Set([await received({ time: '11:00' }), await received({ time: '11:00' })])).toEqual(
      new Set(['Main crew', 'Truck 2']),
    );

    // A plan's first visit, beside a one-off at its time: its mail names the crew the plan was given.
    const plans = await t.app.inject({
      method: 'PUT',
      url: `${d}/service/edit/${shop.fullId}`,
      headers: shop.auth,
      payload: {
        serviceName: 'Full Detail',
        duration: 60,
        price: 120,
        plans: [{ frequency: 'weekly', discount: null }],
      },
    });
    expect(plans.statusCode, plans.body).toBe(200);
    const oneOff = await received({ time: '13:00' });
    const plan = await received({ time: '13:00', frequency: 'weekly' });
    expect(plan).not.toBe(oneOff);
    const planCrew = await t.ctx.db
      .selectFrom('plans')
      .innerJoin('crews', 'crews.id', 'plans.crew_id')
      .select('crews.name')
      .where('plans.business_id', '=', shop.businessId)
      .executeTakeFirstOrThrow();
    expect(planCrew.name).toBe(plan);
  });

  it("names the crew in the owner's approval when the business asks, and not when it does not", async () => {
    await nameCrews(true);
    const named = await truckJob('10:00');
    expect((await approve(named.bookingId)).statusCode).toBe(200);
    const confirmed = await mailTo(named.customerEmail, 'Booking confirmed');
    expect(confirmed.text_body).toContain(`is confirmed.\n\n${SENTENCE}\n\n`);
    expect(confirmed.html_body).toContain(`<p>${SENTENCE}</p>`);

    await nameCrews(false);
    const plain = await truckJob('12:00');
    expect((await approve(plain.bookingId)).statusCode).toBe(200);
    for (const mail of await mailsTo(plain.customerEmail)) expect(mail.text_body).not.toContain('will do the job');
  });

  it("names it in a customer's reschedule and in the reminder, never in the owner's notice", async () => {
    await nameCrews(true);
    const job = await truckJob('14:00');
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/reschedule',
      payload: { token: job.token, newDateTime: `${DAY}T16:00` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await mailTo(job.customerEmail, 'Booking moved')).text_body).toContain(SENTENCE);
    const notices = await mailsTo(shop.email);
    expect(notices.length).toBeGreaterThan(0);
    for (const mail of notices) expect(mail.text_body).not.toContain('will do the job');

    expect((await approve(job.bookingId)).statusCode).toBe(200);
    // Within 24 hours of the job: the reminder goes.
    t.clock.now = Date.parse(`${DAY}T02:00:00Z`);
    expect(await sendDueReminders(t.ctx)).toBeGreaterThan(0);
    expect((await mailTo(job.customerEmail, 'Reminder')).text_body).toContain(SENTENCE);
  });

  it('never names it in a decline: the job does not go ahead', async () => {
    await nameCrews(true);
    const job = await truckJob('17:00');
    const declined = await t.app.inject({
      method: 'PUT',
      url: `${d}/booking/decline/${job.bookingId}`,
      headers: shop.auth,
      payload: { reason: 'Fully booked' },
    });
    expect(declined.statusCode).toBe(200);
    const mail = await mailTo(job.customerEmail, 'Booking declined');
    expect(mail.text_body).not.toContain('will do the job');
  });
});
