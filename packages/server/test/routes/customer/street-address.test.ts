/**
 * A customer's full street address, as the widget sends it (a suggestion's whole text), is
 * what the booking stores and what the owner reads everywhere: the bookings list behind the
 * cards and the agenda, the booking mails, and the calendar feed's LOCATION.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const STREET_ADDRESS = '1100 Ocean Ave, Santa Monica, CA 90401-1207, USA';

describe.each(storages())('the full street address on %s', (kind) => {
  let t: TestApp;
  let shop: Shop;
  let bookingId: string;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    const res = await book(t, bookBody(shop, { address: STREET_ADDRESS, customerEmail: 'street@example.com' }));
    expect(res.statusCode).toBe(201);
    bookingId = res.json().bookingId;
  });
  afterAll(() => t.close());

  it('is stored as sent, with the coordinates of its ZIP code', async () => {
    const row = await t.ctx.db
      .selectFrom('bookings')
      .select(['customer_address', 'customer_lat', 'customer_lng'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(row.customer_address).toBe(STREET_ADDRESS);
    expect(row.customer_lat).toBeCloseTo(34.02, 1);
    expect(row.customer_lng).toBeCloseTo(-118.49, 1);
  });

  it("is the booking's address in the owner's bookings list (the cards and the agenda)", async () => {
    const res = await t.app.inject({
      url: `/api/business-dashboard/bookings?from=${DAY}&to=${DAY}`,
      headers: shop.auth,
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().bookings.find((b: { _id: string }) => b._id === bookingId);
    expect(mine?.customerAddress).toBe(STREET_ADDRESS);
  });

  it("is in the customer's and the owner's booking mails", async () => {
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body', 'html_body'])
      .where('to_address', 'in', ['street@example.com', shop.email])
      .execute();
    expect(mail.map((m) => m.to_address).sort()).toEqual([shop.email, 'street@example.com'].sort());
    for (const m of mail) {
      expect(m.text_body).toContain(`Address: ${STREET_ADDRESS}`);
      expect(m.html_body).toContain(STREET_ADDRESS);
    }
  });

  it("is the LOCATION of the booking's event in the calendar feed", async () => {
    const { url } = (
      await t.app.inject({ url: '/api/business-dashboard/settings/calendar-feed', headers: shop.auth })
    ).json();
    const feed = await t.app.inject({ url: url.replace('http://localhost:3000', '') });
    expect(feed.statusCode).toBe(200);
    // Commas are escaped in iCalendar text; a reader gets the address back whole.
    expect(feed.body).toContain('LOCATION:1100 Ocean Ave\\, Santa Monica\\, CA 90401-1207\\, USA');
    const cal = new ICAL.Component(ICAL.parse(feed.body));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.location)).toContain(STREET_ADDRESS);
  });
});
