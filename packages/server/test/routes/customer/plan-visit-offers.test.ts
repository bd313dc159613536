/**
 * The waiting list's second tier (issue 45 item 2; docs/decisions/056): a freed time nobody on the
 * waiting list fits is offered to plan customers nearby whose next visit is due soon; accepting
 * moves that visit (the same booking, the owner's move path, its customer told once) and frees its
 * old time in turn; of two acceptors one wins; an offer lapses; the owner sees "Plan visit moved up".
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manageTokenFor } from '../../../src/domain/manage-token.ts';
import { OFFER_TTL_MS } from '../../../src/domain/waitlist.ts';
import { runWaitlistOffers } from '../../../src/jobs/waitlist-offers.ts';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';

const NEAR = '12 N Crescent Dr, Beverly Hills, CA 90210, USA';
const OXNARD = '1, Oxnard, CA 93030, USA';
const MINUTE = 60_000;

describe.each(storages())('plan visits moved up to a freed time on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;

  const owner = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: shop.auth, ...(payload ? { payload } : {}) });

  beforeEach(async () => {
    t = await engineApp(kind, { env: { TEXTS: 'log' } });
    shop = await detailer(t);
    const res = await owner('PUT', `/api/business-dashboard/service/edit/${shop.quickId}`, {
      serviceName: 'Quick Wash',
      duration: 30,
      price: 25.5,
      plans: [{ frequency: 'weekly', discount: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterEach(() => t.close());

  const mailsTo = (to: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['kind', 'text_body', 'subject'])
      .where('to_address', '=', to)
      .orderBy('created_at')
      .execute();
  const offerMails = async (to: string) => (await mailsTo(to)).filter((m) => m.kind === 'waitlistOffer');
  const offerToken = async (to: string) => {
    const text = (await offerMails(to))[0]?.text_body ?? '';
    return decodeURIComponent(/\/customer\/offer\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? '');
  };
  const cancel = (bookingId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/customer/confirm-cancel?token=${encodeURIComponent(manageTokenFor(t.config.jwtSecret, bookingId))}`,
    });
  /** The offer page's accept: the book call with the body the offer answers and its token. */
  const accept = async (token: string) => {
    const offer = await t.app.inject({ url: `/api/customer/offer?token=${encodeURIComponent(token)}` });
    expect(offer.statusCode, offer.body).toBe(200);
    return book(t, { ...offer.json().book, offerToken: token });
  };
  /** A weekly Quick Wash plan from `date` at `time`: answers its first visit's id. */
  async function plan(customerEmail: string, date: string, time: string, address = NEAR) {
    const res = await book(
      t,
      bookBody(shop, { serviceId: shop.quickId, frequency: 'weekly', date, time, address, customerEmail }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  }
  /** A Quick Wash at 10:00 (to cancel) and a Full Detail at 10:30 in Beverly Hills (stays). */
  async function dayWithAGapToBe() {
    const gone = await book(
      t,
      bookBody(shop, { serviceId: shop.quickId, time: '10:00', address: NEAR, customerEmail: 'gone@example.com' }),
    );
    expect(gone.statusCode, gone.body).toBe(201);
    const stays = await book(t, bookBody(shop, { time: '10:30', address: NEAR, customerEmail: 'bo@example.com' }));
    expect(stays.statusCode, stays.body).toBe(201);
    return gone.json().bookingId as string;
  }
  const visit = (id: string) =>
    t.ctx.db
      .selectFrom('bookings')
      .select(['day', 'start_time', 'status', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('offers the time to a plan customer nearby when no waiting customer fits; accepting moves the visit', async () => {
    const gone = await dayWithAGapToBe();
    const near = await plan('near@example.com', '2026-12-03', '10:00');
    await plan('late@example.com', '2026-12-17', '12:00');
    await plan('far@example.com', '2026-12-04', '14:00', OXNARD);
    // Drives planned: Oxnard is 90 minutes from the 10:30 job in Beverly Hills.
    const travel = await owner('PUT', '/api/business-dashboard/settings/operations', {
      travel: { enabled: true, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
    });
    expect(travel.statusCode, travel.body).toBe(200);
    // Someone waits, but for a Full Detail (60 minutes), which does not fit the 30 minutes before 10:30.
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/customer/waitlist',
      payload: {
        businessId: shop.businessId,
        serviceId: shop.fullId,
        answer: { option: 'Sedan' },
        address: NEAR,
        date: DAY,
        firstName: 'Long',
        lastName: 'Hopper',
        customerEmail: 'long@example.com',
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await cancel(gone)).statusCode).toBe(200);
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    expect(await offerMails('long@example.com')).toEqual([]);
    expect(await offerMails('far@example.com')).toEqual([]);
    expect(await offerMails('late@example.com')).toEqual([]);
    const [mail] = await offerMails('near@example.com');
    expect(mail?.subject).toBe('Move your visit up to Wed, Dec 2, 2026 at 10:00 AM?');
    expect(mail?.text_body).toContain('Your next Quick Wash visit is on Thu, Dec 3, 2026 at 10:00 AM');

    const token = await offerToken('near@example.com');
    const shown = await t.app.inject({ url: `/api/customer/offer?token=${encodeURIComponent(token)}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      state: 'open',
      serviceName: 'Quick Wash',
      dateLabel: 'Wed, Dec 2, 2026',
      timeLabel: '10:00 AM',
      move: { fromLabel: 'Thu, Dec 3, 2026 at 10:00 AM' },
    });
    expect(shown.json().book).toMatchObject({ date: DAY, time: '10:00', customerEmail: 'near@example.com' });

    const before = await t.ctx.db.selectFrom('bookings').select('id').execute();
    const key = randomUUID();
    const body = { ...shown.json().book, offerToken: token };
    const moved = await book(t, body, key);
    expect(moved.statusCode, moved.body).toBe(201);
    // A retry of the same request (a lost answer) replays the first answer, as a booking's does.
    const replayed = await book(t, body, key);
    expect([replayed.statusCode, replayed.json()]).toEqual([201, moved.json()]);
    expect(moved.json()).toMatchObject({ bookingId: near, bookingTime: { day: DAY, startTime: '10:00' } });
    // The same booking at the new time; nothing new booked; the customer told once.
    expect(await visit(near)).toMatchObject({ day: DAY, start_time: '10:00', status: 'pending' });
    expect(await t.ctx.db.selectFrom('bookings').select('id').execute()).toHaveLength(before.length);
    expect((await mailsTo('near@example.com')).filter((m) => m.subject.startsWith('Booking moved'))).toHaveLength(1);
    const again = await accept(token);
    expect([again.statusCode, again.json().code]).toEqual([409, 'OFFER_TAKEN']);
    expect(again.json().error).toContain('You already moved your visit');

    // Its old time is freed in turn (after the owner's undo window, as every move's)...
    const freedOld = await t.ctx.db
      .selectFrom('freed_times')
      .select(['day', 'start_time', 'reason', 'booking_id', 'status'])
      .where('day', '=', '2026-12-03')
      .execute();
    expect(freedOld).toEqual([
      { day: '2026-12-03', start_time: '10:00', reason: 'moved', booking_id: near, status: 'queued' },
    ]);
    // ...and offered to the next plan due soon (Dec 17 is 14 days after Dec 3), never back to the visit
    // that left it: its plan's next visit is now on Dec 2.
    t.clock.now += t.config.undoWindowMs + MINUTE;
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    expect(await offerMails('late@example.com')).toHaveLength(1);
    expect(await offerMails('near@example.com')).toHaveLength(1);

    const day = (await owner('GET', `/api/business-dashboard/waitlist?day=${DAY}`)).json();
    expect(day.freed).toHaveLength(1);
    expect(day.freed[0]).toMatchObject({ status: 'filled', filledBy: 'Ada Lovelace' });
    expect(day.freed[0].offers).toEqual([{ name: 'Ada Lovelace', state: 'taken', kind: 'visit', extraDriveMin: 0 }]);
  });

  it('of two plan customers accepting at once, one moves up and the other is told OFFER_TAKEN', async () => {
    const gone = await dayWithAGapToBe();
    const one = await plan('one@example.com', '2026-12-03', '10:00');
    const two = await plan('two@example.com', '2026-12-03', '12:00');
    // Nobody waits for the day: a plan's visit due soon is enough to queue the time.
    expect((await cancel(gone)).statusCode).toBe(200);
    expect(await runWaitlistOffers(t.ctx)).toBe(2);
    const tokens = await Promise.all([offerToken('one@example.com'), offerToken('two@example.com')]);
    const answers = await Promise.all(tokens.map(accept));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('OFFER_TAKEN');
    const at10 = await t.ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('day', '=', DAY)
      .where('start_time', '=', '10:00')
      .where('status', 'in', ['pending', 'approved'])
      .execute();
    expect(at10).toHaveLength(1);
    const loser = at10[0]!.id === one ? two : one;
    expect((await visit(loser)).day).toBe('2026-12-03');
  });

  it('lapses: an expired offer is refused OFFER_EXPIRED and the visit stays', async () => {
    const gone = await dayWithAGapToBe();
    const near = await plan('near@example.com', '2026-12-03', '10:00');
    await cancel(gone);
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    const token = await offerToken('near@example.com');
    t.clock.now += OFFER_TTL_MS + MINUTE;
    const late = await accept(token);
    expect([late.statusCode, late.json().code]).toEqual([410, 'OFFER_EXPIRED']);
    expect(await visit(near)).toMatchObject({ day: '2026-12-03', start_time: '10:00' });
    const shown = await t.app.inject({ url: `/api/customer/offer?token=${encodeURIComponent(token)}` });
    expect(shown.json().state).toBe('expired');
    // Nobody else to offer it to: the time is left unfilled, and the visit is not offered it twice.
    expect(await runWaitlistOffers(t.ctx)).toBe(0);
    const freed = await t.ctx.db.selectFrom('freed_times').select('status').where('day', '=', DAY).execute();
    expect(freed).toEqual([{ status: 'unfilled' }]);
  });

  it('offers nothing to a plan whose next visit is beyond the window, nor to a visit moved since', async () => {
    const gone = await dayWithAGapToBe();
    await plan('late@example.com', '2026-12-17', '12:00');
    await cancel(gone);
    // Dec 17 is 15 days after Dec 2: nothing is queued at all.
    expect(await t.ctx.db.selectFrom('freed_times').selectAll().execute()).toEqual([]);
    expect(await runWaitlistOffers(t.ctx)).toBe(0);
    const again = await book(
      t,
      bookBody(shop, { serviceId: shop.quickId, time: '10:00', address: NEAR, customerEmail: 'gone2@example.com' }),
    );
    const near = await plan('near@example.com', '2026-12-03', '10:00');
    await cancel(again.json().bookingId);
    expect(await runWaitlistOffers(t.ctx)).toBe(1);
    const token = await offerToken('near@example.com');
    // The owner moves the visit meanwhile: the offer no longer applies.
    const row = await visit(near);
    const drag = await owner('PUT', '/api/business-dashboard/booking/reschedule', {
      requestor: 'business',
      bookingId: near,
      newTime: { day: '2026-12-03', startTime: '13:00' },
      version: row.version,
    });
    expect(drag.statusCode, drag.body).toBe(200);
    const stale = await accept(token);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'OFFER_TAKEN']);
    expect((await visit(near)).start_time).toBe('13:00');
  });
});
