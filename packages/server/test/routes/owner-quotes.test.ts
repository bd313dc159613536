/**
 * Quotes an owner sends (issue 42 item 4; docs/decisions/039): made from the price engine and by
 * hand, sent by mail (a text only with consent and texts on), opened (viewed once), booked at the
 * quoted price (confirmed, with its manage token and mails), declined, withdrawn, expired, followed
 * up exactly once; lines never change; bad tokens and another owner's ids refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFor } from '../../src/domain/manage-token.ts';
import { sendQuoteFollowUps } from '../../src/jobs/quote-follow-ups.ts';
import { CUSTOMER_ADDRESS, DAY, detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

type App = TestApp & { clock: { now: number } };
const DAY_MS = 86_400_000;

describe.each(storages())('owner quotes on %s', (kind) => {
  let t: App;
  let shop: Shop;
  let other: Shop;
  let questionId: string;
  let suvValue: string;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
    const business = await t.app.inject({ url: `/api/customer/business/${shop.businessId}` });
    const question = business.json().questions[0];
    questionId = question._id;
    suvValue = 'SUV';
  });
  afterAll(() => t.close());

  const owner = (s: Shop, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/business-dashboard${url}`,
      headers: { authorization: `Bearer ${s.token}` },
      ...(payload ? { payload } : {}),
    });
  const tokenOf = (id: string) => linkTokenFor(t.config.jwtSecret, 'owner-quote-token-v1', id);
  const link = (method: 'GET' | 'POST', path: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/quote-link${path}?token=${encodeURIComponent(token)}`,
      ...(payload ? { payload } : {}),
    });

  async function makeQuote(over: object = {}, email = 'lead@example.com') {
    const res = await owner(shop, 'POST', '/quotes', {
      firstName: 'Lena',
      lastName: 'Lead',
      email,
      phoneNumber: '+1 5551230000',
      serviceId: shop.fullId,
      answers: { [questionId]: { option: suvValue } },
      address: CUSTOMER_ADDRESS,
      handLines: [{ label: 'Pet hair removal', amount: 30 }],
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function send(id: string, channels: string[] = ['mail']) {
    const res = await owner(shop, 'POST', `/quotes/${id}/send`, { channels });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const mailsTo = (to: string) =>
    t.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();

  it('prices a quote with the engine plus hand lines, as a draft, and lists it', async () => {
    const q = await makeQuote();
    expect(q.status).toBe('draft');
    // The lead is a client from the moment the quote is made (docs/decisions/037).
    expect(q.clientId).not.toBeNull();
    const client = await owner(shop, 'GET', `/clients/${q.clientId}`);
    expect(client.statusCode, client.body).toBe(200);
    expect(client.json()).toMatchObject({ email: 'lead@example.com', source: 'quote' });
    expect(q.lines[0]).toEqual({ label: 'Full Detail', amount: 120 });
    expect(q.lines.at(-1)).toEqual({ label: 'Pet hair removal', amount: 30 });
    // The engine's own lines (service, the SUV answer, the miles) and the hand line, summed.
    const sum = q.lines.reduce((s: number, l: { amount: number }) => s + l.amount * 100, 0);
    expect(Math.round(q.totalQuote * 100)).toBe(Math.round(sum));
    expect(q.validUntil).toBeNull();
    const list = await owner(shop, 'GET', '/quotes');
    expect(list.json().quotes.map((x: { _id: string }) => x._id)).toContain(q._id);
    // Hand lines alone: the service sets the length, nothing else is priced.
    const hand = await makeQuote({ handOnly: true, handLines: [{ label: 'Roof moss', amount: 99.5 }], answers: {} });
    expect(hand.lines).toEqual([{ label: 'Roof moss', amount: 99.5 }]);
    expect(hand.totalQuote).toBe(99.5);
    expect(hand.durationMin).toBe(60);
  });

  it('sends by mail with the link; a text needs consent; a draft link opens nothing', async () => {
    const q = await makeQuote({}, 'send@example.com');
    expect((await link('GET', '', tokenOf(q._id))).json().code).toBe('QUOTE_LINK_INVALID');
    const text = await owner(shop, 'POST', `/quotes/${q._id}/send`, { channels: ['text'] });
    expect(text.statusCode).toBe(409);
    expect(text.json().code).toBe('QUOTE_CHANNEL_UNAVAILABLE');
    const sent = await send(q._id);
    expect(sent.status).toBe('sent');
    expect(sent.channels).toEqual(['mail']);
    // Fourteen days after today, to the end of that day in Los Angeles.
    expect(Date.parse(sent.validUntil)).toBeGreaterThan(t.clock.now + 14 * DAY_MS);
    expect(Date.parse(sent.validUntil)).toBeLessThanOrEqual(t.clock.now + 16 * DAY_MS);
    const [mail] = await mailsTo('send@example.com');
    expect(mail?.kind).toBe('ownerQuote');
    expect(mail?.text_body).toContain('Pet hair removal: $30.00');
    expect(mail?.text_body).toContain(`/customer/quote?token=${encodeURIComponent(tokenOf(q._id))}`);
  });

  it('marks it viewed once, and books it at the quoted price, confirmed, with its mails', async () => {
    const q = await send((await makeQuote({}, 'book@example.com'))._id);
    const token = tokenOf(q._id);
    const first = await link('GET', '', token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ state: 'open', totalQuote: q.totalQuote, serviceId: shop.fullId });
    const viewed = (await owner(shop, 'GET', `/quotes/${q._id}`)).json();
    expect(viewed.status).toBe('viewed');
    t.clock.now += 60_000;
    await link('GET', '', token);
    expect((await owner(shop, 'GET', `/quotes/${q._id}`)).json().viewedAt).toBe(viewed.viewedAt);

    // The service's price changes after sending: the quote keeps its lines, the booking its price.
    await t.ctx.db.updateTable('services').set({ price_cents: 99_900 }).where('id', '=', shop.fullId).execute();
    const booked = await link('POST', '/book', token, { date: DAY, time: '10:00' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().totalQuote).toBe(q.totalQuote);
    const row = await t.ctx.repos.bookings.byId(booked.json().bookingId);
    expect(row).toMatchObject({
      status: 'approved',
      total_cents: Math.round(q.totalQuote * 100),
      customer_email: 'book@example.com',
    });
    expect(JSON.parse(row!.quote_lines)).toHaveLength(q.lines.length);
    const after = (await owner(shop, 'GET', `/quotes/${q._id}`)).json();
    expect(after).toMatchObject({ status: 'booked', bookingId: booked.json().bookingId, lines: q.lines });
    expect((await mailsTo('book@example.com')).map((m) => m.kind)).toEqual(['ownerQuote', 'approved']);
    // Twice: closed.
    const again = await link('POST', '/book', token, { date: DAY, time: '12:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('QUOTE_CLOSED');
    expect((await link('GET', '', token)).json().state).toBe('booked');
    await t.ctx.db.updateTable('services').set({ price_cents: 12_000 }).where('id', '=', shop.fullId).execute();
  });

  it('refuses a taken time with the time rules of a booking, and keeps the quote open', async () => {
    const q = await send((await makeQuote({}, 'taken@example.com'))._id);
    const res = await link('POST', '/book', tokenOf(q._id), { date: DAY, time: '10:00' });
    expect(res.statusCode).toBe(409);
    expect(['SLOT_TAKEN', 'TRAVEL_NOT_FEASIBLE']).toContain(res.json().code);
    expect((await owner(shop, 'GET', `/quotes/${q._id}`)).json().status).toBe('sent');
  });

  it('declines, and withdraws; neither can then be booked', async () => {
    const d = await send((await makeQuote({}, 'decline@example.com'))._id);
    expect((await link('POST', '/decline', tokenOf(d._id))).statusCode).toBe(200);
    expect((await owner(shop, 'GET', `/quotes/${d._id}`)).json().status).toBe('declined');
    expect((await link('POST', '/book', tokenOf(d._id), { date: DAY, time: '14:00' })).json().code).toBe(
      'QUOTE_CLOSED',
    );
    const w = await send((await makeQuote({}, 'withdraw@example.com'))._id);
    expect((await owner(shop, 'POST', `/quotes/${w._id}/withdraw`)).json().status).toBe('withdrawn');
    expect((await link('GET', '', tokenOf(w._id))).json().state).toBe('withdrawn');
    expect((await link('POST', '/decline', tokenOf(w._id))).json().code).toBe('QUOTE_CLOSED');
    expect((await owner(shop, 'POST', `/quotes/${w._id}/send`, { channels: ['mail'] })).json().code).toBe(
      'QUOTE_CLOSED',
    );
  });

  it("erases the person's details from their quotes with an erasure request, withdrawing an open one", async () => {
    const q = await send((await makeQuote({}, 'erase-me@example.com'))._id);
    const erased = await owner(shop, 'POST', '/customer-data/erase', { email: 'erase-me@example.com' });
    expect(erased.statusCode, erased.body).toBe(200);
    const after = (await owner(shop, 'GET', `/quotes/${q._id}`)).json();
    expect(after).toMatchObject({ status: 'withdrawn', email: '', phoneNumber: '', address: '', lastName: 'customer' });
    expect(after.lines).toEqual(q.lines);
  });

  it('follows up once before it lapses, then reads expired', async () => {
    const q = await send((await makeQuote({ daysValid: 5 }, 'follow@example.com'))._id);
    const start = t.clock.now;
    try {
      // Not yet: more than two days left.
      expect(await sendQuoteFollowUps(t.ctx)).toBe(0);
      t.clock.now = Date.parse(q.validUntil) - DAY_MS;
      const firsts = await Promise.all([sendQuoteFollowUps(t.ctx), sendQuoteFollowUps(t.ctx)]);
      expect(firsts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sendQuoteFollowUps(t.ctx)).toBe(0);
      const kinds = (await mailsTo('follow@example.com')).map((m) => m.kind);
      expect(kinds).toEqual(['ownerQuote', 'ownerQuoteFollowUp']);
      expect((await owner(shop, 'GET', `/quotes/${q._id}`)).json().followUpSentAt).not.toBeNull();
      t.clock.now = Date.parse(q.validUntil) + 1;
      expect((await owner(shop, 'GET', `/quotes/${q._id}`)).json().status).toBe('expired');
      const page = await link('GET', '', tokenOf(q._id));
      expect(page.json()).toMatchObject({ state: 'expired' });
      expect(page.json().contact.email).toContain('@');
      expect((await link('POST', '/book', tokenOf(q._id), { date: DAY, time: '16:00' })).json().code).toBe(
        'QUOTE_CLOSED',
      );
      expect(await sendQuoteFollowUps(t.ctx)).toBe(0);
    } finally {
      t.clock.now = start;
    }
  });

  it("refuses bad tokens, another owner's quote and bad input, writing nothing", async () => {
    expect((await link('GET', '', 'not-a-token')).statusCode).toBe(404);
    expect((await link('POST', '/book', 'not-a-token', { date: DAY, time: '10:00' })).json().code).toBe(
      'QUOTE_LINK_INVALID',
    );
    const q = await makeQuote({}, 'mine@example.com');
    const theirs = await owner(other, 'GET', `/quotes/${q._id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('QUOTE_NOT_FOUND');
    expect((await owner(other, 'POST', `/quotes/${q._id}/send`, { channels: ['mail'] })).statusCode).toBe(404);
    const before = (await owner(shop, 'GET', '/quotes')).json().quotes.length;
    const theirClient = (await owner(other, 'GET', '/clients')).json().clients[0]?._id ?? q._id;
    const wrongClient = await owner(shop, 'POST', '/quotes', {
      clientId: theirClient,
      firstName: 'No',
      lastName: 'Way',
      email: 'x@example.com',
      serviceId: shop.fullId,
      address: CUSTOMER_ADDRESS,
      handOnly: true,
      handLines: [{ label: 'Roof', amount: 10 }],
    });
    expect(wrongClient.statusCode).toBe(404);
    expect(wrongClient.json().code).toBe('CLIENT_NOT_FOUND');
    const noContact = await owner(shop, 'POST', '/quotes', {
      firstName: 'No',
      lastName: 'Way',
      serviceId: shop.fullId,
      address: CUSTOMER_ADDRESS,
    });
    expect(noContact.statusCode).toBe(400);
    const noLines = await owner(shop, 'POST', '/quotes', {
      firstName: 'No',
      lastName: 'Lines',
      email: 'x@example.com',
      serviceId: shop.fullId,
      address: CUSTOMER_ADDRESS,
      handOnly: true,
    });
    expect(noLines.statusCode).toBe(400);
    expect((await owner(shop, 'GET', '/quotes')).json().quotes.length).toBe(before);
  });
});
