/**
 * Customers' personal data (issue 20, item 13; docs/decisions/012): the privacy notice the
 * widget links, the owner's retention setting and the daily pass that applies it once
 * across instances, and the owner's access (export) and deletion (erase) requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_JOB, runRetention } from '../../../src/jobs/customer-data-retention.ts';
import {
  book,
  bookAndToken,
  bookBody,
  type Clock,
  DAY,
  detailer,
  engineApp,
  type Shop,
  START_CLOCK,
} from '../../booking-fixtures.ts';
import { createTestApp, storages, type TestApp } from '../../helpers.ts';

const SETTINGS = '/api/business-dashboard/settings/customer-data';
const EXPORT = '/api/business-dashboard/customer-data';
const ERASE = '/api/business-dashboard/customer-data/erase';
const MONTH = 31 * 24 * 3600 * 1000;

describe.each(storages())("customers' personal data on %s", (kind) => {
  let t: TestApp & { clock: Clock };
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
  });
  afterAll(() => t.close());

  const put = (auth: Shop['auth'], payload: object) =>
    t.app.inject({ method: 'PUT', url: SETTINGS, headers: auth, payload });
  const exportOf = (auth: Shop['auth'], email: string) =>
    t.app.inject({ method: 'GET', url: EXPORT, headers: auth, query: { email } });
  const erase = (auth: Shop['auth'], email: string) =>
    t.app.inject({ method: 'POST', url: ERASE, headers: auth, payload: { email } });
  const publicBusiness = async (s: Shop) =>
    (await t.app.inject({ method: 'GET', url: `/api/customer/business/${s.businessId}` })).json();
  const bookingRow = (id: string) =>
    t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Joins `s`'s waiting list for DAY as `email` (docs/decisions/056). */
  const join = async (app: TestApp, s: Shop, email: string) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/customer/waitlist',
      payload: {
        businessId: s.businessId,
        serviceId: s.fullId,
        answer: { option: 'Sedan' },
        address: '12 N Crescent Dr, Beverly Hills, CA 90210, USA',
        date: DAY,
        firstName: 'Wai',
        lastName: 'Ting',
        customerEmail: email,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const waiting = (app: TestApp) =>
    app.ctx.db.selectFrom('waitlist_entries').select('customer_email').orderBy('customer_email').execute();

  describe('the privacy notice and the retention setting', () => {
    it('start as the default page and 24 months, and the widget is told the default page', async () => {
      const res = await t.app.inject({ method: 'GET', url: SETTINGS, headers: shop.auth });
      const defaultPage = `${t.config.publicUrl}/privacy/${shop.businessId}`;
      expect(res.json()).toEqual({ privacyUrl: null, retentionMonths: 24, defaultPrivacyUrl: defaultPage });
      expect((await publicBusiness(shop)).privacyUrl).toBe(defaultPage);
    });

    it("saves the owner's own https notice, which the widget then links", async () => {
      const res = await put(other.auth, { privacyUrl: '  https://shiny.example/privacy  ', retentionMonths: 36 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ privacyUrl: 'https://shiny.example/privacy', retentionMonths: 36 });
      expect((await publicBusiness(other)).privacyUrl).toBe('https://shiny.example/privacy');
      expect((await put(other.auth, { privacyUrl: null, retentionMonths: 24 })).json().privacyUrl).toBeNull();
    });

    it.each([
      [
        { privacyUrl: 'http://shiny.example/privacy', retentionMonths: 24 },
        'Privacy notice URL must be a full https://',
      ],
      [{ privacyUrl: 'shiny.example', retentionMonths: 24 }, 'Privacy notice URL must be a full https://'],
      [{ privacyUrl: 'javascript:alert(1)', retentionMonths: 24 }, 'Privacy notice URL must be a full https://'],
      [{ privacyUrl: null, retentionMonths: 0 }, 'Keep customer details for at least 1 month.'],
      [{ privacyUrl: null, retentionMonths: 121 }, 'Keep customer details for at most 120 months (ten years).'],
      [{ privacyUrl: null, retentionMonths: 1.5 }, 'Keep customer details for whole months.'],
    ])('refuses %j with a sentence, changing nothing', async (payload, sentence) => {
      const res = await put(shop.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().error).toContain(sentence);
      expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: shop.auth })).json()).toMatchObject({
        privacyUrl: null,
        retentionMonths: 24,
      });
    });

    it('serves the default page naming the business as controller, its contact and the retention', async () => {
      await t.ctx.repos.businesses.update(shop.businessId, { name: 'Shiny <b>Cars</b>' });
      const res = await t.app.inject({ method: 'GET', url: `/privacy/${shop.businessId}` });
      await t.ctx.repos.businesses.update(shop.businessId, { name: 'Shiny Cars' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Shiny &lt;b&gt;Cars&lt;/b&gt; is the controller of the details you give');
      expect(res.body).not.toContain('<b>Cars</b>');
      expect(res.body).toContain(`e-mail ${shop.email}`);
      // The owner's number, stored as E.164, as people read it.
      expect(res.body).toContain('call (555) 123-4567');
      expect(res.body).toContain('erased from a booking 24 months after it ends');
    });

    it('answers an unknown business with a 404 page', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/privacy/00000000-0000-4000-8000-000000000000' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Privacy notice not found');
    });
  });

  describe('access and deletion requests', () => {
    let ada: string;
    let grace: string;

    beforeAll(async () => {
      ada = (await bookAndToken(t, bookBody(shop, { customerEmail: 'ada@example.com', time: '10:00' }))).bookingId;
      grace = (await bookAndToken(t, bookBody(shop, { customerEmail: 'grace@example.com', time: '12:00' }))).bookingId;
    });

    it("exports one customer's bookings and the mails about them, and nothing of another's", async () => {
      const res = await exportOf(shop.auth, ' ADA@example.com ');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json();
      expect(data.email).toBe('ada@example.com');
      expect(data.businessName).toBe('Shiny Cars');
      expect(data.bookings).toHaveLength(1);
      expect(data.bookings[0]).toMatchObject({
        _id: ada,
        status: 'pending',
        serviceName: 'Full Detail',
        firstName: 'Ada',
        customerEmail: 'ada@example.com',
        phoneNumber: '+15551234567',
        customerAddress: '5 Ocean Ave, Santa Monica, CA 90401, USA',
        // Every answer, under its question (docs/decisions/026).
        answer: 'Vehicle size: SUV',
        bookingTime: { day: '2026-12-02', startTime: '10:00', endTime: '11:00' },
      });
      // The customer's confirmation and the owner's notice about the booking.
      expect(data.mails.map((m: { to: string }) => m.to).sort()).toEqual(['ada@example.com', shop.email].sort());
      expect(JSON.stringify(data)).not.toContain('grace@example.com');
    });

    it("finds nothing of this business's customers from another owner's account", async () => {
      const res = await exportOf(other.auth, 'ada@example.com');
      expect(res.json()).toMatchObject({ bookings: [], mails: [] });
      expect((await erase(other.auth, 'ada@example.com')).json()).toEqual({ erasedBookings: 0, deletedMails: 0 });
      expect((await bookingRow(ada)).first_name).toBe('Ada');
    });

    it('refuses to erase while the customer has an upcoming booking, naming it and what to do', async () => {
      const res = await erase(shop.auth, 'ada@example.com');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CUSTOMER_HAS_UPCOMING_BOOKINGS',
        error:
          'ada@example.com has an upcoming booking (Full Detail on Wednesday, December 2, 2026 at 10:00 AM). Cancel or decline it on the Bookings page first, then erase.',
      });
      expect((await bookingRow(ada)).customer_email).toBe('ada@example.com');
    });

    it('erases the customer from past bookings, their links and mails, keeping money and dates', async () => {
      const before = await bookingRow(ada);
      await join(t, shop, 'ada@example.com');
      await join(t, shop, 'grace@example.com');
      // An access request lists her place on the waiting list.
      expect((await exportOf(shop.auth, 'ada@example.com')).json().waitlist).toEqual([
        expect.objectContaining({ day: DAY, firstName: 'Wai', status: 'waiting' }),
      ]);
      t.clock.now = START_CLOCK + 3 * 24 * 3600 * 1000; // the booking has ended
      try {
        const res = await erase(shop.auth, 'ada@example.com');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ erasedBookings: 1, deletedMails: 2 });
        const after = await bookingRow(ada);
        expect(after).toMatchObject({
          first_name: 'Anonymised',
          last_name: 'customer',
          customer_email: '',
          phone_number: '',
          customer_address: null,
          customer_lat: null,
          customer_lng: null,
          requester: null,
          anonymised_at: t.clock.now,
          // Kept for the owner's books.
          total_cents: before.total_cents,
          day: before.day,
          start_ms: before.start_ms,
          service_name: before.service_name,
          status: before.status,
        });
        const tokens = await t.ctx.db
          .selectFrom('manage_tokens')
          .select('booking_id')
          .where('booking_id', '=', ada)
          .execute();
        expect(tokens).toEqual([]);
        expect((await exportOf(shop.auth, 'ada@example.com')).json()).toMatchObject({
          bookings: [],
          mails: [],
          waitlist: [],
        });
        // Her place on a waiting list goes too (docs/decisions/056). Grace is untouched.
        expect(await waiting(t)).toEqual([{ customer_email: 'grace@example.com' }]);
        expect((await bookingRow(grace)).customer_email).toBe('grace@example.com');
        expect((await exportOf(shop.auth, 'grace@example.com')).json().mails).toHaveLength(2);
      } finally {
        t.clock.now = START_CLOCK;
      }
    });
  });

  describe('the retention pass', () => {
    it('anonymises bookings that ended longer ago than the business keeps them, once a day across instances', async () => {
      // A fresh pair of instances on one database, so the pass's daily claim is this test's own.
      const first = await engineApp(kind);
      const second = await createTestApp(kind, { databaseUrl: first.databaseUrl, now: () => first.clock.now });
      try {
        const keeps24 = await detailer(first);
        const keeps1 = await detailer(first);
        await first.app.inject({
          method: 'PUT',
          url: SETTINGS,
          headers: keeps1.auth,
          payload: { privacyUrl: null, retentionMonths: 1 },
        });
        const old = (await book(first, bookBody(keeps24, { customerEmail: 'old@example.com' }))).json().bookingId;
        const short = (await book(first, bookBody(keeps1, { customerEmail: 'short@example.com' }))).json().bookingId;
        const row = (id: string) =>
          first.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await join(first, keeps24, 'old@example.com');
        await join(first, keeps1, 'short@example.com');

        // Two months on: only the business keeping details one month lets go of them (and its waiting list).
        first.clock.now = START_CLOCK + 2 * MONTH;
        const runs = await Promise.all([runRetention(first.ctx), runRetention(second.ctx)]);
        expect(runs.filter((r) => r.ran)).toHaveLength(1);
        expect(runs.find((r) => r.ran)).toMatchObject({ anonymisedBookings: 1 });
        expect((await row(short)).customer_email).toBe('');
        expect((await row(old)).customer_email).toBe('old@example.com');
        expect(await waiting(first)).toEqual([{ customer_email: 'old@example.com' }]);

        // The same day, no instance runs it again.
        first.clock.now += 3600 * 1000;
        expect(await runRetention(first.ctx)).toEqual({ ran: false });
        expect(await runRetention(second.ctx)).toEqual({ ran: false });

        // Twenty-five months on, the 24-month business's booking goes too, and mails sent over 30 days ago.
        first.clock.now = START_CLOCK + 25 * MONTH;
        const oldBefore = await row(old);
        await first.ctx.db.updateTable('mail_outbox').set({ sent_at: START_CLOCK }).execute();
        const later = await runRetention(second.ctx);
        expect(later).toMatchObject({ ran: true, anonymisedBookings: 1 });
        expect(await row(old)).toMatchObject({
          customer_email: '',
          first_name: 'Anonymised',
          total_cents: oldBefore.total_cents,
          day: oldBefore.day,
        });
        const left = await first.ctx.db.selectFrom('mail_outbox').select('id').execute();
        expect(left).toEqual([]);
        const job = await first.ctx.repos.jobRuns.lastRunAt(RETENTION_JOB);
        expect(job?.last_run_at).toBe(first.clock.now);
      } finally {
        await second.close();
        await first.close();
      }
    });

    it('gives a crashed run back after its lease, and a failed one at once', async () => {
      const { jobRuns } = t.ctx.repos;
      const name = 'lease-test';
      const at = 100_000; // long after the epoch, so a job never run is due
      expect(await jobRuns.claim(name, at, 10_000, 500)).toBe(true);
      expect(await jobRuns.claim(name, at + 200, 10_000, 500)).toBe(false); // held
      expect(await jobRuns.claim(name, at + 600, 10_000, 500)).toBe(true); // the holder died: its lease ran out
      await jobRuns.release(name);
      expect(await jobRuns.claim(name, at + 700, 10_000, 500)).toBe(true); // given back after a failure
      await jobRuns.finish(name, at + 800);
      expect(await jobRuns.claim(name, at + 5_000, 10_000, 500)).toBe(false); // ran recently
      expect(await jobRuns.claim(name, at + 10_800, 10_000, 500)).toBe(true); // due again
    });
  });
});
