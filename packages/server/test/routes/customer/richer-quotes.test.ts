/**
 * Richer quotes through the customer calls (docs/decisions/026): two questions and an add-on
 * priced on the server, the slot lengthened by an option and an add-on, the booking keeping its
 * answers and lines, the CSV agreeing, and an embed that sends the old single `answer`.
 */
import { localToUtcMs } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_WITHDRAWN } from '../../../src/domain/price-change.ts';
import {
  availableTimes,
  book,
  bookBody,
  CUSTOMER_ADDRESS,
  DAY,
  detailer,
  engineApp,
  LA,
  type Shop,
  setQuestions,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

describe.each(storages())('richer quotes on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let size: string;
  let condition: string;
  let petHair: string;
  let headlights: string;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    await t.ctx.db
      .updateTable('businesses')
      .set({ price_per_mile_cents: 0 })
      .where('id', '=', shop.businessId)
      .execute();
    await setQuestions(t, shop.businessId, [
      {
        question: 'Vehicle size',
        type: 'dropdown',
        options: [
          { text: 'Sedan', value: 0 },
          { text: 'SUV', value: 25, extraMinutes: 30 },
        ],
      },
      {
        question: 'Condition?',
        type: 'dropdown',
        options: [
          { text: 'Clean', value: 0 },
          { text: 'Heavy', value: 40 },
        ],
        serviceIds: [shop.fullId],
      },
      { question: 'Ceramic spray', type: 'yes_no', rate: 15, required: false },
    ]);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/service/edit/${shop.fullId}`,
      headers: shop.auth,
      payload: {
        serviceName: 'Full Detail',
        duration: 60,
        price: 120,
        addOns: [
          { name: 'Pet hair removal', price: 30, extraMinutes: 30 },
          { name: 'Headlight restoration', price: 45 },
        ],
      },
    });
    expect(edit.statusCode).toBe(200);
    [petHair, headlights] = edit.json().addOns.map((a: { _id: string }) => a._id);
    const business = (await t.app.inject({ url: `/api/customer/business/${shop.businessId}` })).json();
    [size, condition] = business.questions.map((q: { _id: string }) => q._id);
  });
  afterAll(() => t.close());

  const quote = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/quote',
      payload: { businessId: shop.businessId, serviceId: shop.fullId, address: CUSTOMER_ADDRESS, ...body },
    });

  it('itemises each answer and the ticked add-on, and leaves an optional question unanswered', async () => {
    const res = await quote({
      answers: { [size]: { option: 'SUV' }, [condition]: { option: 'Heavy' } },
      addOns: [petHair],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lines: [
        { label: 'Full Detail', amount: 120 },
        { label: 'Vehicle size: SUV', amount: 25 },
        { label: 'Condition: Heavy', amount: 40 },
        { label: 'Add-on: Pet hair removal', amount: 30 },
      ],
      totalQuote: 215,
    });
  });

  it('asks a question only for its services', async () => {
    const res = await quote({ serviceId: shop.quickId, answers: { [size]: { option: 'Sedan' } } });
    expect(res.json().lines).toEqual([
      { label: 'Quick Wash', amount: 25.5 },
      { label: 'Vehicle size: Sedan', amount: 0 },
    ]);
  });

  it('refuses a missing required answer and an add-on of another service, with ANSWER_INVALID', async () => {
    const missing = await quote({ answers: { [size]: { option: 'SUV' } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'ANSWER_INVALID', error: 'Answer "Condition?" with one of: Clean, Heavy.' });
    const other = await quote({
      serviceId: shop.quickId,
      answers: { [size]: { option: 'SUV' } },
      addOns: [headlights],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('ANSWER_INVALID');
  });

  it('offers slots that fit the longer job, books it at that length, and keeps its answers and lines', async () => {
    // Open 10:00-19:00: 60 minutes plus 30 (SUV) plus 30 (pet hair) must start by 17:00.
    const plain = await availableTimes(t, { businessId: shop.businessId, date: DAY, serviceId: shop.fullId });
    const longer = await availableTimes(t, {
      businessId: shop.businessId,
      date: DAY,
      serviceId: shop.fullId,
      extraMinutes: '60',
    });
    expect(plain.at(-1)).toBe('18:00');
    expect(longer.at(-1)).toBe('17:00');

    const body = bookBody(shop, {
      time: '17:00',
      answers: { [size]: { option: 'SUV' }, [condition]: { option: 'Heavy' } },
      addOns: [petHair],
    });
    delete body.answer;
    const res = await book(t, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ totalQuote: 215, bookingTime: { startTime: '17:00', endTime: '19:00' } });
    const row = await t.ctx.repos.bookings.find(shop.businessId, res.json().bookingId);
    expect(row).toMatchObject({
      duration_min: 120,
      end_ms: localToUtcMs(DAY, '19:00', LA),
      total_cents: 21_500,
      car_body_type: 'SUV',
    });
    expect(JSON.parse(row!.answers!)).toEqual([
      { question: 'Vehicle size', answer: 'SUV' },
      { question: 'Condition?', answer: 'Heavy' },
    ]);
    expect(JSON.parse(row!.quote_lines)).toContainEqual({ label: 'Add-on: Pet hair removal', amountCents: 3000 });

    // 17:30 would end past closing once lengthened: refused although a plain Full Detail fits.
    const late = bookBody(shop, {
      time: '17:30',
      customerEmail: 'late@example.com',
      answers: { [size]: { option: 'SUV' }, [condition]: { option: 'Clean' } },
      addOns: [petHair],
    });
    expect((await book(t, late)).statusCode).toBe(409);

    const csv = await t.app.inject({ url: '/api/business-dashboard/bookings/export', headers: shop.auth });
    const line = csv.body.split('\r\n').find((l) => l.includes(res.json().bookingId));
    expect(line).toContain(
      'Vehicle size: SUV; Condition: Heavy,Full Detail $120.00; Vehicle size: SUV $25.00; Condition: Heavy $40.00; Add-on: Pet hair removal $30.00',
    );
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'ada@example.com')
      .where('booking_id', '=', res.json().bookingId)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Your answers: Vehicle size: SUV; Condition: Heavy');
    expect(mail.text_body).toContain('Add-on: Pet hair removal $30.00');
    expect(mail.text_body).toContain('Total: $215.00');
  });

  it('books from an embed that sends the single `answer`: it answers the first question', async () => {
    await setQuestions(t, shop.businessId, [
      {
        question: 'Vehicle size',
        type: 'dropdown',
        options: [
          { text: 'Sedan', value: 0 },
          { text: 'SUV', value: 25 },
        ],
      },
    ]);
    const res = await book(t, bookBody(shop, { time: '11:00', customerEmail: 'old@example.com' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().totalQuote).toBe(145);
    const row = await t.ctx.repos.bookings.find(shop.businessId, res.json().bookingId);
    expect(JSON.parse(row!.answers!)).toEqual([{ question: 'Vehicle size', answer: 'SUV' }]);
  });

  // Issue 39: a page opened before the owner saved the questions again answers by _ids the business no
  // longer has. Priced as if unanswered, it booked a price the customer was never shown.
  it('refuses answers to a question the business no longer has with QUESTIONS_CHANGED, and books nothing', async () => {
    const before = (await t.app.inject({ url: `/api/customer/business/${shop.businessId}` })).json();
    const stale = before.questions[0]._id as string;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/quote-questions',
      headers: shop.auth,
      payload: {
        questions: [
          {
            question: 'Vehicle size',
            type: 'dropdown',
            options: [
              { text: 'Sedan', value: 0 },
              { text: 'SUV', value: 35 },
            ],
            required: false,
          },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const fresh = saved.json().questions[0]._id as string;
    expect(fresh).not.toBe(stale);

    const changed = {
      code: 'QUESTIONS_CHANGED',
      error: 'The questions and prices changed since this page was opened; answer the questions again.',
    };
    const q = await quote({ serviceId: shop.quickId, answers: { [stale]: { option: 'SUV' } } });
    expect(q.statusCode).toBe(409);
    expect(q.json()).toEqual(changed);
    // One stale answer among good ones is refused too: the page's catalogue is out of date.
    const mixed = await quote({ answers: { [fresh]: { option: 'SUV' }, [stale]: { option: 'SUV' } } });
    expect(mixed.json()).toEqual(changed);

    const body = bookBody(shop, {
      time: '13:00',
      customerEmail: 'stale@example.com',
      answers: { [stale]: { option: 'SUV' } },
    });
    delete body.answer;
    const res = await book(t, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(changed);
    const rows = await t.ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('customer_email', '=', 'stale@example.com')
      .execute();
    expect(rows).toEqual([]);

    // Answered again with the fresh catalogue, it books at the new price.
    const again = await book(t, { ...body, answers: { [fresh]: { option: 'SUV' } } });
    expect(again.statusCode).toBe(201);
    expect(again.json().totalQuote).toBe(155);
  });
});

describe.each(storages())('approval at an adjusted price on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const approve = (id: string, payload?: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/booking/approve/${id}`,
      headers: shop.auth,
      ...(payload ? { payload } : {}),
    });
  const answer = (token: string, accept: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/customer/price-change?token=${encodeURIComponent(token)}`,
      payload: { accept },
    });
  const mailTo = async (to: string, subject: string) =>
    (
      await t.ctx.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).execute()
    ).find((m) => m.subject.startsWith(subject));
  const tokenIn = (text: string) => decodeURIComponent(/\/customer\/price\?token=([^\s&]+)/.exec(text)![1]!);

  it('keeps the booking pending until the customer accepts the new total from the mail link, then approves it', async () => {
    const made = await book(t, bookBody(shop, { time: '10:00', customerEmail: 'yes@example.com' }));
    const id = made.json().bookingId;
    const quoted = made.json().totalQuote;
    const res = await approve(id, { total: quoted + 40, reason: 'Heavy pet hair: +$40' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending',
      totalQuote: quoted,
      priceChange: { quoted, proposed: quoted + 40, reason: 'Heavy pet hair: +$40', state: 'proposed' },
    });
    const mail = await mailTo('yes@example.com', 'New price to accept');
    expect(mail?.text_body).toContain('Heavy pet hair: +$40');
    const token = tokenIn(mail!.text_body);
    const page = await t.app.inject({ url: `/api/customer/booking?token=${encodeURIComponent(token)}` });
    expect(page.json().priceChange).toMatchObject({ proposed: quoted + 40, state: 'proposed' });

    const accepted = await answer(token, true);
    expect(accepted.statusCode).toBe(200);
    const row = await t.ctx.repos.bookings.find(shop.businessId, id);
    expect(row).toMatchObject({ status: 'approved', total_cents: Math.round((quoted + 40) * 100) });
    const lines = JSON.parse(row!.quote_lines) as { amountCents: number; label: string }[];
    expect(lines.at(-1)).toEqual({ label: 'Price change: Heavy pet hair: +$40', amountCents: 4000 });
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(row!.total_cents);
    const confirmed = await mailTo('yes@example.com', 'Booking confirmed');
    expect(confirmed?.text_body).toMatch(/Price change: \$[\d.,]+ quoted, now \$[\d.,]+: Heavy pet hair: \+\$40/);
    const list = await t.app.inject({
      url: `/api/business-dashboard/bookings?from=${DAY}&to=${DAY}`,
      headers: shop.auth,
    });
    expect(list.json().bookings.find((b: { _id: string }) => b._id === id)).toMatchObject({
      status: 'approved',
      priceChange: { state: 'accepted', reason: 'Heavy pet hair: +$40' },
    });
    // Answered once: a second answer is refused and changes nothing.
    const again = await answer(token, false);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BOOKING_NOT_CHANGEABLE');
  });

  it('cancels the booking when the customer declines the new total', async () => {
    const made = await book(t, bookBody(shop, { time: '13:00', customerEmail: 'no@example.com' }));
    const id = made.json().bookingId;
    expect((await approve(id, { total: 10, reason: 'Smaller than it looked' })).statusCode).toBe(200);
    const token = tokenIn((await mailTo('no@example.com', 'New price to accept'))!.text_body);
    const declined = await answer(token, false);
    expect(declined.statusCode).toBe(200);
    expect(await t.ctx.repos.bookings.find(shop.businessId, id)).toMatchObject({
      status: 'cancelled',
      price_state: 'declined',
    });
  });

  it('withdraws a waiting new price when the owner approves as quoted: the link says so and changes nothing', async () => {
    const made = await book(t, bookBody(shop, { time: '11:00', customerEmail: 'withdrawn@example.com' }));
    const id = made.json().bookingId;
    const quoted = made.json().totalQuote;
    expect((await approve(id, { total: quoted + 25, reason: 'Tar on the sills' })).statusCode).toBe(200);
    const token = tokenIn((await mailTo('withdrawn@example.com', 'New price to accept'))!.text_body);
    const plain = await approve(id);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({
      status: 'approved',
      totalQuote: quoted,
      priceChange: { proposed: quoted + 25, state: 'withdrawn' },
    });
    const late = await answer(token, true);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'BOOKING_NOT_CHANGEABLE', error: PRICE_WITHDRAWN });
    expect(await t.ctx.repos.bookings.find(shop.businessId, id)).toMatchObject({
      status: 'approved',
      total_cents: Math.round(quoted * 100),
      price_state: 'withdrawn',
    });
  });

  it('withdraws it on a decline, and undoing the decline puts it back for the customer to answer', async () => {
    const made = await book(t, bookBody(shop, { time: '12:00', customerEmail: 'undo@example.com' }));
    const id = made.json().bookingId;
    const quoted = made.json().totalQuote;
    expect((await approve(id, { total: quoted + 15, reason: 'Roof rack' })).statusCode).toBe(200);
    const token = tokenIn((await mailTo('undo@example.com', 'New price to accept'))!.text_body);
    const declined = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/booking/decline/${id}`,
      headers: shop.auth,
      payload: {},
    });
    expect(declined.json()).toMatchObject({ status: 'declined', priceChange: { state: 'withdrawn' } });
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/business-dashboard/booking/undo/${encodeURIComponent(declined.json().undo.token)}`,
      headers: shop.auth,
    });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'pending', priceChange: { state: 'proposed' } });
    expect((await answer(token, true)).statusCode).toBe(200);
    expect(await t.ctx.repos.bookings.find(shop.businessId, id)).toMatchObject({
      status: 'approved',
      price_state: 'accepted',
      total_cents: Math.round((quoted + 15) * 100),
    });
  });

  it('refuses a new total without a reason, and approves as quoted without a body', async () => {
    const made = await book(t, bookBody(shop, { time: '15:00', customerEmail: 'plain@example.com' }));
    const id = made.json().bookingId;
    const bare = await approve(id, { total: 99 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe('Say why the total changes: the customer reads the reason before accepting it.');
    const plain = await approve(id);
    expect(plain.json()).toMatchObject({ status: 'approved', totalQuote: made.json().totalQuote });
    expect(plain.json().priceChange).toBeUndefined();
  });
});
