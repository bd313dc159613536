/**
 * The waiting list and the gaps it fills (issue 45 item 2; docs/decisions/056): joining is checked
 * and once per e-mail a day; a cancellation queues its time in its own transaction; the offer pass
 * offers it to those it fits, least driving first; accepting is the book call with the offer's
 * token, under the lock: of two acceptors one wins and the other is told OFFER_TAKEN; an offer
 * lapses (OFFER_EXPIRED) and the time goes to the next; the owner sees who was offered and who took it.
 */
import type { JoinWaitlistRequest } from '@slotwise/shared/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manageTokenFor } from '../../../src/domain/manage-token.ts';
import { OFFER_BATCH, OFFER_TTL_MS, offerExpiresAt, rankFits } from '../../../src/domain/waitlist.ts';
import { runRequestExpiry } from '../../../src/jobs/request-expiry.ts';
import { runWaitlistOffers } from '../../../src/jobs/waitlist-offers.ts';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const NEAR = '12 N Crescent Dr, Beverly Hills, CA 90210, USA';
const FAR = '5 Ocean Ave, Santa Monica, CA 90401, USA';
const MINUTE = 60_000;

describe('the offer rules', () => {
  it('ranks by the least driving added, then who joined first, and offers a small batch', () => {
    const entry = (id: string, created: number) => ({ id, created_at: created }) as never;
    const ranked = rankFits([
      { entry: entry('far', 1), extraDriveMin: 30 },
      { entry: entry('late-near', 3), extraDriveMin: 5 },
      { entry: entry('early-near', 2), extraDriveMin: 5 },
      { entry: entry('middle', 1), extraDriveMin: 12 },
      { entry: entry('farther', 1), extraDriveMin: 45 },
    ]);
    expect(ranked.map((f) => (f.entry as { id: string }).id)).toEqual(['early-near', 'late-near', 'middle']);
    expect(ranked).toHaveLength(OFFER_BATCH);
  });

  it('lasts two hours, or until the slot less the notice, whichever is first', () => {
    expect(offerExpiresAt(0, 10 * 60 * MINUTE, 60)).toBe(OFFER_TTL_MS);
    expect(offerExpiresAt(0, 150 * MINUTE, 60)).toBe(90 * MINUTE);
  });
});

describe.each(storages())('the waiting list on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;

  beforeEach(async () => {
    t = await engineApp(kind, { env: { TEXTS: 'log' } });
    shop = await detailer(t);
  });
  afterEach(() => t.close());

  const joinBody = (over: Partial<JoinWaitlistRequest> = {}): JoinWaitlistRequest => ({
    businessId: shop.businessId,
    serviceId: shop.quickId,
    answer: { option: 'Sedan' },
    address: NEAR,
    date: DAY,
    firstName: 'Grace',
    lastName: 'Hopper',
    customerEmail: 'grace@example.com',
    phoneNumber: '+1 5551234567',
    ...over,
  });
  const join = (body: object) => t.app.inject({ method: 'POST', url: '/api/customer/waitlist', payload: body });
  const mailsTo = (to: string, kind: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['channel', 'text_body', 'subject'])
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute();
  const tokenIn = (text: string, path: string) =>
    decodeURIComponent(new RegExp(`/customer/${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)?.[1] ?? '');
  const offerToken = async (to: string) => tokenIn((await mailsTo(to, 'waitlistOffer'))[0]?.text_body ?? '', 'offer');
  const cancel = (bookingId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/customer/confirm-cancel?token=${encodeURIComponent(manageTokenFor(t.config.jwtSecret, bookingId))}`,
    });
  const accept = async (token: string) => {
    const offer = await t.app.inject({ url: `/api/customer/offer?token=${encodeURIComponent(token)}` });
    expect(offer.statusCode, offer.body).toBe(200);
    return book(t, { ...offer.json().book, offerToken: token });
  };
  /** A Quick Wash at 10:00 (to cancel) and a Full Detail at 10:30 in Beverly Hills (stays). */
  async function dayWithAGapToBe() {
    const gone = await book(t, bookBody(shop, { serviceId: shop.quickId, time: '10:00', address: NEAR }));
    expect(gone.statusCode, gone.body).toBe(201);
    const stays = await book(t, bookBody(shop, { time: '10:30', address: NEAR, customerEmail: 'bo@example.com' }));
    expect(stays.statusCode, stays.body).toBe(201);
    return gone.json().bookingId as string;
  }

  it('joins once per e-mail a day, checked as a quote, with a link to leave', async () => {
    const bad = await join(joinBody({ customerEmail: 'not-an-email' }));
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const past = await join(joinBody({ date: '2026-11-30' }));
    expect([past.statusCode, past.json().code]).toEqual([409, 'TIME_PASSED']);
    const ok = await join(joinBody());
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toContain('waiting list for Wed, Dec 2, 2026');
    const again = await join(joinBody({ customerEmail: 'GRACE@example.com', serviceId: shop.fullId }));
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_WAITING']);
    // Another day is another entry.
    expect((await join(joinBody({ date: '2026-12-03' }))).statusCode).toBe(201);
    const [joined] = await mailsTo('grace@example.com', 'waitlistJoined');
    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/waitlist?token=${encodeURIComponent(tokenIn(joined?.text_body ?? '', 'waitlist'))}`,
    });
    expect([leave.statusCode, leave.json().message]).toEqual([
      200,
      'You are off the waiting list for Wed, Dec 2, 2026.',
    ]);
    const left = await t.ctx.db.selectFrom('waitlist_entries').select(['day', 'status']).orderBy('day').execute();
    expect(left).toEqual([
      { day: DAY, status: 'left' },
      { day: '2026-12-03', status: 'waiting' },
    ]);
  });

  it('queues a cancelled time with the cancellation only while someone waits for the day', async () => {
    const first = await dayWithAGapToBe();
    expect((await cancel(first)).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('freed_times').selectAll().execute()).toEqual([]);
    const again = await book(t, bookBody(shop, { serviceId: shop.quickId, time: '10:00', address: NEAR }));
    expect((await join(joinBody())).statusCode).toBe(201);
    expect((await cancel(again.json().bookingId)).statusCode).toBe(200);
    const freed = await t.ctx.db.selectFrom('freed_times').selectAll().execute();
    expect(freed.map((f) => [f.reason, f.start_time, f.status, f.booking_id])).toEqual([
      ['cancelled', '10:00', 'queued', again.json().bookingId],
    ]);
  });

  it("queues the times a plan's stopped visits held, once, while someone waits for their day", async () => {
    const weekly = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/service/edit/${shop.fullId}`,
      headers: shop.auth,
      payload: {
        serviceName: 'Full Detail',
        duration: 60,
        price: 120,
        plans: [{ frequency: 'weekly', discount: null }],
      },
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    const planned = await book(t, bookBody(shop, { time: '10:00', address: NEAR, frequency: 'weekly' }));
    expect(planned.statusCode, planned.body).toBe(201);
    expect((await join(joinBody())).statusCode).toBe(201);
    const paused = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/plans/${planned.json().plan.planId}/pause`,
      headers: shop.auth,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    // Only the first visit's day has someone waiting; the later visits' times free nobody's wish.
    const freed = await t.ctx.db
      .selectFrom('freed_times')
      .select(['reason', 'day', 'start_time', 'booking_id'])
      .execute();
    expect(freed).toEqual([
      { reason: 'cancelled', day: DAY, start_time: '10:00', booking_id: planned.json().bookingId },
    ]);
  });

  it('offers the time to those it fits, least driving first; the first to book it gets it', async () => {
    const gone = await dayWithAGapToBe();
    expect(
      (await join(joinBody({ address: FAR, customerEmail: 'far@example.com', firstName: 'Far' }))).statusCode,
    ).toBe(201);
    expect((await join(joinBody({ customerEmail: 'near@example.com', firstName: 'Near' }))).statusCode).toBe(201);
    // A Full Detail (60 minutes) does not fit the 30 minutes before the 10:30 job.
    expect(
      (await join(joinBody({ serviceId: shop.fullId, customerEmail: 'long@example.com', firstName: 'Long' })))
        .statusCode,
    ).toBe(201);
    expect((await cancel(gone)).statusCode).toBe(200);
    expect(await runWaitlistOffers(t.ctx)).toBe(2);
    const offers = await t.ctx.db
      .selectFrom('waitlist_offers')
      .innerJoin('waitlist_entries', 'waitlist_entries.id', 'waitlist_offers.entry_id')
      .select(['customer_email', 'extra_drive_min', 'waitlist_offers.status'])
      .orderBy('extra_drive_min')
      .execute();
    expect(offers.map((o) => o.customer_email)).toEqual(['near@example.com', 'far@example.com']);
    expect(offers[0]!.extra_drive_min).toBeLessThan(offers[1]!.extra_drive_min);
    expect(await mailsTo('long@example.com', 'waitlistOffer')).toEqual([]);
    const [mail] = await mailsTo('near@example.com', 'waitlistOffer');
    expect(mail?.subject).toBe('A time opened on Wed, Dec 2, 2026 at 10:00 AM');
    // A second pass offers nothing more while the offers stand.
    expect(await runWaitlistOffers(t.ctx)).toBe(0);

    const near = await offerToken('near@example.com');
    const shown = await t.app.inject({ url: `/api/customer/offer?token=${encodeURIComponent(near)}` });
    expect(shown.json()).toMatchObject({
      state: 'open',
      serviceName: 'Quick Wash',
      dateLabel: 'Wed, Dec 2, 2026',
      timeLabel: '10:00 AM',
      book: { date: DAY, time: '10:00', customerEmail: 'near@example.com' },
    });
    expect(shown.json().totalQuote).toBeGreaterThan(0);
    const booked = await accept(near);
    expect(booked.statusCode, booked.body).toBe(201);
    const late = await accept(await offerToken('far@example.com'));
    expect([late.statusCode, late.json().code]).toEqual([409, 'OFFER_TAKEN']);
    expect(late.json().error).toContain('Someone else just took this time');

    const owner = await t.app.inject({ url: `/api/business-dashboard/waitlist?day=${DAY}`, headers: shop.auth });
    expect(owner.statusCode, owner.body).toBe(200);
    const day = owner.json();
    expect(day.entries.map((e: { name: string; status: string }) => [e.name, e.status]).sort()).toEqual([
      ['Far Hopper', 'waiting'],
      ['Long Hopper', 'waiting'],
      ['Near Hopper', 'filled'],
    ]);
    expect(day.freed).toHaveLength(1);
    expect(day.freed[0]).toMatchObject({
      time: '10:00 AM',
      reason: 'cancelled',
      status: 'filled',
      filledBy: 'Near Hopper',
    });
    expect(day.freed[0].offers.map((o: { name: string; state: string }) => [o.name, o.state])).toEqual([
      ['Near Hopper', 'taken'],
      ['Far Hopper', 'withdrawn'],
    ]);
  });

  it('of two acceptors at once, one books and the other is told OFFER_TAKEN', async () => {
    const gone = await dayWithAGapToBe();
    await join(joinBody({ customerEmail: 'one@example.com' }));
    await join(joinBody({ customerEmail: 'two@example.com', address: FAR }));
    await cancel(gone);
    expect(await runWaitlistOffers(t.ctx)).toBe(2);
    const [one, two] = await Promise.all([offerToken('one@example.com'), offerToken('two@example.com')]);
    const answers = await Promise.all([accept(one), accept(two)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('OFFER_TAKEN');
    const at10 = await t.ctx.db
      .selectFrom('bookings')
      .select('customer_email')
      .where('start_time', '=', '10:00')
      .where('status', 'in', ['pending', 'approved'])
      .execute();
    expect(at10).toHaveLength(1);
  });

  it('lapses: an expired offer is refused OFFER_EXPIRED and the time goes to the next', async () => {
    const gone = await dayWithAGapToBe();
    for (const n of [1, 2, 3, 4]) await join(joinBody({ customerEmail: `w${n}@example.com` }));
    await cancel(gone);
    expect(await runWaitlistOffers(t.ctx)).toBe(3);
    const first = await offerToken('w1@example.com');
    t.clock.now += OFFER_TTL_MS + MINUTE;
    const late = await accept(first);
    expect([late.statusCode, late.json().code]).toEqual([410, 'OFFER_EXPIRED']);
    // The next pass offers it to the one not offered yet.
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    expect(await mailsTo('w4@example.com', 'waitlistOffer')).toHaveLength(1);
    const booked = await accept(await offerToken('w4@example.com'));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it("queues the time a customer moves away from, and an expired request's, each with its reason", async () => {
    const gone = await dayWithAGapToBe();
    await join(joinBody());
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/reschedule',
      payload: { token: manageTokenFor(t.config.jwtSecret, gone), newDateTime: `${DAY}T12:00` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Nobody answers the requests (10:30, and the one moved to 12:00): 25 hours on, the expiry pass
    // declines them and frees their times.
    t.clock.now += 25 * 60 * MINUTE;
    expect(await runRequestExpiry(t.ctx)).toBe(2);
    const freed = await t.ctx.db
      .selectFrom('freed_times')
      .select(['reason', 'start_time'])
      .orderBy('start_time')
      .execute();
    expect(freed).toEqual([
      { reason: 'moved', start_time: '10:00' },
      { reason: 'expired', start_time: '10:30' },
      { reason: 'expired', start_time: '12:00' },
    ]);
  });

  it('offers nothing to a waiting customer who booked that day meanwhile, and marks them filled', async () => {
    const gone = await dayWithAGapToBe();
    await join(joinBody({ customerEmail: 'sam@example.com' }));
    // Sam books the day's 12:00 through the widget after joining.
    const own = await book(
      t,
      bookBody(shop, { serviceId: shop.quickId, time: '12:00', customerEmail: 'sam@example.com' }),
    );
    expect(own.statusCode, own.body).toBe(201);
    await cancel(gone);
    expect(await runWaitlistOffers(t.ctx)).toBe(0);
    const entry = await t.ctx.db
      .selectFrom('waitlist_entries')
      .select(['status', 'booking_id'])
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ status: 'filled', booking_id: own.json().bookingId });
  });

  it("queues a declined request's time after the undo window", async () => {
    const gone = await dayWithAGapToBe();
    await join(joinBody());
    const declined = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/booking/decline/${gone}`,
      headers: shop.auth,
      payload: {},
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [freed] = await t.ctx.db.selectFrom('freed_times').selectAll().execute();
    expect(freed?.reason).toBe('declined');
    expect(freed!.due_at).toBeGreaterThan(t.ctx.now());
    expect(await runWaitlistOffers(t.ctx)).toBe(0);
    t.clock.now = freed!.due_at;
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
  });
});
