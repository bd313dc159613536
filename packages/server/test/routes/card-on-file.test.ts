/**
 * A card on file (issue 43 item 4; docs/decisions/046), end to end on the server against the
 * Stripe stand-in (test/stripe/stand-in.ts): the customer's consent at booking saves the card
 * (a setup-mode Checkout when no deposit is due, the deposit's Checkout otherwise), a plan visit's
 * invoice is charged to it off-session after completion (recorded only by the signed webhook,
 * once), a declined card mails the pay link and tells the owner, the no-show fee, and removing a card.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manageTokenFor } from '../../src/domain/manage-token.ts';
import { book, bookBody, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';
import type { StripeStandIn, TestCard } from '../stripe/stand-in.ts';
import { type StripeShop, stripeShop } from '../stripe/stripe-shop.ts';

const SECRET_KEY = `sk_test_51Cards${randomUUID().replace(/-/g, '')}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replace(/-/g, '')}`;
const d = '/api/business-dashboard';
const WEEKLY = { frequency: 'weekly', discount: null } as const;
type Meta = Record<string, string>;
/** The Stripe object an event carries. */
const objectOf = (e: Record<string, unknown>) => (e.data as { object: { id: string; metadata: Meta } }).object;

describe.each(storages())('a card on file on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let stripe: StripeStandIn;
  let wired: StripeShop | undefined;
  let hour = 9;
  let oneOff = 9;

  beforeAll(async () => {
    wired = await stripeShop(kind, {
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      accountId: 'acct_1Cards',
      connect: true,
    });
    ({ t, shop, stripe } = wired);
    const plans = await owner('PUT', `/service/edit/${shop.fullId}`, {
      serviceName: 'Full Detail',
      duration: 60,
      price: 120,
      plans: [WEEKLY],
    });
    expect(plans.statusCode, plans.body).toBe(200);
  });
  afterAll(() => wired?.close());

  const owner = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${d}${url}`, headers: shop.auth, ...(payload ? { payload } : {}) });
  const checkout = (bookingId: string) =>
    t.app.inject({ method: 'POST', url: '/api/customer/checkout', payload: { bookingId } });
  const sessionOf = (url: string) => url.split('/pay/')[1]!;
  const bookingRow = (id: string) =>
    t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = (to: string) =>
    t.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();
  /** Plans on Thursdays from 2026-12-03, one an hour; one-off bookings on Wednesday 2026-12-02. */
  const nextTime = () => {
    hour += 1;
    return `${String(hour).padStart(2, '0')}:00`;
  };
  const nextOneOff = () => {
    oneOff += 1;
    return { date: '2026-12-02', time: `${String(oneOff).padStart(2, '0')}:00` };
  };

  /** A weekly plan booked with the box ticked, its card saved through setup-mode Checkout. */
  const planWithCard = async (email: string, card: TestCard = 'pm_card_visa') => {
    const res = await book(
      t,
      bookBody(shop, {
        date: '2026-12-03',
        time: nextTime(),
        frequency: 'weekly',
        customerEmail: email,
        saveCard: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json();
    expect(booked).toMatchObject({ status: 'pending', cardSetup: true });
    expect(booked.payment).toBeUndefined();
    const url = (await checkout(booked.bookingId)).json().url as string;
    expect(await stripe.pay(sessionOf(url), card)).toBe(200);
    const row = await bookingRow(booked.bookingId);
    return { bookingId: booked.bookingId as string, planId: booked.plan.planId as string, clientId: row.client_id! };
  };

  /** Approves the plan and completes its first visit, as the owner does; answers the issued invoice's id. */
  const completeFirstVisit = async (plan: { bookingId: string; planId: string }) => {
    expect((await owner('PUT', `/plans/${plan.planId}/approve`)).statusCode).toBe(200);
    const done = await owner('PUT', `/booking/complete/${plan.bookingId}`);
    expect(done.statusCode, done.body).toBe(200);
    return (await owner('GET', `/bookings/${plan.bookingId}/bill`)).json().invoice._id as string;
  };
  const chargesOf = (invoiceId: string) =>
    t.ctx.db.selectFrom('card_charges').selectAll().where('invoice_id', '=', invoiceId).execute();
  const paymentsOf = (invoiceId: string) =>
    t.ctx.db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', invoiceId).execute();
  const intentCreates = (invoiceId: string) =>
    stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        (r.body.metadata as Meta | undefined)?.invoice_id === invoiceId,
    );

  it('saves the card through setup-mode Checkout when no deposit is due, keeping only ids, brand, last four and expiry', async () => {
    const plan = await planWithCard('sam@example.com');
    const creates = stripe.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === plan.bookingId,
    );
    expect(creates[0]?.body).toMatchObject({ mode: 'setup', currency: 'usd', metadata: { save_card: '1' } });
    expect(creates[0]?.idempotencyKey).toBe(`card-setup-${plan.bookingId}`);
    const rows = await t.ctx.db.selectFrom('saved_cards').selectAll().where('client_id', '=', plan.clientId).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        business_id: shop.businessId,
        customer: expect.stringMatching(/^cus_/),
        payment_method: expect.stringMatching(/^pm_/),
        brand: 'visa',
        last4: '4242',
        booking_id: plan.bookingId,
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    const seen = await owner('GET', `/clients/${plan.clientId}/card`);
    expect(seen.json()).toEqual({
      card: expect.objectContaining({ label: 'Visa ending 4242', brand: 'visa', last4: '4242', expMonth: 12 }),
    });
    // Back from Stripe, the booking page says the card is saved.
    const page = await t.app.inject({
      method: 'GET',
      url: `/book/shiny-cars?booking=${plan.bookingId}&payment=card`,
    });
    expect(page.body).toContain('Card saved: Visa ending 4242');
  });

  it('saves nothing without the box ticked: no setup page, checkout says nothing is due', async () => {
    const res = await book(t, bookBody(shop, { ...nextOneOff(), customerEmail: 'no@example.com' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().cardSetup).toBeUndefined();
    expect((await bookingRow(res.json().bookingId)).save_card).toBe(0);
    const c = await checkout(res.json().bookingId);
    expect([c.statusCode, c.json().code]).toEqual([409, 'PAYMENT_NOT_DUE']);
  });

  it('charges a plan visit on completion once, recorded only by the webhook, however often completion and the event come', async () => {
    const plan = await planWithCard('pat@example.com');
    // The worker's pass that the completion kicks (10 ms after its commit) waits until the queued
    // charge has been seen: on a busy machine it sent the charge before the next query read it.
    const kick = vi.spyOn(t.ctx.paymentWorker, 'kick').mockImplementation(() => {});
    const invoiceId = await completeFirstVisit(plan);
    expect(kick).toHaveBeenCalled();
    // Queued in the completion's transaction; no invoice mail yet: its words depend on the charge.
    expect(await chargesOf(invoiceId)).toEqual([expect.objectContaining({ status: 'queued' })]);
    expect((await mailsTo('pat@example.com')).filter((m) => m.subject.includes('Invoice #'))).toEqual([]);
    // Meanwhile the crew's phone offers no pay code: the card is paying it (routes/crew.ts payCode).
    const visit = await t.ctx.db
      .selectFrom('bookings')
      .select(['crew_id', 'business_id'])
      .where('id', '=', plan.bookingId)
      .executeTakeFirstOrThrow();
    const crewJob = () => t.ctx.repos.crewJobs.find(visit.crew_id!, visit.business_id, plan.bookingId);
    expect(await crewJob()).toMatchObject({ open_invoice_id: invoiceId, charging_id: expect.any(String) });
    kick.mockRestore();
    await t.ctx.paymentWorker.flush();
    await vi.waitFor(async () => expect((await paymentsOf(invoiceId)).length).toBe(1), { timeout: 5000 });
    const invoice = (await owner('GET', `/invoices/${invoiceId}`)).json();
    expect(invoice.invoice.state).toBe('paid');
    expect(await crewJob()).toMatchObject({ open_invoice_id: null, charging_id: null });
    const [charge] = await chargesOf(invoiceId);
    expect(charge).toMatchObject({ status: 'succeeded', payment_intent: expect.stringMatching(/^pi_/) });
    const due = Math.round(invoice.balance.total * 100);
    expect(charge!.id).toBe(`charge-${invoiceId}-${due}`);
    const sent = intentCreates(invoiceId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      idempotencyKey: charge!.id,
      body: { amount: String(due), currency: 'usd', off_session: 'true', confirm: 'true' },
    });
    const receipt = (await mailsTo('pat@example.com')).filter((m) => m.subject.startsWith('Receipt #'));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text_body).toContain('to your Visa ending 4242, as you agreed');

    // Completion retried (the owner's Issue invoice, a second completion) and the event told again: nothing more.
    expect((await owner('PUT', `/booking/complete/${plan.bookingId}`)).statusCode).toBe(409);
    expect((await owner('POST', `/bookings/${plan.bookingId}/invoice`)).statusCode).toBe(200);
    await t.ctx.paymentWorker.flush();
    const succeeded = stripe.events.filter(
      (e) => e.type === 'payment_intent.succeeded' && objectOf(e).id === charge!.payment_intent,
    );
    expect(succeeded).toHaveLength(1);
    expect(await stripe.deliver(succeeded[0]!)).toBe(200);
    expect(await stripe.deliver({ ...succeeded[0]!, id: `evt_${randomUUID().replace(/-/g, '')}` }, SECRET_KEY)).toBe(
      200,
    );
    expect(await paymentsOf(invoiceId)).toEqual([
      expect.objectContaining({ method: 'card', amount_cents: due, payment_intent: charge!.payment_intent }),
    ]);
    expect(intentCreates(invoiceId)).toHaveLength(1);
    expect((await mailsTo('pat@example.com')).filter((m) => m.subject.startsWith('Receipt #'))).toHaveLength(1);
  });

  it('sends the same charge with the same idempotency key when Stripe is down first, charging once', async () => {
    const plan = await planWithCard('dana@example.com');
    stripe.down = true;
    const invoiceId = await completeFirstVisit(plan);
    await t.ctx.paymentWorker.flush();
    stripe.down = false;
    const [waiting] = await chargesOf(invoiceId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.any(String) });
    t.clock.now += 2 * 60_000;
    await t.ctx.paymentWorker.flush();
    await vi.waitFor(async () => expect((await paymentsOf(invoiceId)).length).toBe(1), { timeout: 5000 });
    const keys = new Set(intentCreates(invoiceId).map((r) => r.idempotencyKey));
    expect(keys).toEqual(new Set([waiting!.id]));
  });

  it('mails the customer the pay link when the card is declined, and tells the owner, once', async () => {
    const plan = await planWithCard('dee@example.com', 'pm_card_chargeDeclined');
    const invoiceId = await completeFirstVisit(plan);
    await t.ctx.paymentWorker.flush();
    await vi.waitFor(() => expect(stripe.events.some((e) => e.type === 'payment_intent.payment_failed')).toBe(true), {
      timeout: 5000,
    });
    const failed = stripe.events.filter(
      (e) => e.type === 'payment_intent.payment_failed' && objectOf(e).metadata.invoice_id === invoiceId,
    );
    expect(failed).toHaveLength(1);
    // Told by the SDK's answer and by the event, and the event again: one mail each.
    await vi.waitFor(async () => expect(await stripe.deliver(failed[0]!)).toBe(200));
    const [charge] = await chargesOf(invoiceId);
    expect(charge).toMatchObject({ status: 'declined', last_error: 'card_declined' });
    expect(await paymentsOf(invoiceId)).toEqual([]);
    expect((await owner('GET', `/invoices/${invoiceId}`)).json().invoice.state).toBe('open');
    const declined = (await mailsTo('dee@example.com')).filter((m) => m.subject.startsWith('Your card was declined'));
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text_body).toContain('Visa ending 0341');
    expect(declined[0]!.text_body).toContain('/customer/invoice?token=');
    const ownerMails = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('booking_id', '=', plan.bookingId)
      .where('subject', 'like', 'Card declined%')
      .execute();
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0]!.text_body).toContain('We e-mailed them the invoice');
  });

  it("keeps the deposit's card when the customer agreed, with customer_creation and off-session future usage", async () => {
    const rules = await owner('PUT', '/settings/payments', {
      deposit: { kind: 'percent', percent: 25 },
      refundWindowHours: 24,
      approvePaid: false,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    try {
      const res = await book(t, bookBody(shop, { ...nextOneOff(), customerEmail: 'dep@example.com', saveCard: true }));
      expect(res.json()).toMatchObject({ status: 'awaiting_payment' });
      expect(res.json().cardSetup).toBeUndefined();
      const url = (await checkout(res.json().bookingId)).json().url as string;
      const session = stripe.requests.find(
        (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === res.json().bookingId,
      )!;
      expect(session.body).toMatchObject({
        mode: 'payment',
        customer_creation: 'always',
        payment_intent_data: { setup_future_usage: 'off_session' },
      });
      expect(await stripe.pay(sessionOf(url), 'pm_card_mastercard')).toBe(200);
      const row = await bookingRow(res.json().bookingId);
      expect(row.status).toBe('pending');
      expect((await owner('GET', `/clients/${row.client_id}/card`)).json().card.label).toBe('Mastercard ending 4444');
    } finally {
      await owner('PUT', '/settings/payments', {
        deposit: { kind: 'none' },
        refundWindowHours: 24,
        approvePaid: false,
      });
    }
  });

  it('charges the no-show fee to the card, or mails the pay link when none is saved, with stable refusals', async () => {
    const plan = await planWithCard('nick@example.com');
    const noFee = await owner('POST', `/bookings/${plan.bookingId}/no-show-fee`);
    expect([noFee.statusCode, noFee.json().code]).toEqual([409, 'NO_SHOW_FEE_NOT_SET']);
    const bad = await owner('PUT', '/settings/tips', { presets: [15], noShowFee: 0.2 });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const set = await owner('PUT', '/settings/tips', { presets: [15, 20, 25], noShowFee: 40 });
    expect(set.json()).toMatchObject({ noShowFee: 40 });
    const early = await owner('POST', `/bookings/${plan.bookingId}/no-show-fee`);
    expect([early.statusCode, early.json().code]).toEqual([409, 'BOOKING_NOT_PAST']);
    expect((await owner('PUT', `/plans/${plan.planId}/approve`)).statusCode).toBe(200);

    const plain = await book(t, bookBody(shop, { ...nextOneOff(), customerEmail: 'nocard@example.com' }));
    const before = t.clock.now;
    t.clock.now = Date.parse('2026-12-04T12:00:00Z');
    try {
      const fee = await owner('POST', `/bookings/${plan.bookingId}/no-show-fee`);
      expect(fee.statusCode, fee.body).toBe(200);
      expect(fee.json()).toMatchObject({
        chargedTo: 'Visa ending 4242',
        bill: { invoice: { state: 'open' }, balance: { lines: [{ description: 'No-show fee', amount: 40 }] } },
      });
      const invoiceId = fee.json().bill.invoice._id as string;
      await t.ctx.paymentWorker.flush();
      await vi.waitFor(async () => expect((await paymentsOf(invoiceId)).length).toBe(1), { timeout: 5000 });
      expect(intentCreates(invoiceId)[0]?.idempotencyKey).toBe(`charge-${invoiceId}-4000`);
      expect((await bookingRow(plan.bookingId)).status).toBe('approved');
      const again = await owner('POST', `/bookings/${plan.bookingId}/no-show-fee`);
      expect([again.statusCode, again.json().code]).toEqual([409, 'INVOICE_ISSUED']);

      const linked = await owner('POST', `/bookings/${plain.json().bookingId}/no-show-fee`);
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().chargedTo).toBeNull();
      const mailed = (await mailsTo('nocard@example.com')).filter((m) => m.subject.startsWith('Invoice #'));
      expect(mailed).toHaveLength(1);
      expect(mailed[0]!.text_body).toContain('No-show fee: $40.00');
    } finally {
      t.clock.now = before;
    }
  });

  it("shows the card on the customer's manage link, where they remove it themselves", async () => {
    const plan = await planWithCard('mo@example.com');
    const token = manageTokenFor(t.config.jwtSecret, plan.bookingId);
    const managed = await t.app.inject({ method: 'GET', url: `/api/customer/booking?token=${token}` });
    expect(managed.json().savedCard).toBe('Visa ending 4242');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/customer/card?token=${token}` });
    expect(removed.json()).toEqual({
      message: 'Your Visa ending 4242 is removed: nothing more will be charged to it.',
    });
    expect((await owner('GET', `/clients/${plan.clientId}/card`)).json()).toEqual({ card: null });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/customer/card?token=${token}` });
    expect([again.statusCode, again.json().code]).toEqual([404, 'CARD_NOT_SAVED']);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/customer/booking?token=${token}` })).json().savedCard,
    ).toBeUndefined();
  });

  it('moves the card to the client kept when two clients are merged', async () => {
    const plan = await planWithCard('merge-a@example.com');
    const other = await book(t, bookBody(shop, { ...nextOneOff(), customerEmail: 'merge-b@example.com' }));
    const kept = (await bookingRow(other.json().bookingId)).client_id!;
    const merged = await owner('POST', `/clients/${plan.clientId}/merge`, { intoId: kept });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await owner('GET', `/clients/${kept}/card`)).json().card.label).toBe('Visa ending 4242');
  });

  it('removes a card (Stripe detaches it); a replayed old event never brings it back; refusals are stable', async () => {
    const plan = await planWithCard('rae@example.com');
    const card = await t.ctx.db
      .selectFrom('saved_cards')
      .selectAll()
      .where('client_id', '=', plan.clientId)
      .executeTakeFirstOrThrow();
    const removed = await owner('DELETE', `/clients/${plan.clientId}/card`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { card: null }]);
    expect(stripe.requests.filter((r) => r.path === `/v1/payment_methods/${card.payment_method}/detach`)).toHaveLength(
      1,
    );
    const twice = await owner('DELETE', `/clients/${plan.clientId}/card`);
    expect([twice.statusCode, twice.json().code]).toEqual([404, 'CARD_NOT_SAVED']);
    const completed = stripe.events.find(
      (e) => e.type === 'checkout.session.completed' && objectOf(e).metadata.booking_id === plan.bookingId,
    )!;
    expect(await stripe.deliver(completed)).toBe(200);
    expect((await owner('GET', `/clients/${plan.clientId}/card`)).json()).toEqual({ card: null });
    // Its plan's visits are then invoiced and mailed with the pay link, never charged.
    const invoiceId = await completeFirstVisit(plan);
    await t.ctx.paymentWorker.flush();
    expect(await chargesOf(invoiceId)).toEqual([]);
    expect((await mailsTo('rae@example.com')).filter((m) => m.subject.startsWith('Invoice #'))).toHaveLength(1);

    const unknown = await owner('GET', `/clients/${randomUUID()}/card`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'CLIENT_NOT_FOUND']);
    const notId = await owner('DELETE', '/clients/not-an-id/card');
    expect(notId.statusCode).toBe(400);
    const badBook = await book(t, { ...bookBody(shop, nextOneOff()), saveCard: 'yes' });
    expect([badBook.statusCode, badBook.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
