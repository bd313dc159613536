import { randomUUID } from 'node:crypto';
import type { OwnerBookRequest } from '@slotwise/shared/api';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availableTimes,
  CUSTOMER_ADDRESS,
  DAY,
  detailer,
  engineApp,
  type Shop,
  START_CLOCK,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const BOOK = '/api/business-dashboard/bookings';
const QUOTE = '/api/business-dashboard/bookings/quote';

describe.each(storages())('the owner enters a booking on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  /** The detailer's vehicle size answered SUV (+$25). */
  let answers: Record<string, { option: string }>;
  afterAll(() => t?.close());
  beforeEach(async () => {
    // Texts to files (TEXTS=log): the business can text, so "Text the customer" is offered.
    t ??= await engineApp(kind, { env: { TEXTS: 'log' } });
    t.clock.now = START_CLOCK;
    shop = await detailer(t, `owner-booking-${randomUUID()}@example.com`);
    const asked = await t.app.inject({ url: '/api/business-dashboard/settings/quote-questions', headers: shop.auth });
    answers = { [asked.json().questions[0]._id]: { option: 'SUV' } };
  });

  const body = (over: Partial<OwnerBookRequest> = {}): OwnerBookRequest => ({
    serviceId: shop.fullId,
    answers,
    address: CUSTOMER_ADDRESS,
    date: DAY,
    time: '10:00',
    newClient: { firstName: 'Phone', lastName: 'Caller', phone: '+1 5559876543' },
    notify: { mail: false, text: false },
    ...over,
  });
  const ownerBook = (payload: object, key: string = randomUUID()) =>
    t.app.inject({ method: 'POST', url: BOOK, headers: { ...shop.auth, 'idempotency-key': key }, payload });
  const quote = (payload: object) => t.app.inject({ method: 'POST', url: QUOTE, headers: shop.auth, payload });
  const row = (id: string) =>
    t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const outbox = (bookingId: string) =>
    t.ctx.db.selectFrom('mail_outbox').selectAll().where('booking_id', '=', bookingId).execute();

  it('books a phone-in customer approved at once, at the engine price, on a crew, linked to a new client; the time leaves the widget', async () => {
    const priced = await quote({
      serviceId: shop.fullId,
      answers,
      address: CUSTOMER_ADDRESS,
      date: DAY,
      time: '10:00',
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({ durationMin: 60, outsideHours: null, overlaps: null, canText: true });
    expect(await availableTimes(t, { businessId: shop.businessId, date: DAY, serviceId: shop.fullId })).toContain(
      '10:00',
    );

    const res = await ownerBook(body());
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.booking).toMatchObject({
      status: 'approved',
      firstName: 'Phone',
      phoneNumber: '+15559876543',
      customerEmail: '',
      totalQuote: priced.json().totalQuote,
      bookingTime: { day: DAY, startTime: '10:00', endTime: '11:00' },
    });
    expect(answer.sent).toEqual({ mail: false, text: false });
    const saved = await row(answer.booking._id);
    expect(saved.crew_id).not.toBeNull();
    expect(saved.client_id).toBe(answer.clientId);
    const client = await t.ctx.db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', answer.clientId)
      .executeTakeFirstOrThrow();
    expect(client).toMatchObject({ business_id: shop.businessId, source: 'owner', phone: '+15559876543' });
    // Nothing is sent when the owner ticks nothing.
    expect(await outbox(answer.booking._id)).toHaveLength(0);
    // The widget no longer offers the time.
    const times = await availableTimes(t, { businessId: shop.businessId, date: DAY, serviceId: shop.fullId });
    expect(times).not.toContain('10:00');
    expect(times).not.toContain('10:30');
  });

  it('replays an answer for the same Idempotency-Key and refuses it with another body', async () => {
    const key = randomUUID();
    const first = await ownerBook(body(), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await ownerBook(body(), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await ownerBook(body({ time: '14:00' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await t.app.inject({ method: 'POST', url: BOOK, headers: shop.auth, payload: body() });
    expect(missing.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
  });

  it('never books over another job, naming it', async () => {
    expect((await ownerBook(body())).statusCode).toBe(201);
    const res = await ownerBook(body({ time: '10:30' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TIME_OVERLAPS' });
    expect(res.json().error).toMatch(/a booking \(Full Detail/);
    const priced = await quote({
      serviceId: shop.fullId,
      answers,
      address: CUSTOMER_ADDRESS,
      date: DAY,
      time: '10:30',
    });
    expect(priced.json().overlaps).toMatch(/a booking \(Full Detail/);
  });

  it('refuses a time outside the hours until the owner confirms it', async () => {
    const priced = await quote({
      serviceId: shop.fullId,
      answers,
      address: CUSTOMER_ADDRESS,
      date: DAY,
      time: '20:00',
    });
    expect(priced.json().outsideHours).toMatch(/outside your hours \(Wednesday 10:00 AM – 7:00 PM\)/);
    const refused = await ownerBook(body({ time: '20:00' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OUTSIDE_HOURS_UNCONFIRMED');
    expect(refused.json().error).toMatch(/Confirm that you want to book it outside your hours/);
    const booked = await ownerBook(body({ time: '20:00', allowOutsideHours: true }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking.bookingTime).toMatchObject({ startTime: '20:00', endTime: '21:00' });
    // Still never over another job, even outside the hours.
    const over = await ownerBook(body({ time: '20:30', allowOutsideHours: true }));
    expect(over.json().code).toBe('TIME_OVERLAPS');
  });

  it('takes a changed price only with a reason, kept with the engine price and as a line', async () => {
    const priced = (await quote({ serviceId: shop.fullId, answers, address: CUSTOMER_ADDRESS })).json();
    const refused = await ownerBook(body({ price: { total: 99 } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PRICE_REASON_NEEDED');
    // The engine's own total needs no reason.
    const same = await ownerBook(body({ price: { total: priced.totalQuote } }));
    expect(same.statusCode, same.body).toBe(201);
    const res = await ownerBook(body({ time: '14:00', price: { total: 99, reason: 'Regular customer' } }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({
      totalQuote: 99,
      ownerPrice: { calculated: priced.totalQuote, reason: 'Regular customer' },
    });
    expect(res.json().booking.priceChange).toBeUndefined();
    const saved = await row(res.json().booking._id);
    expect(saved).toMatchObject({ total_cents: 9900, price_quoted_cents: Math.round(priced.totalQuote * 100) });
    expect(saved.price_reason).toBe('Regular customer');
    const lines = JSON.parse(saved.quote_lines) as { label: string; amountCents: number }[];
    expect(lines.at(-1)?.label).toBe('Price change: Regular customer');
    expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(9900);
  });

  it('gives the job to the crew the owner picks, refusing one that does not do the service', async () => {
    const crews = t.ctx.repos.crews;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/crews',
      headers: shop.auth,
      payload: { name: 'Van', color: '#1d4ed8', serviceIds: [shop.quickId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const van = res.json()._id as string;
    const refused = await ownerBook(body({ crewId: van }));
    expect(refused.json().code).toBe('CREW_CANNOT_DO_SERVICE');
    const booked = await ownerBook(body({ serviceId: shop.quickId, crewId: van }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await row(booked.json().booking._id)).crew_id).toBe(van);
    // Without a pick, the free crew that does the service takes it (the same choice as a customer's booking).
    const main = (await crews.list(shop.businessId)).find((c) => c.id !== van)!.id;
    const chosen = await ownerBook(body({ serviceId: shop.quickId }));
    expect((await row(chosen.json().booking._id)).crew_id).toBe(main);
  });

  it('mails and texts the customer only as the owner chooses', async () => {
    const both = await ownerBook(
      body({
        newClient: { firstName: 'Mia', lastName: 'Stone', email: 'mia@example.com', phone: '+1 5550102030' },
        notify: { mail: true, text: true },
      }),
    );
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json().sent).toEqual({ mail: true, text: true });
    const sent = await outbox(both.json().booking._id);
    expect(sent.find((m) => m.channel === 'mail')).toMatchObject({
      to_address: 'mia@example.com',
      subject: 'Booking confirmed: Full Detail',
    });
    expect(sent.find((m) => m.channel === 'text')?.to_address).toBe('+15550102030');
    // No e-mail: nothing to mail, whatever was ticked; the owner gets no notice of their own booking.
    const phoneOnly = await ownerBook(body({ time: '14:00', notify: { mail: true, text: false } }));
    expect(phoneOnly.json().sent).toEqual({ mail: false, text: false });
    expect(await outbox(phoneOnly.json().booking._id)).toHaveLength(0);
  });

  it('books an existing client by id, and refuses a client of nobody', async () => {
    const first = await ownerBook(body());
    const clientId = first.json().clientId as string;
    const again = await ownerBook(body({ time: '14:00', newClient: undefined, clientId }));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ clientId, booking: { firstName: 'Phone', lastName: 'Caller' } });
    const unknown = await ownerBook(body({ time: '16:00', newClient: undefined, clientId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('CLIENT_NOT_FOUND');
    const neither = await ownerBook(body({ newClient: undefined }));
    expect(neither.statusCode).toBe(400);
    const noContact = await ownerBook(body({ newClient: { firstName: 'No', lastName: 'Way' } }));
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().error).toMatch(/e-mail or a phone number/);
  });
});
