/**
 * Getting paid after the job, its foundation (docs/decisions/043): the tax settings, day lines, the
 * bill, and the invoice the owner's completion issues once, numbered per business, its lines frozen.
 */
import { taxOn } from '@slotwise/shared/balance';
import { addDays } from '@slotwise/shared/slots';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import { insertBooking } from './fixtures.ts';

const d = '/api/business-dashboard';

describe.each(storages())('invoices on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    s: Shop = shop,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `${d}${url}`, headers: s.auth, ...(payload === undefined ? {} : { payload }) });

  /** A widget booking of Full Detail ($120 + $25 for an SUV + distance), approved. */
  const approvedBooking = async (time: string) => {
    const res = await book(t, bookBody(shop, { time }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    const approved = await call('PUT', `/booking/approve/${id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    return id;
  };

  it('refuses tax settings naming what the business does not offer, with a stable code', async () => {
    const bad = await call('PUT', '/settings/tax', {
      name: 'Sales tax',
      ratePercent: '8.25',
      serviceIds: ['not-a-service'],
      addOnIds: [],
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'TAX_ITEM_UNKNOWN']);
    const badRate = await call('PUT', '/settings/tax', {
      name: 'Sales tax',
      ratePercent: '8.2501',
      serviceIds: [],
      addOnIds: [],
    });
    expect([badRate.statusCode, badRate.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(badRate.json().error).toMatch(/at most three decimals/);
    const unnamed = await call('PUT', '/settings/tax', { name: '', ratePercent: '5', serviceIds: [], addOnIds: [] });
    expect(unnamed.json().code).toBe('VALIDATION_FAILED');
    expect((await call('GET', '/settings/tax')).json()).toEqual({
      name: '',
      ratePercent: '0',
      serviceIds: [],
      addOnIds: [],
    });
  });

  it('bills the price, day lines and tax; the completion issues the invoice once with its lines frozen', async () => {
    const saved = await call('PUT', '/settings/tax', {
      name: 'Sales tax',
      ratePercent: '8.25',
      serviceIds: [shop.fullId, shop.fullId],
      addOnIds: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ name: 'Sales tax', ratePercent: '8.25', serviceIds: [shop.fullId], addOnIds: [] });

    const id = await approvedBooking('10:00');
    const before = (await call('GET', `/bookings/${id}/bill`)).json();
    expect(before.invoice).toBeNull();
    expect(before.balance.lines.slice(0, 2)).toEqual([
      { kind: 'price', description: 'Full Detail', amount: 120, taxable: true },
      { kind: 'price', description: 'Vehicle size: SUV', amount: 25, taxable: true },
    ]);
    const priceTotal = before.balance.total - before.balance.tax.amount;

    const extra = await call('POST', `/bookings/${id}/day-lines`, {
      description: 'Engine bay',
      amount: 30,
      taxable: true,
    });
    expect(extra.statusCode, extra.body).toBe(200);
    t.clock.now += 1000;
    const discount = await call('POST', `/bookings/${id}/day-lines`, {
      description: 'Regular customer',
      amount: -10,
      taxable: false,
    });
    const bill = discount.json();
    expect(bill.dayLines.map((l: { amount: number }) => l.amount)).toEqual([30, -10]);
    const taxable = bill.balance.tax.taxable as number;
    expect(bill.balance.tax).toMatchObject({ name: 'Sales tax', ratePercent: '8.25' });
    // The distance line follows the service: taxed too. 8.25 % on the taxable total, half to even.
    expect(Math.round(bill.balance.tax.amount * 100)).toBe(taxOn(Math.round(taxable * 100), 8250));
    expect(bill.balance.linesTotal).toBeCloseTo(priceTotal + 20, 2);
    expect(bill.balance.due).toBe(bill.balance.total);

    const tooMuch = await call('POST', `/bookings/${id}/day-lines`, {
      description: 'Free',
      amount: -100_000,
      taxable: false,
    });
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([400, 'DISCOUNT_TOO_LARGE']);
    const zero = await call('POST', `/bookings/${id}/day-lines`, { description: 'Nothing', amount: 0, taxable: false });
    expect(zero.json().code).toBe('VALIDATION_FAILED');

    // Not completed yet: no invoice to issue.
    expect((await call('POST', `/bookings/${id}/invoice`)).json().code).toBe('BOOKING_NOT_BILLABLE');

    const done = await call('PUT', `/booking/complete/${id}`);
    expect(done.statusCode, done.body).toBe(200);
    const issued = (await call('GET', `/bookings/${id}/bill`)).json();
    expect(issued.invoice).toMatchObject({ bookingId: id, state: 'open' });
    expect(issued.balance).toEqual(bill.balance);
    const number = issued.invoice.number as number;

    // A second completion is refused and issues nothing; asking to issue answers the same invoice.
    expect((await call('PUT', `/booking/complete/${id}`)).json().code).toBe('BOOKING_NOT_APPROVED');
    expect((await call('POST', `/bookings/${id}/invoice`)).json().invoice).toEqual(issued.invoice);
    const count = await t.ctx.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    // The issued lines never change: the routes refuse, and so does the database.
    const late = await call('POST', `/bookings/${id}/day-lines`, { description: 'Late', amount: 5, taxable: false });
    expect([late.statusCode, late.json().code]).toEqual([409, 'INVOICE_ISSUED']);
    const remove = await call('DELETE', `/bookings/${id}/day-lines/${bill.dayLines[0]._id}`);
    expect(remove.json().code).toBe('INVOICE_ISSUED');
    await expect(
      t.ctx.db
        .updateTable('invoice_lines')
        .set({ amount_cents: 1 })
        .where('invoice_id', '=', issued.invoice._id)
        .execute(),
    ).rejects.toThrow(/never change/);
    // Changing the tax afterwards leaves the invoice as issued.
    await call('PUT', '/settings/tax', { name: 'Sales tax', ratePercent: '10', serviceIds: [], addOnIds: [] });
    expect((await call('GET', `/bookings/${id}/bill`)).json().balance).toEqual(bill.balance);

    // The next completion takes the next number.
    const next = await approvedBooking('13:00');
    await call('PUT', `/booking/complete/${next}`);
    expect((await call('GET', `/bookings/${next}/bill`)).json().invoice.number).toBe(number + 1);
    const list = (await call('GET', '/invoices')).json();
    expect(list.invoices.map((i: { number: number }) => i.number).slice(0, 2)).toEqual([number + 1, number]);
    expect(list.invoices[1]).toMatchObject({ customerName: 'Ada Lovelace', serviceName: 'Full Detail', day: DAY });
    expect(list.next).toBeNull();
  });

  it('removes a day line before the invoice, and refuses what it does not know', async () => {
    await call('PUT', '/settings/tax', { name: '', ratePercent: '0', serviceIds: [], addOnIds: [] });
    const id = await approvedBooking('15:00');
    const added = (
      await call('POST', `/bookings/${id}/day-lines`, { description: 'Wax', amount: 12.5, taxable: true })
    ).json();
    expect(added.balance.tax).toBeNull();
    const lineId = added.dayLines[0]._id as string;
    const removed = await call('DELETE', `/bookings/${id}/day-lines/${lineId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().dayLines).toEqual([]);
    const again = await call('DELETE', `/bookings/${id}/day-lines/${lineId}`);
    expect([again.statusCode, again.json().code]).toEqual([404, 'DAY_LINE_NOT_FOUND']);
    const cancelled = await insertBooking(t.ctx, shop.businessId, {
      day: addDays(DAY, 3),
      startTime: '09:00',
      endTime: '10:00',
      status: 'cancelled',
    });
    const refused = await call('POST', `/bookings/${cancelled}/day-lines`, {
      description: 'X',
      amount: 1,
      taxable: false,
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'BOOKING_NOT_BILLABLE']);
  });

  it('issues an invoice for a job the sweep completed only when asked', async () => {
    const id = await insertBooking(t.ctx, shop.businessId, {
      day: addDays(DAY, 4),
      startTime: '09:00',
      endTime: '10:00',
      status: 'completed',
      totalCents: 5000,
    });
    expect((await call('GET', `/bookings/${id}/bill`)).json()).toMatchObject({
      invoice: null,
      balance: { lines: [{ description: 'Price set by the business', amount: 50 }], total: 50, due: 50 },
    });
    const issued = await call('POST', `/bookings/${id}/invoice`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().invoice.state).toBe('open');
  });
});

describe.runIf(storages().includes('postgres'))('the invoice number sequence on postgres', () => {
  it('holds under 50 parallel completions: numbers 1 to 50, no gap, no repeat', async () => {
    const t = await engineApp('postgres');
    try {
      const shop = await detailer(t);
      const ids: string[] = [];
      for (let i = 0; i < 50; i++)
        ids.push(
          await insertBooking(t.ctx, shop.businessId, {
            day: addDays(DAY, i),
            startTime: '09:00',
            endTime: '10:00',
            status: 'approved',
          }),
        );
      const answers = await Promise.all(
        ids.map((id) => t.app.inject({ method: 'PUT', url: `${d}/booking/complete/${id}`, headers: shop.auth })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
      const rows = await t.ctx.db
        .selectFrom('invoices')
        .select(['number', 'booking_id'])
        .where('business_id', '=', shop.businessId)
        .execute();
      expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(ids.map((_, i) => i + 1));
      expect(new Set(rows.map((r) => r.booking_id))).toEqual(new Set(ids));
    } finally {
      await t.close();
    }
  });
});
