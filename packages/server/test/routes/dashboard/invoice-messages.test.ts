/**
 * An invoice issued and sent (issue 43 item 2; domain/invoice-messages.ts): completing a job queues
 * its mail, itemised with its pay link, in the completion's transaction, and a text with the link
 * shortened to a customer who agreed to texts, unless the owner switched that text off. Issued
 * again (a second call), nothing is sent again; a deposit that covered it sends a receipt, no text.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const d = '/api/business-dashboard';

describe.each(storages())('invoice messages on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let businessName: string;
  let hour = 9;

  beforeAll(async () => {
    // Texts written to the log (TEXTS=log): the business can text without a Twilio account.
    t = await engineApp(kind, { env: { TEXTS: 'log' } });
    shop = await detailer(t);
    businessName = (await t.ctx.repos.businesses.findById(shop.businessId))?.name ?? '';
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `${d}${url}`, headers: shop.auth, ...(payload ? { payload } : {}) });
  const outbox = (bookingId: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['channel', 'to_address', 'subject', 'text_body', 'kind'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'invoice')
      .execute();

  const completed = async (over: Parameters<typeof bookBody>[1] = {}) => {
    hour += 1;
    const res = await book(t, bookBody(shop, { time: `${String(hour).padStart(2, '0')}:00`, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    expect((await call('PUT', `/booking/approve/${id}`)).statusCode).toBe(200);
    const done = await call('PUT', `/booking/complete/${id}`);
    expect(done.statusCode, done.body).toBe(200);
    return id;
  };

  it('mails the invoice, itemised with its pay link, and texts the link to a customer who agreed', async () => {
    const id = await completed({ customerEmail: 'grace@example.com', textConsent: true });
    const bill = (await call('GET', `/bookings/${id}/bill`)).json();
    const detail = (await call('GET', `/invoices/${bill.invoice._id}`)).json();
    const sent = await outbox(id);
    const mail = sent.find((m) => m.channel === 'mail');
    expect(mail).toMatchObject({
      to_address: 'grace@example.com',
      subject: `Invoice #${bill.invoice.number} from ${businessName}: $${detail.balance.due.toFixed(2)} due`,
    });
    expect(mail?.text_body).toContain(`Pay online: ${detail.payUrl}`);
    for (const line of detail.balance.lines) expect(mail?.text_body).toContain(line.description);
    const text = sent.find((m) => m.channel === 'text');
    expect(text?.to_address).toBe('+15551234567');
    expect(text?.text_body).toMatch(
      new RegExp(
        `^${businessName}: invoice for your .+: \\$${detail.balance.due.toFixed(2)} due\\. Pay: http\\S+/s/\\w+`,
      ),
    );

    // Issued already: asking again sends nothing more.
    expect((await call('POST', `/bookings/${id}/invoice`)).statusCode).toBe(200);
    expect(await outbox(id)).toHaveLength(2);
  });

  it('sends no text without consent, nor when the owner switched the invoice text off', async () => {
    const noConsent = await completed({ customerEmail: 'ada@example.com' });
    expect((await outbox(noConsent)).map((m) => m.channel)).toEqual(['mail']);

    const settings = (await call('GET', '/settings/notifications')).json();
    const invoiceRow = settings.messages.find((m: { kind: string }) => m.kind === 'invoice');
    expect(invoiceRow).toMatchObject({ label: 'Invoice with its pay link', to: 'customer', mail: true, text: true });
    const off = await call('PUT', '/settings/notifications', {
      ownerTexts: settings.ownerTexts,
      reminder2h: settings.reminder2h,
      reviewUrl: settings.reviewUrl,
      reviewDelayHours: settings.reviewDelayHours,
      textsOff: ['invoice'],
    });
    expect(off.statusCode, off.body).toBe(200);
    const switchedOff = await completed({ customerEmail: 'alan@example.com', textConsent: true });
    expect((await outbox(switchedOff)).map((m) => m.channel)).toEqual(['mail']);
  });
});
