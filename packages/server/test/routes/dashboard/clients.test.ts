/**
 * Clients (docs/decisions/037): every booking joins its person's record, matched by e-mail (case
 * and spaces aside), else by phone where one side has no e-mail; the owner searches them by name,
 * phone, e-mail or street and sorts them; nobody reads another owner's clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

/** A Thursday after the clock's moves below (open 10:00-19:00). */
const THURSDAY = '2026-12-10';

describe.each(storages())('clients on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (s: Shop, query: Record<string, string> = {}) => {
    const res = await t.app.inject({
      url: `/api/business-dashboard/clients?${new URLSearchParams(query)}`,
      headers: s.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().clients as {
      _id: string;
      firstName: string;
      lastName: string;
      bookings: number;
      address: string | null;
      nextVisit: string | null;
      spentCents: number;
      lastVisit: string | null;
    }[];
  };
  const booked = async (s: Shop, over: Parameters<typeof bookBody>[1]) => {
    const res = await book(t, bookBody(s, over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { bookingId: string };
  };

  it("joins a returning customer's second booking to their record, and keeps two e-mails apart", async () => {
    const first = await booked(shop, {
      customerEmail: 'grace@example.com',
      time: '10:00',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    t.clock.now += 60_000;
    const second = await booked(shop, {
      customerEmail: '  Grace@Example.COM ',
      time: '13:00',
      firstName: 'Grace',
      lastName: 'Hopper',
      address: '9 Main St, Santa Monica, CA 90401, USA',
    });
    // The same phone, another e-mail: another person (the owner may merge them).
    await booked(shop, { customerEmail: 'g.hopper@example.com', time: '15:00', firstName: 'G', lastName: 'Hopper' });
    const rows = await t.ctx.db
      .selectFrom('bookings')
      .select(['id', 'client_id'])
      .where('id', 'in', [first.bookingId, second.bookingId])
      .execute();
    expect(rows.map((r) => r.client_id)).toEqual([rows[0]!.client_id, rows[0]!.client_id]);
    expect(rows[0]!.client_id).not.toBeNull();

    const grace = (await list(shop, { q: 'grace' })).find((c) => c.firstName === 'Grace')!;
    expect(grace).toMatchObject({ bookings: 2, nextVisit: DAY, spentCents: 0, lastVisit: null });
    // The place used last is the one shown; both are kept.
    expect(grace.address).toBe('9 Main St, Santa Monica, CA 90401, USA');
    const res = await t.app.inject({ url: `/api/business-dashboard/clients/${grace._id}`, headers: shop.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'widget', email: 'grace@example.com', phone: '+15551234567' });
    expect(
      res
        .json()
        .addresses.map((a: { address: string }) => a.address)
        .sort(),
    ).toEqual(['5 Ocean Ave, Santa Monica, CA 90401, USA', '9 Main St, Santa Monica, CA 90401, USA']);
    expect((await list(shop, { q: 'hopper' })).length).toBe(2);
  });

  it('finds clients by part of a name, phone, e-mail or street, and sorts them', async () => {
    await booked(shop, {
      customerEmail: 'jose@example.com',
      firstName: 'José',
      lastName: 'Núñez',
      phoneNumber: '+1 (310) 555-0199',
      time: '11:00',
    });
    const names = async (q: string) => (await list(shop, { q })).map((c) => c.firstName);
    expect(await names('jose nu')).toEqual(['José']);
    expect(await names('(310) 555-01')).toEqual(['José']);
    expect(await names('555 0199')).toEqual(['José']);
    expect(await names('JOSE@EXAMPLE')).toEqual(['José']);
    expect(await names('ocean ave')).toContain('José');
    // A % or _ in the query matches itself, not everything.
    expect(await names('%')).toEqual([]);
    const byName = (await list(shop, { sort: 'name' })).map((c) => c.lastName);
    expect(byName).toEqual([...byName].sort());
  });

  it("counts what a client spent on jobs done, and shows nobody another owner's clients", async () => {
    t.clock.now += 3 * 86_400_000;
    const spent = await list(shop, { sort: 'spent' });
    // Requests never approved count nothing; the list is sorted by what was spent.
    expect(spent.map((c) => c.spentCents)).toEqual([...spent.map((c) => c.spentCents)].sort((a, b) => b - a));
    expect(await list(other)).toEqual([]);
    const res = await t.app.inject({ url: `/api/business-dashboard/clients/${spent[0]!._id}`, headers: other.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CLIENT_NOT_FOUND');
    const bad = await t.app.inject({ url: '/api/business-dashboard/clients?sort=loudest', headers: shop.auth });
    expect(bad.statusCode).toBe(400);
  });
  // Its own day: the other tests' bookings neither take its times nor count its clients.
  it('keeps no client of a booking refused under the lock, and one for a person booking twice at once', async () => {
    // Their writes go out unanswered with the booking's (docs/decisions/040): the refused
    // bookings' must be rolled back with them, and the second booking must find the first's client.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        book(
          t,
          bookBody(shop, {
            date: THURSDAY,
            time: '17:00',
            firstName: 'Race',
            lastName: `R${i}`,
            customerEmail: `race${i}@example.com`,
            phoneNumber: `+1 55500000${10 + i}`,
          }),
        ),
      ),
      book(
        t,
        bookBody(shop, {
          date: THURSDAY,
          time: '11:00',
          firstName: 'Twice',
          lastName: 'Booked',
          customerEmail: 'twice@example.com',
          phoneNumber: '+1 5550000099',
        }),
      ),
      book(
        t,
        bookBody(shop, {
          date: THURSDAY,
          time: '14:00',
          firstName: 'Twice',
          lastName: 'Booked',
          customerEmail: 'twice@example.com',
          phoneNumber: '+1 5550000099',
          address: '9 Main St, Santa Monica, CA 90401, USA',
        }),
      ),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.slice(0, 6).filter((c) => c === 201)).toHaveLength(1);
    expect(codes.slice(0, 6).filter((c) => c === 409)).toHaveLength(5);
    expect(codes.slice(6)).toEqual([201, 201]);
    const racers = await t.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('email', 'like', 'race%@example.com')
      .execute();
    expect(racers).toHaveLength(1);
    const places = await t.ctx.db
      .selectFrom('client_addresses')
      .select('client_id')
      .where(
        'client_id',
        'in',
        racers.map((r) => r.id),
      )
      .execute();
    expect(places).toHaveLength(1);
    const twice = await t.ctx.db.selectFrom('clients').select('id').where('email', '=', 'twice@example.com').execute();
    expect(twice).toHaveLength(1);
    const theirs = await t.ctx.db
      .selectFrom('bookings')
      .select('client_id')
      .where('customer_email', '=', 'twice@example.com')
      .execute();
    expect(theirs.map((b) => b.client_id)).toEqual([twice[0]!.id, twice[0]!.id]);
    const addresses = await t.ctx.db
      .selectFrom('client_addresses')
      .select('address')
      .where('client_id', '=', twice[0]!.id)
      .execute();
    expect(addresses).toHaveLength(2);
  });
});
