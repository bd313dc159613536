/**
 * Reminders of unpaid invoices (jobs/invoice-reminders.ts): 3 days after an invoice was issued and
 * again 7 days after, while something is due, each once however many passes (or instances) run;
 * none for an invoice paid or void, none when the business turned them off.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendInvoiceReminders } from '../../src/jobs/invoice-reminders.ts';
import { book, bookBody, detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
const DAY = 86_400_000;
const MINUTE = 60_000;

describe.each(storages())('invoice reminders on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let hour = 9;

  // Each test on a fresh app and clock: the first moves the clock past the fixtures' booking day.
  beforeEach(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    hour = 9;
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `${d}${url}`, headers: shop.auth, ...(payload ? { payload } : {}) });
  const reminders = (bookingId: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'invoiceReminder')
      .execute();

  /** A completed job, invoiced now; answers its booking and invoice ids. */
  const invoiced = async (email: string) => {
    hour += 1;
    const res = await book(t, bookBody(shop, { time: `${String(hour).padStart(2, '0')}:00`, customerEmail: email }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    expect((await call('PUT', `/booking/approve/${id}`)).statusCode).toBe(200);
    expect((await call('PUT', `/booking/complete/${id}`)).statusCode).toBe(200);
    const bill = (await call('GET', `/bookings/${id}/bill`)).json();
    return { bookingId: id, invoiceId: bill.invoice._id as string, number: bill.invoice.number as number };
  };

  it('reminds an unpaid invoice 3 days after it was issued and 7 days after, each once', async () => {
    const unpaid = await invoiced('ren@example.com');
    const paid = await invoiced('pia@example.com');
    const detail = (await call('GET', `/invoices/${paid.invoiceId}`)).json();
    const cash = await t.app.inject({
      method: 'POST',
      url: `${d}/invoices/${paid.invoiceId}/payments`,
      headers: { ...shop.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { method: 'cash', amount: detail.balance.due },
    });
    expect(cash.statusCode, cash.body).toBe(200);

    t.clock.now += 3 * DAY - MINUTE;
    expect(await sendInvoiceReminders(t.ctx)).toBe(0);
    t.clock.now += MINUTE;
    expect(await sendInvoiceReminders(t.ctx)).toBe(1);
    // Two passes at once (two instances): the reminder is counted and sent once.
    expect(await Promise.all([sendInvoiceReminders(t.ctx), sendInvoiceReminders(t.ctx)])).toEqual([0, 0]);
    const first = await reminders(unpaid.bookingId);
    expect(first).toHaveLength(1);
    expect(first[0]?.to_address).toBe('ren@example.com');
    expect(first[0]?.subject).toMatch(new RegExp(`^Reminder: invoice #${unpaid.number} from .+, \\$[\\d.]+ due$`));
    expect(first[0]?.text_body).toContain('a reminder from');
    expect(first[0]?.text_body).toMatch(/Pay online: http\S+\/customer\/invoice\?token=/);
    expect(await reminders(paid.bookingId)).toHaveLength(0);

    t.clock.now += 4 * DAY;
    expect(await sendInvoiceReminders(t.ctx)).toBe(1);
    t.clock.now += 30 * DAY;
    expect(await sendInvoiceReminders(t.ctx)).toBe(0);
    expect(await reminders(unpaid.bookingId)).toHaveLength(2);
  });

  it('sends none while the business has them off, and none for a void invoice', async () => {
    const settings = await call('PUT', '/settings/tips', { presets: [15, 20, 25], reminders: false });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({ presets: [15, 20, 25], reminders: false, noShowFee: 0 });
    const off = await invoiced('otto@example.com');
    const voided = await invoiced('vera@example.com');
    expect((await call('POST', `/invoices/${voided.invoiceId}/void`)).statusCode).toBe(200);
    t.clock.now += 4 * DAY;
    expect(await sendInvoiceReminders(t.ctx)).toBe(0);
    expect(await reminders(off.bookingId)).toHaveLength(0);

    // Presets changed alone leave the reminders as they were; turned on again, the unpaid one is reminded.
    expect((await call('PUT', '/settings/tips', { presets: [10] })).json()).toEqual({
      presets: [10],
      reminders: false,
      noShowFee: 0,
    });
    expect((await call('PUT', '/settings/tips', { presets: [10], reminders: true })).json().reminders).toBe(true);
    expect(await sendInvoiceReminders(t.ctx)).toBe(1);
    expect(await reminders(off.bookingId)).toHaveLength(1);
    expect(await reminders(voided.bookingId)).toHaveLength(0);
  });
});
