/**
 * Security review, issue 20: text a person sends refuses control characters (NUL
 * answered 500 on PostgreSQL) and text-direction overrides, at the schema, on both
 * databases; a quote whose total a booking row cannot hold (PostgreSQL's integer
 * total_cents) answers 400 on both, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, detailer, engineApp, type Shop, setQuestions } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

describe.each(storages())('control characters, direction overrides and huge totals on %s', (kind) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(() => t.close());

  const count = async (table: 'bookings' | 'feedback' | 'services') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const feedback = (description: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { type: 'Bug Report', where: 'Pop-up', description },
    });

  it('refuses a NUL byte in the feedback description with 400 VALIDATION_FAILED', async () => {
    const before = await count('feedback');
    const res = await feedback('It broke\u0000 here');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      error: 'Description contains a character that is not allowed (a control character).',
    });
    expect(await count('feedback')).toBe(before);
  });

  it('keeps newlines and tabs in the feedback description', async () => {
    const res = await feedback('Steps:\n\t1. open the widget\r\n\t2. pick a time');
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['firstName', 'Ada\u0000', 'First name contains a character that is not allowed (a control character).'],
    ['lastName', 'Love\u0007lace', 'Last name contains a character that is not allowed (a control character).'],
    ['address', '5, Santa Monica\u0000, CA', 'Address contains a character that is not allowed (a control character).'],
    ['firstName', 'Ada\u009b', 'First name contains a character that is not allowed (a control character).'],
    ['firstName', 'Ada\u007f', 'First name contains a character that is not allowed (a control character).'],
    [
      'firstName',
      'Ada\u202eecalevoL',
      'First name contains a character that is not allowed (a text-direction control).',
    ],
    [
      'lastName',
      '\u2067Lovelace\u2069',
      'Last name contains a character that is not allowed (a text-direction control).',
    ],
  ])('refuses a booking whose %s is %j, and stores nothing', async (field, value, message) => {
    const before = await count('bookings');
    const res = await book(t, bookBody(shop, { [field]: value, time: '12:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', error: message });
    expect(await count('bookings')).toBe(before);
  });

  it('refuses a NUL byte or a direction override in an owner service name', async () => {
    const before = await count('services');
    for (const [serviceName, what] of [
      ['Full\u0000 Detail', 'a control character'],
      ['Full\tDetail', 'a control character'],
      ['\u202dFull Detail', 'a text-direction control'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/business-dashboard/service/add',
        headers: shop.auth,
        payload: { serviceName, duration: 60, price: 10 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        error: `Service name contains a character that is not allowed (${what}).`,
      });
    }
    expect(await count('services')).toBe(before);
  });

  it('refuses a direction override in the business name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/step1',
      headers: shop.auth,
      payload: { name: 'Shiny \u202eCars' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Business name contains a character that is not allowed (a text-direction control).');
  });

  it('refuses a booking whose rate answer would overflow the total with a 400, and stores nothing', async () => {
    // $10,000 per unit (the most a rate may be) x 100,000 (the most a quantity may be) is $1,000,000,000.
    const owner = await detailer(t);
    await setQuestions(t, owner.businessId, [{ question: 'Seats', type: 'rate', rate: 10_000 }]);
    const before = await count('bookings');
    const res = await book(t, bookBody(owner, { answer: { quantity: 100_000 }, time: '13:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AMOUNT_TOO_LARGE');
    expect(res.json().error).toMatch(/^The quote comes to \$1,000,[\d,]+\.\d\d, more than the \$20,000,000\.00/);
    expect(await count('bookings')).toBe(before);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/customer/quote',
      payload: {
        businessId: owner.businessId,
        serviceId: owner.fullId,
        answer: { quantity: 100_000 },
        address: '5, Santa Monica, CA 90401, USA',
      },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().code).toBe('AMOUNT_TOO_LARGE');
    // A large total that fits is still booked.
    const fits = await book(t, bookBody(owner, { answer: { quantity: 1_000 }, time: '14:00' }));
    expect(fits.statusCode).toBe(201);
    expect(fits.json().totalQuote).toBeGreaterThan(10_000_000);
  });
});
