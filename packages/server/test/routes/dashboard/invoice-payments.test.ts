/**
 * Getting paid after the job (issue 43; docs/decisions/045): payments and refunds as rows, the
 * owner's recorded payments, voids and refunds (under Idempotency-Keys), the tip presets, and the
 * customer's pay link to Stripe Checkout on the owner's account (the stand-in,
 * test/stripe/stand-in.ts), where only the signed webhook records the card payment, once.
 */
import { randomUUID } from 'node:crypto';
import { divideHalfEven } from '@slotwise/shared/balance';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipCentsOf } from '../../../src/domain/invoice-payments.ts';
import { book, bookBody, detailer, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import type { StripeStandIn } from '../../stripe/stand-in.ts';
import { type StripeShop, stripeShop } from '../../stripe/stripe-shop.ts';

const d = '/api/business-dashboard';
const SECRET_KEY = `sk_test_51Invoices${randomUUID().replace(/-/g, '')}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;

const cents = (dollars: number) => Math.round(dollars * 100);

describe.each(storages())('invoice payments on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let stripe: StripeStandIn;
  let wired: StripeShop | undefined;
  let hour = 9;

  beforeAll(async () => {
    wired = await stripeShop(kind, {
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      accountId: 'acct_1Invoices',
      connect: true,
    });
    ({ t, shop, stripe } = wired);
  });
  afterAll(() => wired?.close());

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
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
  const keyed = (url: string, payload: object, key = randomUUID()) =>
    call('POST', url, payload, { 'idempotency-key': key });

  /** A completed job (Full Detail for an SUV), whose completion issued its invoice; answers the invoice's detail. */
  const invoiced = async () => {
    hour += 1;
    const res = await book(t, bookBody(shop, { time: `${String(hour).padStart(2, '0')}:00` }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    expect((await call('PUT', `/booking/approve/${id}`)).statusCode).toBe(200);
    expect((await call('PUT', `/booking/complete/${id}`)).statusCode).toBe(200);
    const invoiceId = (await call('GET', `/bookings/${id}/bill`)).json().invoice._id as string;
    const detail = await call('GET', `/invoices/${invoiceId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json();
  };
  const tokenOf = (payUrl: string) => new URL(payUrl).searchParams.get('token')!;
  const link = (method: 'GET' | 'POST', token: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/invoice-link${method === 'POST' ? '/pay' : ''}?token=${encodeURIComponent(token)}`,
      ...(payload ? { payload } : {}),
    });

  it('keeps tip presets per business: 15, 20, 25 by default, 0 to 3 whole percents from 1 to 100', async () => {
    expect((await call('GET', '/settings/tips')).json()).toEqual({
      presets: [15, 20, 25],
      reminders: true,
      noShowFee: 0,
    });
    for (const presets of [[0], [101], [10, 10], [5, 10, 15, 20], [12.5]]) {
      const bad = await call('PUT', '/settings/tips', { presets });
      expect([bad.statusCode, bad.json().code], JSON.stringify(presets)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await call('PUT', '/settings/tips', { presets: [] })).json()).toEqual({
      presets: [],
      reminders: true,
      noShowFee: 0,
    });
    expect((await call('PUT', '/settings/tips', { presets: [18, 20, 25] })).json()).toEqual({
      presets: [18, 20, 25],
      reminders: true,
      noShowFee: 0,
    });
  });

  it('records cash and check in part, never more than due, once per key; paid at 0 due; void refused', async () => {
    const first = await invoiced();
    const id = first.invoice._id as string;
    expect(first.invoice).toMatchObject({ state: 'open', paidAt: null, voidedAt: null });
    expect(first.payUrl).toMatch(/\/customer\/invoice\?token=/);
    const total = cents(first.balance.total);
    expect(cents(first.balance.due)).toBe(total);

    const noKey = await call('POST', `/invoices/${id}/payments`, { method: 'cash', amount: 50 });
    expect([noKey.statusCode, noKey.json().code]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    const card = await keyed(`/invoices/${id}/payments`, { method: 'card', amount: 50 });
    expect(card.json().code).toBe('VALIDATION_FAILED');
    const tooMuch = await keyed(`/invoices/${id}/payments`, { method: 'cash', amount: total / 100 + 0.01 });
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([400, 'PAYMENT_TOO_LARGE']);

    const key = randomUUID();
    const cash = await keyed(`/invoices/${id}/payments`, { method: 'cash', amount: 50, tip: 5 }, key);
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().payments).toEqual([
      expect.objectContaining({ method: 'cash', amount: 50, tip: 5, note: null, refunded: 0 }),
    ]);
    expect(cents(cash.json().balance.due)).toBe(total - 5000);
    // The tip is not part of what is owed.
    expect(cents(cash.json().balance.paid)).toBe(5000);
    const again = await keyed(`/invoices/${id}/payments`, { method: 'cash', amount: 50, tip: 5 }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(cash.json());
    const reused = await keyed(`/invoices/${id}/payments`, { method: 'cash', amount: 60 }, key);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const rows = await t.ctx.db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: 'cash',
      amount_cents: 5000,
      tip_cents: 500,
      recorded_by: expect.any(String),
    });

    const voided = await call('POST', `/invoices/${id}/void`);
    expect([voided.statusCode, voided.json().code]).toEqual([409, 'INVOICE_HAS_PAYMENTS']);

    t.clock.now += 1000;
    const rest = (total - 5000) / 100;
    const check = await keyed(`/invoices/${id}/payments`, { method: 'check', amount: rest, note: 'Check #1042' });
    expect(check.statusCode, check.body).toBe(200);
    const paid = check.json();
    expect(paid.invoice.state).toBe('paid');
    expect(paid.invoice.paidAt).toEqual(expect.any(String));
    expect(paid.balance).toMatchObject({ due: 0, credit: 0 });
    expect(paid.payments[1]).toMatchObject({ method: 'check', note: 'Check #1042' });
    const more = await keyed(`/invoices/${id}/payments`, { method: 'cash', amount: 1 });
    expect([more.statusCode, more.json().code]).toEqual([409, 'INVOICE_PAID']);
    expect((await call('POST', `/invoices/${id}/void`)).json().code).toBe('INVOICE_PAID');

    // A recorded payment's refund is recorded: the invoice stays paid, nothing is owed again.
    const cashId = paid.payments[0]._id as string;
    const over = await keyed(`/invoices/${id}/payments/${cashId}/refund`, { amount: 55.01 });
    expect([over.statusCode, over.json().code]).toEqual([400, 'REFUND_TOO_LARGE']);
    const refunded = await keyed(`/invoices/${id}/payments/${cashId}/refund`, { amount: 20, reason: 'Scratch' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      invoice: { state: 'paid' },
      balance: { due: 0 },
      refunded: 20,
      refunds: [{ paymentId: cashId, amount: 20, reason: 'Scratch', status: 'recorded' }],
    });
    expect(refunded.json().payments[0].refunded).toBe(20);
    // 55 paid with its tip, 20 back: 35 is left, and no more.
    expect((await keyed(`/invoices/${id}/payments/${cashId}/refund`, { amount: 35.01 })).json().code).toBe(
      'REFUND_TOO_LARGE',
    );
    const unknown = await keyed(`/invoices/${id}/payments/${randomUUID()}/refund`, { amount: 1 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'INVOICE_PAYMENT_NOT_FOUND']);
    expect((await call('GET', `/invoices/${randomUUID()}`)).json().code).toBe('INVOICE_NOT_FOUND');
  });

  it('voids an open invoice with no payments, keeping its number; its link takes nothing', async () => {
    const open = await invoiced();
    const id = open.invoice._id as string;
    const token = tokenOf(open.payUrl);
    const voided = await call('POST', `/invoices/${id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({
      invoice: { state: 'void', number: open.invoice.number, voidedAt: expect.any(String) },
      payUrl: null,
    });
    expect((await keyed(`/invoices/${id}/payments`, { method: 'cash', amount: 1 })).json().code).toBe('INVOICE_VOID');
    const pay = await link('POST', token, {});
    expect([pay.statusCode, pay.json().code]).toEqual([409, 'INVOICE_VOID']);
    expect((await link('GET', token)).json()).toMatchObject({ state: 'void', canPay: false });
  });

  it('pays by card through the link with a preset tip: one session per amount, recorded only by the signed webhook, once', async () => {
    const open = await invoiced();
    const id = open.invoice._id as string;
    const token = tokenOf(open.payUrl);
    const due = cents(open.balance.due);

    const view = await link('GET', token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      businessName: expect.any(String),
      number: open.invoice.number,
      state: 'open',
      due: open.balance.due,
      tipPresets: [18, 20, 25],
      canPay: true,
      payments: [],
      refunds: [],
    });
    expect(view.json().lines.length).toBeGreaterThan(0);
    expect((await link('GET', 'not-a-token')).json().code).toBe('INVOICE_LINK_INVALID');

    expect((await link('POST', token, { tip: { percent: 15 } })).json().code).toBe('TIP_NOT_OFFERED');
    expect((await link('POST', token, { tip: { cents: due + 1 } })).json().code).toBe('TIP_TOO_LARGE');
    expect((await link('POST', token, { tip: { percent: 18, cents: 5 } })).json().code).toBe('VALIDATION_FAILED');

    const first = await link('POST', token, { tip: { percent: 18 } });
    expect(first.statusCode, first.body).toBe(200);
    const twice = await link('POST', token, { tip: { percent: 18 } });
    expect(twice.json().url).toBe(first.json().url);
    const sessionId = first.json().url.split('/pay/')[1] as string;
    const session = stripe.sessions.get(sessionId)!;
    // 18 % of what is due, half to even to the cent.
    const tip = divideHalfEven(due * 18, 100);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: due + tip,
      metadata: { invoice_id: id, tip_cents: String(tip) },
    });
    const made = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    expect(made.at(-1)?.idempotencyKey).toBe(`invoice-${id}-${due}-${tip}`);
    expect(made.at(-1)?.body).toMatchObject({
      line_items: [
        { price_data: { unit_amount: String(due), product_data: { name: `Invoice #${open.invoice.number}` } } },
        { price_data: { unit_amount: String(tip), product_data: { name: 'Tip' } } },
      ],
    });
    // Nothing is recorded before Stripe says so.
    expect((await call('GET', `/invoices/${id}`)).json().payments).toEqual([]);

    expect(await stripe.pay(sessionId)).toBe(200);
    const paid = (await call('GET', `/invoices/${id}`)).json();
    expect(paid.invoice.state).toBe('paid');
    expect(paid.balance).toMatchObject({ due: 0, credit: 0 });
    expect(paid.payments).toEqual([
      expect.objectContaining({ method: 'card', amount: due / 100, tip: tip / 100, refunded: 0 }),
    ]);
    // A replay of the event, signed afresh, records nothing more.
    const event = stripe.events.findLast((e) => e.type === 'checkout.session.completed')!;
    expect(await stripe.deliver(event)).toBe(200);
    // The same payment told again under another event id records nothing more either.
    expect(await stripe.deliver({ ...event, id: `evt_${randomUUID().replace(/-/g, '')}` }, SECRET_KEY)).toBe(200);
    expect((await call('GET', `/invoices/${id}`)).json().payments).toHaveLength(1);
    expect((await link('POST', token, {})).json().code).toBe('INVOICE_PAID');

    // A card refund goes through Stripe's Refunds API with its row id as the idempotency key.
    const paymentId = paid.payments[0]._id as string;
    const refund = await keyed(`/invoices/${id}/payments/${paymentId}/refund`, { amount: 10 });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().refunds).toEqual([expect.objectContaining({ amount: 10, status: 'queued' })]);
    await t.ctx.paymentWorker.flush();
    const after = (await call('GET', `/invoices/${id}`)).json();
    expect(after.refunds[0].status).toBe('sent');
    expect(after.invoice.state).toBe('paid');
    const sent = stripe.requests.findLast((r) => r.path === '/v1/refunds' && r.method === 'POST')!;
    expect(sent.idempotencyKey).toBe(after.refunds[0]._id);
    expect(sent.body).toMatchObject({ amount: '1000', payment_intent: stripe.sessions.get(sessionId)!.payment_intent });
    const tooMuch = await keyed(`/invoices/${id}/payments/${paymentId}/refund`, {
      amount: (due + tip - 1000 + 1) / 100,
    });
    expect(tooMuch.json().code).toBe('REFUND_TOO_LARGE');

    // Refunded in Stripe's own dashboard meanwhile: Stripe refuses ours for good, and a failed
    // refund stops counting against the payment, so the owner may refund it again.
    const outside = await fetch(`${stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${String(sent.body.payment_intent)}&amount=${due + tip - 1000}`,
    });
    expect(outside.status).toBe(200);
    t.clock.now += 1000;
    await keyed(`/invoices/${id}/payments/${paymentId}/refund`, { amount: 5 });
    await t.ctx.paymentWorker.flush();
    const refused = (await call('GET', `/invoices/${id}`)).json();
    expect(refused.refunds.map((r: { status: string }) => r.status)).toEqual(['sent', 'failed']);
    expect(refused.refunded).toBe(10);
    expect(refused.payments[0].refunded).toBe(10);
  });

  it('records a paid session once when its events arrive together, and ignores an invoice it does not know', async () => {
    const open = await invoiced();
    const id = open.invoice._id as string;
    const sessionId = (await link('POST', tokenOf(open.payUrl), {})).json().url.split('/pay/')[1] as string;
    expect(await stripe.pay(sessionId)).toBe(200);
    const event = stripe.events.findLast(
      (e) => (e.data as { object: { id: string } }).object.id === sessionId && e.type === 'checkout.session.completed',
    )!;
    const eventId = () => `evt_${randomUUID().replace(/-/g, '')}`;
    const copies = await Promise.all([1, 2, 3, 4].map(() => stripe.deliver({ ...event, id: eventId() }, SECRET_KEY)));
    expect(copies).toEqual([200, 200, 200, 200]);
    const paid = (await call('GET', `/invoices/${id}`)).json();
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ method: 'card', amount: open.balance.due, tip: 0 });
    expect(paid.invoice.state).toBe('paid');

    const object = (event.data as { object: Record<string, unknown> }).object;
    const stray = {
      ...event,
      id: eventId(),
      data: {
        object: { ...object, id: `cs_test_${randomUUID()}`, metadata: { invoice_id: randomUUID(), tip_cents: '0' } },
      },
    };
    expect(await stripe.deliver(stray, SECRET_KEY)).toBe(200);
    const count = await t.ctx.db
      .selectFrom('invoice_payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', String(stray.data.object.id))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('takes no more than is due when two recordings arrive at once', async () => {
    const open = await invoiced();
    const id = open.invoice._id as string;
    const both = await Promise.all([
      keyed(`/invoices/${id}/payments`, { method: 'cash', amount: open.balance.due }),
      keyed(`/invoices/${id}/payments`, { method: 'check', amount: open.balance.due }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().code).toBe('INVOICE_PAID');
    const after = (await call('GET', `/invoices/${id}`)).json();
    expect(after.payments).toHaveLength(1);
    expect(after.balance).toMatchObject({ due: 0, credit: 0 });
  });

  it('issues the invoice paid when the deposit covered the whole job', async () => {
    const rules = (kind: 'full' | 'none') =>
      call('PUT', '/settings/payments', {
        deposit: kind === 'full' ? { kind } : { kind: 'none' },
        refundWindowHours: 24,
        approvePaid: true,
      });
    expect((await rules('full')).statusCode).toBe(200);
    hour += 1;
    const booked = await book(t, bookBody(shop, { time: `${hour}:00` }));
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().bookingId as string;
    const checkout = await t.app.inject({ method: 'POST', url: '/api/customer/checkout', payload: { bookingId } });
    expect(await stripe.pay(checkout.json().url.split('/pay/')[1])).toBe(200);
    expect((await rules('none')).statusCode).toBe(200);
    expect((await call('PUT', `/booking/complete/${bookingId}`)).statusCode).toBe(200);
    const invoiceId = (await call('GET', `/bookings/${bookingId}/bill`)).json().invoice._id as string;
    const detail = (await call('GET', `/invoices/${invoiceId}`)).json();
    expect(detail.invoice).toMatchObject({ state: 'paid', paidAt: expect.any(String) });
    expect(detail.balance).toMatchObject({ due: 0, credit: 0 });
    expect(detail.payments).toEqual([]);
    expect((await link('POST', tokenOf(detail.payUrl), {})).json().code).toBe('INVOICE_PAID');
  });

  it('records a card payment for its own business when two businesses share the Stripe account', async () => {
    // A second business of the same owner's, on the same Stripe account, with its own endpoint.
    const other = await detailer(t);
    const address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const otherSecret = `whsec_${randomUUID().replace(/-/g, '')}`;
    const connected = await t.app.inject({
      method: 'PUT',
      url: `${d}/settings/payments/stripe`,
      headers: other.auth,
      payload: { secretKey: SECRET_KEY, webhookSecret: otherSecret },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const open = await invoiced();
    const first = await link('POST', tokenOf(open.payUrl), {});
    const sessionId = first.json().url.split('/pay/')[1] as string;
    // The event reaches the other business's endpoint first (and only): not its invoice, ignored.
    stripe.setWebhook(SECRET_KEY, `${address}/api/webhooks/stripe/${other.businessId}`, otherSecret);
    try {
      expect(await stripe.pay(sessionId)).toBe(200);
      expect((await call('GET', `/invoices/${open.invoice._id}`)).json().payments).toEqual([]);
    } finally {
      stripe.setWebhook(SECRET_KEY, `${address}/api/webhooks/stripe/${shop.businessId}`, WEBHOOK_SECRET);
    }
    // Then its own: recorded, though the other saw the same event id first.
    const event = stripe.events.findLast((e) => e.type === 'checkout.session.completed')!;
    expect(await stripe.deliver(event)).toBe(200);
    const paid = (await call('GET', `/invoices/${open.invoice._id}`)).json();
    expect(paid.invoice.state).toBe('paid');
    expect(paid.payments).toHaveLength(1);
  });

  it('answers no card page while the business has no Stripe connected', async () => {
    const open = await invoiced();
    const token = tokenOf(open.payUrl);
    expect((await call('DELETE', '/settings/payments/stripe')).statusCode).toBe(200);
    const pay = await link('POST', token, {});
    expect([pay.statusCode, pay.json().code]).toEqual([409, 'PAYMENTS_NOT_CONNECTED']);
    expect((await link('GET', token)).json().canPay).toBe(false);
  });
});

describe('the tip', () => {
  it('is a preset percent of the amount due, rounded half to even to the cent, or cents up to the amount due', () => {
    const presets = [15, 20, 25];
    expect(tipCentsOf(undefined, 1000, presets)).toBe(0);
    expect(tipCentsOf({ percent: 20 }, 12_345, presets)).toBe(2469);
    // Exactly half a cent: to the even cent.
    expect(tipCentsOf({ percent: 15 }, 50, presets)).toBe(8); // 7.5
    expect(tipCentsOf({ percent: 15 }, 30, presets)).toBe(4); // 4.5
    expect(tipCentsOf({ percent: 25 }, 2, presets)).toBe(0); // 0.5
    expect(tipCentsOf({ percent: 25 }, 6, presets)).toBe(2); // 1.5
    expect(tipCentsOf({ cents: 1000 }, 1000, presets)).toBe(1000);
    expect(() => tipCentsOf({ percent: 18 }, 1000, presets)).toThrow(
      expect.objectContaining({ code: 'TIP_NOT_OFFERED' }),
    );
    expect(() => tipCentsOf({ cents: 1001 }, 1000, presets)).toThrow(
      expect.objectContaining({ code: 'TIP_TOO_LARGE' }),
    );
  });
});
