/**
 * The owner's money (issue 43 item 5; docs/decisions/047): a period's payments report (collected,
 * tips, refunds, by method, its movements a page at a time, the invoices still owed), its CSV for
 * accounting software, and a client's money, from a deposit paid through the Stripe stand-in, a
 * card payment of an invoice with a tip, a cash payment, a refund and an invoice left unpaid.
 */
import { randomUUID } from 'node:crypto';
import type { InvoiceDetail } from '@slotwise/shared/api';
import { CsvReader } from '@slotwise/shared/csv';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import type { StripeStandIn } from '../../stripe/stand-in.ts';
import { type StripeShop, stripeShop } from '../../stripe/stripe-shop.ts';

const d = '/api/business-dashboard';
const SECRET_KEY = `sk_test_51Ledger${randomUUID().replace(/-/g, '')}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;
const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(storages())('the owner’s money on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let stripe: StripeStandIn;
  let wired: StripeShop | undefined;
  let hour = 9;

  beforeAll(async () => {
    wired = await stripeShop(kind, {
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      accountId: 'acct_1Ledger',
      connect: true,
    });
    ({ t, shop, stripe } = wired);
  });
  afterAll(() => wired?.close());

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: `${d}${url}`,
      headers: { ...shop.auth, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const keyed = (url: string, payload: object) => call('POST', url, payload, { 'idempotency-key': randomUUID() });
  const sessionOf = (url: string) => url.split('/pay/')[1]!;

  /** A job booked (its deposit paid by card when one is asked), approved and completed: its invoice's detail. */
  async function completedJob(): Promise<{ bookingId: string; invoice: InvoiceDetail }> {
    hour += 1;
    const res = await book(t, bookBody(shop, { time: `${String(hour).padStart(2, '0')}:00` }));
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = res.json().bookingId as string;
    if (res.json().status === 'awaiting_payment') {
      const checkout = await t.app.inject({ method: 'POST', url: '/api/customer/checkout', payload: { bookingId } });
      expect(checkout.statusCode, checkout.body).toBe(200);
      expect(await stripe.pay(sessionOf(checkout.json().url))).toBe(200);
    }
    expect((await call('PUT', `/booking/approve/${bookingId}`)).statusCode).toBe(200);
    expect((await call('PUT', `/booking/complete/${bookingId}`)).statusCode).toBe(200);
    const invoiceId = (await call('GET', `/bookings/${bookingId}/bill`)).json().invoice._id as string;
    return { bookingId, invoice: (await call('GET', `/invoices/${invoiceId}`)).json() };
  }

  const today = () => new Date(t.clock.now).toISOString().slice(0, 10);

  it('reports a period: deposits, payments with tips, refunds, by method, newest first; and what is owed', async () => {
    const period = { from: today(), to: today() };
    const empty = await call('GET', `/payments?from=${period.from}&to=${period.to}`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ collected: 0, received: 0, tips: 0, refunded: 0, entries: [], pages: 0 });
    expect(empty.json().methods.map((m: { method: string }) => m.method)).toEqual(['card', 'cash', 'check', 'other']);

    // A $25 deposit on every booking from now on.
    const rule = await call('PUT', '/settings/payments', {
      deposit: { kind: 'fixed', amount: 25 },
      refundWindowHours: 24,
      approvePaid: false,
    });
    expect(rule.statusCode, rule.body).toBe(200);

    // The first job: its deposit, then the rest by card through the pay link with a $10 tip.
    const first = await completedJob();
    const firstDue = cents(first.invoice.balance.due);
    t.clock.now += 60_000;
    const token = new URL(first.invoice.payUrl!).searchParams.get('token')!;
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/invoice-link/pay?token=${encodeURIComponent(token)}`,
      payload: { tip: { cents: 1000 } },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await stripe.pay(sessionOf(pay.json().url))).toBe(200);

    // The second: its deposit, then $40 in cash with a $5 tip, of which $15 is given back.
    t.clock.now += 60_000;
    const second = await completedJob();
    t.clock.now += 60_000;
    const cash = await keyed(`/invoices/${second.invoice.invoice._id}/payments`, {
      method: 'cash',
      amount: 40,
      tip: 5,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    t.clock.now += 60_000;
    const cashId = cash.json().payments[0]._id as string;
    const refund = await keyed(`/invoices/${second.invoice.invoice._id}/payments/${cashId}/refund`, {
      amount: 15,
      reason: 'Missed a spot',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const secondDue = cents(second.invoice.balance.due) - 4000;

    const report = await call('GET', `/payments?from=${period.from}&to=${period.to}`);
    expect(report.statusCode, report.body).toBe(200);
    const r = report.json();
    const received = 2500 + firstDue + 1000 + 2500 + 4500;
    expect([cents(r.received), cents(r.tips), cents(r.refunded), cents(r.collected)]).toEqual([
      received,
      1500,
      1500,
      received - 1500,
    ]);
    expect(r.methods).toEqual([
      { method: 'card', count: 3, total: (2500 + firstDue + 1000 + 2500) / 100, tips: 10 },
      { method: 'cash', count: 1, total: 45, tips: 5 },
      { method: 'check', count: 0, total: 0, tips: 0 },
      { method: 'other', count: 0, total: 0, tips: 0 },
    ]);
    expect(r.entries.map((e: { kind: string; method: string; total: number }) => [e.kind, e.method, e.total])).toEqual([
      ['refund', 'cash', -15],
      ['payment', 'cash', 45],
      ['deposit', 'card', 25],
      ['payment', 'card', (firstDue + 1000) / 100],
      ['deposit', 'card', 25],
    ]);
    expect(r.entries[0]).toMatchObject({
      amount: -15,
      tip: 0,
      note: 'Missed a spot',
      invoice: { _id: second.invoice.invoice._id, number: second.invoice.invoice.number },
      bookingId: second.bookingId,
      clientId: expect.any(String),
      customerName: expect.stringMatching(/\S/),
      day: period.from,
    });
    expect(r.entries[3]).toMatchObject({ amount: firstDue / 100, tip: 10 });
    expect(r.entries[4]).toMatchObject({ kind: 'deposit', invoice: null, bookingId: first.bookingId });
    expect([r.page, r.pages]).toEqual([1, 1]);
    // Owed now: the second invoice's rest; the first is paid.
    expect(r.outstanding).toMatchObject({ count: 1, due: secondDue / 100 });
    expect(r.outstanding.invoices).toEqual([
      expect.objectContaining({ _id: second.invoice.invoice._id, bookingId: second.bookingId, daysOpen: 0 }),
    ]);
    // Insights counts the money collected beside what was booked: the period's, and this week's.
    const work = (await call('GET', `/insights/work?from=${period.from}&to=${period.to}`)).json();
    expect(cents(work.collected)).toBe(received - 1500);
    const thisWeek = work.weeks.find((w: { weekStart: string }) => w.weekStart === '2026-11-29');
    expect(cents(thisWeek.collected)).toBe(received - 1500);
    expect(work.weeks.filter((w: { collected: number }) => w.collected !== 0)).toHaveLength(1);

    // Three days on it has been open three days; the period before today has no money in it.
    t.clock.now += 3 * 86_400_000;
    const later = (await call('GET', `/payments?from=2026-11-01&to=2026-11-30`)).json();
    expect(later).toMatchObject({ collected: 0, entries: [], pages: 0 });
    expect(later.outstanding.invoices[0].daysOpen).toBe(3);
    const beyond = (await call('GET', `/payments?from=${period.from}&to=${period.to}&page=2`)).json();
    expect([beyond.entries, beyond.page, beyond.pages]).toEqual([[], 2, 1]);

    // The CSV: one row per movement, oldest first, a refund negative, as accounting software imports.
    const csv = await call('GET', `/payments/export?from=${period.from}&to=${period.to}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="payments-${period.from}-to-${period.to}.csv"`,
    );
    const rows = new CsvReader(csv.body).rows();
    expect(rows[0]).toEqual([
      'Date',
      'Amount',
      'Payee',
      'Description',
      'Reference',
      'Method',
      'Tip',
      'Type',
      'Invoice',
      'Booking ID',
      'Note',
    ]);
    const [y, m, dd] = period.from.split('-');
    expect(rows.slice(1).map((row) => [row[0], row[1], row[5], row[7]])).toEqual([
      [`${m}/${dd}/${y}`, '25', 'Card', 'Deposit'],
      [`${m}/${dd}/${y}`, String((firstDue + 1000) / 100), 'Card', 'Payment'],
      [`${m}/${dd}/${y}`, '25', 'Card', 'Deposit'],
      [`${m}/${dd}/${y}`, '45', 'Cash', 'Payment'],
      [`${m}/${dd}/${y}`, '-15', 'Cash', 'Refund'],
    ]);
    expect(rows[5]).toMatchObject({
      3: `Refund of invoice #${second.invoice.invoice.number}: Full Detail`,
      4: `#${second.invoice.invoice.number}`,
      10: 'Missed a spot',
    });

    // The client's page: their movements and what they still owe.
    const clientId = r.entries[0].clientId as string;
    const mine = await call('GET', `/clients/${clientId}/payments`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().entries.length).toBeGreaterThan(0);
    expect(mine.json().entries.every((e: { clientId: string }) => e.clientId === clientId)).toBe(true);
    const unknown = await call('GET', `/clients/${randomUUID()}/payments`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'CLIENT_NOT_FOUND']);
  });

  it('refuses a period that ends before it starts, runs past 400 days, or a page that is not a number', async () => {
    for (const q of [
      'from=2026-12-02&to=2026-12-01',
      'from=2025-01-01&to=2026-12-01',
      'from=2026-12-01',
      'from=2026-12-01&to=2026-12-01&page=0',
      'from=2026-12-01&to=2026-12-01&page=x',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const res = await call('GET', `/payments?${q}`);
      expect([res.statusCode, res.json().code], q).toEqual([400, 'VALIDATION_FAILED']);
    }
    const csv = await call('GET', '/payments/export?from=2026-12-02&to=2026-12-01');
    expect([csv.statusCode, csv.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
