/**
 * Recurring plans (issue 24; docs/decisions/022): offered per service, quoted with their
 * discount, booked with the visits of the next eight weeks, a taken day written needs_time,
 * approved at once, paused, resumed, ended, moved "this and following", skipped and cancelled
 * from a manage link, and booked on by the materialiser exactly once across instances.
 */
import { randomUUID } from 'node:crypto';
import type { PlanOffer } from '@slotwise/shared/api';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageTokenFor } from '../../src/domain/manage-token.ts';
import { bookDuePlanVisits } from '../../src/jobs/plan-visits.ts';
import {
  book,
  bookBody,
  detailer,
  engineApp,
  LA,
  type Shop,
  START_CLOCK,
  twoPgInstances,
} from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const WEEKLY_10: PlanOffer = { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } };
const MONTHLY: PlanOffer = { frequency: 'monthly', discount: { kind: 'amount', amount: 15 } };

/** Wednesdays from 2026-12-02 through the eight weeks booked ahead of START_CLOCK (2027-01-26). */
const WEDNESDAYS = [
  '2026-12-02',
  '2026-12-09',
  '2026-12-16',
  '2026-12-23',
  '2026-12-30',
  '2027-01-06',
  '2027-01-13',
  '2027-01-20',
];

type App = TestApp & { clock: { now: number } };

async function offerPlans(t: TestApp, shop: Shop, plans: PlanOffer[]) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/business-dashboard/service/edit/${shop.fullId}`,
    headers: { authorization: `Bearer ${shop.token}` },
    payload: { serviceName: 'Full Detail', duration: 60, price: 120, plans },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function owner(t: TestApp, shop: Shop, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/business-dashboard${url}`,
    headers: { authorization: `Bearer ${shop.token}` },
    ...(payload ? { payload } : {}),
  });
}

async function visitsOf(t: TestApp, planId: string) {
  return t.ctx.db
    .selectFrom('bookings')
    .select(['id', 'day', 'start_time', 'status', 'total_cents', 'plan_day'])
    .where('plan_id', '=', planId)
    .orderBy('start_ms')
    .execute();
}

/**
 * 200 weekly plan bookings at once over 20 first slots, sent to the instances in turn: none
 * answers 5xx, some succeed, and no two bookings holding a time overlap.
 */
async function racePlanBookings(apps: TestApp[], shop: Shop, emailPrefix: string) {
  const times = ['10:00', '11:00', '12:00', '13:00', '14:00'];
  const days = ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-09'];
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      book(
        apps[i % apps.length]!,
        bookBody(shop, {
          date: days[i % days.length],
          time: times[Math.floor(i / days.length) % times.length],
          frequency: 'weekly',
          customerEmail: `${emailPrefix}${i}@example.com`,
        }),
      ),
    ),
  );
  expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
  const held = await apps[0]!.ctx.db
    .selectFrom('bookings')
    .select(['start_ms', 'end_ms'])
    .where('business_id', '=', shop.businessId)
    .where('status', 'in', ['pending', 'approved'])
    .orderBy('start_ms')
    .execute();
  for (let i = 1; i < held.length; i++) expect(held[i]!.start_ms).toBeGreaterThanOrEqual(held[i - 1]!.end_ms);
  expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThan(0);
}

describe.each(storages())('recurring plans on %s', (kind) => {
  let t: App;
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    await offerPlans(t, shop, [WEEKLY_10, MONTHLY]);
  });
  afterAll(() => t.close());

  it('a service keeps its offers, and the quote lists each with the price of a visit', async () => {
    const services = await owner(t, shop, 'GET', '/services');
    const full = services.json().services.find((s: { _id: string }) => s._id === shop.fullId);
    expect(full.plans).toEqual([WEEKLY_10, MONTHLY]);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/customer/quote',
      payload: {
        businessId: shop.businessId,
        serviceId: shop.fullId,
        answer: { option: 'SUV' },
        address: bookBody(shop).address,
      },
    });
    const { totalQuote, plans } = quote.json();
    expect(plans).toEqual([
      { frequency: 'weekly', label: 'Weekly', discount: '10% off', perVisit: Math.round(totalQuote * 90) / 100 },
      {
        frequency: 'monthly',
        label: 'Monthly',
        discount: '$15 off',
        perVisit: Math.round((totalQuote - 15) * 100) / 100,
      },
    ]);
    // A service with no offers quotes no plans.
    const quick = await t.app.inject({
      method: 'POST',
      url: '/api/customer/quote',
      payload: {
        businessId: shop.businessId,
        serviceId: shop.quickId,
        answer: { option: 'SUV' },
        address: bookBody(shop).address,
      },
    });
    expect(quick.json().plans).toBeUndefined();
  });

  it('refuses a frequency the service does not offer, and bad offers, with a sentence', async () => {
    const res = await book(t, bookBody(shop, { serviceId: shop.quickId, frequency: 'weekly', date: '2026-12-07' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PLAN_NOT_OFFERED');
    expect(res.json().error).toMatch(/Quick Wash is not offered weekly/);
    const twice = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/service/edit/${shop.fullId}`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { serviceName: 'Full Detail', duration: 60, price: 120, plans: [WEEKLY_10, WEEKLY_10] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/Offer each frequency once/);
    const tooMuch = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/service/edit/${shop.fullId}`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: {
        serviceName: 'Full Detail',
        duration: 60,
        price: 120,
        plans: [{ frequency: 'weekly', discount: { kind: 'percent', percent: 95 } }],
      },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatch(/from 1 to 90/);
  });

  describe('a weekly plan', () => {
    let planId: string;
    let firstId: string;
    beforeAll(async () => {
      // Something already stands on the third Wednesday at 10:00.
      await t.ctx.db
        .insertInto('blocked_times')
        .values({
          id: randomUUID(),
          business_id: shop.businessId,
          title: 'Supplier run',
          reason: 'custom',
          start_ms: localToUtcMs('2026-12-16', '10:00', LA),
          end_ms: localToUtcMs('2026-12-16', '11:00', LA),
          created_at: START_CLOCK,
        })
        .execute();
      const res = await book(
        t,
        bookBody(shop, { date: '2026-12-02', time: '10:00', frequency: 'weekly', customerEmail: 'pool@example.com' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      planId = body.plan.planId;
      firstId = body.bookingId;
      expect(body.plan.label).toBe('Weekly');
      expect(body.totalQuote).toBe(body.plan.perVisit);
      expect(body.plan.visits).toEqual(
        WEDNESDAYS.map((date) => ({ date, status: date === '2026-12-16' ? 'needs_time' : 'pending' })),
      );
    });

    it('books each visit at the plan price, with its rule day, the taken one holding no time', async () => {
      const visits = await visitsOf(t, planId);
      expect(visits.map((v) => v.day)).toEqual(WEDNESDAYS);
      expect(visits.map((v) => v.plan_day)).toEqual(WEDNESDAYS);
      expect(new Set(visits.map((v) => v.total_cents)).size).toBe(1);
      const lines = await t.ctx.db
        .selectFrom('bookings')
        .select('quote_lines')
        .where('id', '=', firstId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(lines.quote_lines).at(-1)).toEqual({
        label: 'Weekly plan (10% off)',
        amountCents: expect.any(Number),
      });
    });

    it('mails the customer once, naming the plan and its visits, and the owner to approve it', async () => {
      const mails = await t.ctx.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body', 'to_address'])
        .where('booking_id', '=', firstId)
        .execute();
      const customer = mails.find((m) => m.to_address === 'pool@example.com')!;
      expect(customer.subject).toBe('Booking request received: Your weekly Full Detail');
      expect(customer.text_body).toContain('Plan: Weekly, $');
      expect(customer.text_body).toContain('Wed, Dec 16, 2026: Shiny Cars will propose another time');
      // Each visit has its own links, to skip or move that one visit.
      const second = (await visitsOf(t, planId)).find((v) => v.day === '2026-12-09')!;
      expect(customer.text_body).toContain(
        `- Wed, Dec 9, 2026 at 10:00 AM\n  Reschedule: http://localhost:3000/customer/reschedule?token=${manageTokenFor(t.config.jwtSecret, second.id)}`,
      );
      // The owner's notice lists the visits without the customer's links.
      const notice = mails.find((m) => m.to_address !== 'pool@example.com')!;
      expect(notice.text_body).toContain('- Wed, Dec 9, 2026 at 10:00 AM\n');
      expect(notice.text_body).not.toContain(manageTokenFor(t.config.jwtSecret, second.id));
      expect(mails.find((m) => m.to_address !== 'pool@example.com')?.subject).toBe(
        'New weekly plan to approve: Ada Lovelace',
      );
      const all = await t.ctx.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'pool@example.com')
        .execute();
      expect(all).toHaveLength(1);
    });

    it('the Plans view lists it; the bookings list marks its visits', async () => {
      const res = await owner(t, shop, 'GET', '/plans');
      const plan = res.json().plans.find((p: { _id: string }) => p._id === planId);
      expect(plan).toMatchObject({
        customerName: 'Ada Lovelace',
        serviceName: 'Full Detail',
        frequency: 'weekly',
        label: 'Weekly',
        startTime: '10:00',
        status: 'active',
        approved: false,
        nextVisit: { day: '2026-12-02', startTime: '10:00', endTime: '11:00' },
        pendingVisits: 7,
        needsTime: 1,
      });
      const list = await owner(t, shop, 'GET', '/bookings?from=2026-12-02&to=2026-12-02');
      const first = list.json().bookings.find((b: { _id: string }) => b._id === firstId);
      expect(first.plan).toEqual({ planId, label: 'Weekly' });
    });

    it("the owner's calendar feed carries each visit holding a time, each its own event", async () => {
      const { url } = (await owner(t, shop, 'GET', '/settings/calendar-feed')).json();
      const res = await t.app.inject({ url: url.replace('http://localhost:3000', '') });
      const events = new ICAL.Component(ICAL.parse(res.body))
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v))
        .filter((e) => e.summary.startsWith('Full Detail: Ada Lovelace'));
      const days = events.map((e) => e.startDate.toJSDate().getTime()).sort((a, b) => a - b);
      // The taken Wednesday holds no time and is no event; the other seven are, at 10:00 in Los Angeles.
      expect(days).toEqual(WEDNESDAYS.filter((d) => d !== '2026-12-16').map((d) => localToUtcMs(d, '10:00', LA)));
      expect(new Set(events.map((e) => e.uid)).size).toBe(7);
    });

    it('plan dates say which of the first four are free', async () => {
      const res = await t.app.inject({
        url: `/api/customer/plan-dates?${new URLSearchParams({
          businessId: shop.businessId,
          serviceId: shop.fullId,
          frequency: 'weekly',
          date: '2026-12-02',
          time: '12:00',
        })}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        label: 'Weekly',
        visits: [
          { date: '2026-12-02', state: 'free' },
          { date: '2026-12-09', state: 'free' },
          { date: '2026-12-16', state: 'free' },
          { date: '2026-12-23', state: 'free' },
        ],
        note: null,
      });
      const taken = await t.app.inject({
        url: `/api/customer/plan-dates?${new URLSearchParams({
          businessId: shop.businessId,
          serviceId: shop.fullId,
          frequency: 'weekly',
          date: '2026-12-09',
          time: '10:00',
        })}`,
      });
      expect(taken.json().visits.map((v: { state: string }) => v.state)).toEqual(['taken', 'taken', 'taken', 'taken']);
    });

    it('next free time gives the taken visit a time of its own, then it is pending', async () => {
      const needing = (await visitsOf(t, planId)).find((v) => v.status === 'needs_time')!;
      const res = await owner(t, shop, 'PUT', `/booking/next-free-time/${needing.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'pending',
        bookingTime: { day: '2026-12-16', startTime: '11:00' },
        plan: { planId, label: 'Weekly' },
      });
      const again = await owner(t, shop, 'PUT', `/booking/next-free-time/${needing.id}`);
      expect(again.statusCode).toBe(409);
    });

    it('approving the plan approves its pending visits and mails the customer once', async () => {
      const res = await owner(t, shop, 'PUT', `/plans/${planId}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ approved: true, pendingVisits: 0 });
      expect(new Set((await visitsOf(t, planId)).map((v) => v.status))).toEqual(new Set(['approved']));
      const confirmed = await t.ctx.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', 'pool@example.com')
        .where('subject', 'like', 'Plan confirmed%')
        .execute();
      expect(confirmed).toEqual([{ subject: 'Plan confirmed: Your weekly Full Detail' }]);
    });

    it('moving the fourth visit "this and following" an hour later moves the plan from there', async () => {
      const visits = await visitsOf(t, planId);
      const fourth = visits.find((v) => v.day === '2026-12-23')!;
      const res = await owner(t, shop, 'PUT', '/booking/reschedule', {
        bookingId: fourth.id,
        newTime: { day: '2026-12-23', startTime: '14:00' },
        requestor: 'business',
        scope: 'following',
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await visitsOf(t, planId);
      expect(after.filter((v) => v.day < '2026-12-23').every((v) => v.start_time !== '14:00')).toBe(true);
      expect(after.filter((v) => v.day >= '2026-12-23').map((v) => [v.day, v.start_time, v.status])).toEqual(
        WEDNESDAYS.slice(3).map((d) => [d, '14:00', 'approved']),
      );
      const plan = await t.ctx.repos.plans.find(shop.businessId, planId);
      expect(plan).toMatchObject({ start_day: '2026-12-23', start_time: '14:00' });
      // A one-off booking has no following visits.
      const single = await book(
        t,
        bookBody(shop, { date: '2026-12-04', time: '15:00', customerEmail: 'one@example.com' }),
      );
      const refused = await owner(t, shop, 'PUT', '/booking/reschedule', {
        bookingId: single.json().bookingId,
        newTime: { day: '2026-12-04', startTime: '16:00' },
        requestor: 'business',
        scope: 'following',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('NOT_A_PLAN_VISIT');
    });

    it('the customer skips the second visit from its link: skipped, never booked again, the link gone', async () => {
      const second = (await visitsOf(t, planId)).find((v) => v.day === '2026-12-09')!;
      const token = manageTokenFor(t.config.jwtSecret, second.id);
      const shown = await t.app.inject({ url: `/api/customer/booking?token=${token}` });
      expect(shown.json().plan).toMatchObject({ name: 'your weekly Full Detail', label: 'Weekly', status: 'active' });
      const res = await t.app.inject({ method: 'POST', url: `/api/customer/skip-visit?token=${token}` });
      expect(res.statusCode, res.body).toBe(200);
      expect((await visitsOf(t, planId)).find((v) => v.id === second.id)?.status).toBe('skipped');
      expect((await t.app.inject({ url: `/api/customer/booking?token=${token}` })).json().code).toBe('LINK_GONE');
      // A one-off booking cannot be skipped.
      const single = await book(
        t,
        bookBody(shop, { date: '2026-12-07', time: '15:00', customerEmail: 'two@example.com' }),
      );
      const one = manageTokenFor(t.config.jwtSecret, single.json().bookingId);
      const refused = await t.app.inject({ method: 'POST', url: `/api/customer/skip-visit?token=${one}` });
      expect(refused.json().code).toBe('NOT_A_PLAN_VISIT');
    });

    it('the materialiser books the next week exactly once, even run twice at once', async () => {
      t.clock.now = START_CLOCK + 7 * 86_400_000;
      try {
        const [a, b] = await Promise.all([bookDuePlanVisits(t.ctx), bookDuePlanVisits(t.ctx)]);
        expect(a + b).toBe(1);
        const visits = await visitsOf(t, planId);
        expect(visits.at(-1)).toMatchObject({ day: '2027-01-27', start_time: '14:00', status: 'approved' });
        expect(visits.filter((v) => v.day === '2026-12-09')).toHaveLength(1);
        expect(await bookDuePlanVisits(t.ctx)).toBe(0);
      } finally {
        t.clock.now = START_CLOCK;
      }
    });

    it('pause releases the coming visits, resume books them again, end cancels them for good', async () => {
      const paused = await owner(t, shop, 'PUT', `/plans/${planId}/pause`);
      expect(paused.json()).toMatchObject({ status: 'paused', nextVisit: null });
      expect((await visitsOf(t, planId)).filter((v) => v.status === 'approved')).toHaveLength(0);
      const stopped = await t.ctx.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', 'pool@example.com')
        .where('subject', 'like', 'Plan paused%')
        .execute();
      expect(stopped).toHaveLength(1);
      const resumed = await owner(t, shop, 'PUT', `/plans/${planId}/resume`);
      // Every coming visit again: the first Wednesday at 10:00, before the "this and following" move.
      expect(resumed.json()).toMatchObject({ status: 'active', nextVisit: { day: '2026-12-02', startTime: '10:00' } });
      const ended = await owner(t, shop, 'PUT', `/plans/${planId}/end`);
      expect(ended.json()).toMatchObject({ status: 'ended', nextVisit: null });
      const visits = await visitsOf(t, planId);
      expect(visits.filter((v) => ['pending', 'approved', 'needs_time'].includes(v.status))).toHaveLength(0);
      const again = await owner(t, shop, 'PUT', `/plans/${planId}/resume`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PLAN_ENDED');
      expect((await owner(t, shop, 'PUT', `/plans/${randomUUID()}/pause`)).json().code).toBe('PLAN_NOT_FOUND');
    });
  });

  it('the customer cancels the plan: its coming visits are cancelled, the plan ended', async () => {
    const res = await book(
      t,
      bookBody(shop, { date: '2026-12-03', time: '16:00', frequency: 'weekly', customerEmail: 'lawn@example.com' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const token = manageTokenFor(t.config.jwtSecret, res.json().bookingId);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/customer/plan?token=${token}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe('Your plan is cancelled, with all its coming visits.');
    const visits = await visitsOf(t, res.json().plan.planId);
    expect(new Set(visits.map((v) => v.status))).toEqual(new Set(['cancelled']));
    expect((await t.ctx.repos.plans.find(shop.businessId, res.json().plan.planId))?.status).toBe('ended');
    // Erasing the customer's details erases them from the ended plan too.
    const erased = await owner(t, shop, 'POST', '/customer-data/erase', { email: 'lawn@example.com' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.ctx.repos.plans.find(shop.businessId, res.json().plan.planId)).toMatchObject({
      customer_email: '',
      phone_number: '',
      customer_address: null,
      anonymised_at: expect.any(Number),
    });
  });

  it('monthly on a fifth Wednesday: months without one have no visit, and the dates say so', async () => {
    const res = await t.app.inject({
      url: `/api/customer/plan-dates?${new URLSearchParams({
        businessId: shop.businessId,
        serviceId: shop.fullId,
        frequency: 'monthly',
        date: '2026-12-30',
        time: '17:00',
      })}`,
    });
    expect(res.json()).toMatchObject({
      label: 'Monthly on the fifth Wednesday',
      note: 'Not every month has a fifth Wednesday: those months have no visit.',
    });
    expect(res.json().visits.map((v: { date: string }) => v.date)).toEqual([
      '2026-12-30',
      '2027-03-31',
      '2027-06-30',
      '2027-09-29',
    ]);
    const booked = await book(
      t,
      bookBody(shop, { date: '2026-12-30', time: '17:00', frequency: 'monthly', customerEmail: 'fifth@example.com' }),
    );
    expect(booked.json().plan.visits).toEqual([{ date: '2026-12-30', status: 'pending' }]);
  });

  it('a plan keeps its wall-clock time across the daylight-saving change', async () => {
    // Every 4 weeks from Monday 2027-02-15 crosses the change of 2027-03-14 in Los Angeles.
    t.clock.now = Date.parse('2027-02-10T12:00:00Z');
    try {
      const res = await book(
        t,
        bookBody(shop, { date: '2027-02-15', time: '09:00', frequency: 'weekly', customerEmail: 'dst@example.com' }),
      );
      // Opening is 10:00 by default: 09:00 is refused like any booking.
      expect(res.json().code).toBe('SLOT_NOT_OFFERED');
      const ok = await book(
        t,
        bookBody(shop, { date: '2027-02-15', time: '10:00', frequency: 'weekly', customerEmail: 'dst@example.com' }),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      const visits = await visitsOf(t, ok.json().plan.planId);
      expect(new Set(visits.map((v) => v.start_time))).toEqual(new Set(['10:00']));
      const rows = await t.ctx.db
        .selectFrom('bookings')
        .select(['day', 'start_ms'])
        .where('plan_id', '=', ok.json().plan.planId)
        .execute();
      for (const r of rows) expect(r.start_ms).toBe(localToUtcMs(r.day, '10:00', LA));
    } finally {
      t.clock.now = START_CLOCK;
    }
  });

  it('a plan starting beyond the booking horizon is refused like any booking', async () => {
    const res = await book(
      t,
      bookBody(shop, { date: '2028-06-07', time: '10:00', frequency: 'weekly', customerEmail: 'far@example.com' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('BEYOND_HORIZON');
  });

  it('changing the service price leaves a booked plan at its price', async () => {
    const res = await book(
      t,
      bookBody(shop, { date: '2026-12-11', time: '10:00', frequency: 'weekly', customerEmail: 'price@example.com' }),
    );
    const before = await t.ctx.repos.plans.find(shop.businessId, res.json().plan.planId);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/service/edit/${shop.fullId}`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { serviceName: 'Full Detail', duration: 60, price: 300 },
    });
    expect(changed.statusCode).toBe(200);
    // Offers left out are kept.
    expect(changed.json().plans).toEqual([WEEKLY_10, MONTHLY]);
    t.clock.now = START_CLOCK + 14 * 86_400_000;
    try {
      await bookDuePlanVisits(t.ctx);
    } finally {
      t.clock.now = START_CLOCK;
    }
    const visits = await visitsOf(t, res.json().plan.planId);
    expect(new Set(visits.map((v) => v.total_cents))).toEqual(new Set([before!.price_cents]));
  });
});

describe.each(storages())('the materialiser across time zones on %s', (kind) => {
  let t: App;
  afterAll(() => t.close());

  it('books a plan due in a zone ahead however many plans behind it are not due yet', async () => {
    t = await engineApp(kind);
    const la = await detailer(t);
    const tokyo = await detailer(t);
    await t.ctx.db
      .updateTable('businesses')
      .set({ time_zone: 'Asia/Tokyo' })
      .where('id', '=', tokyo.businessId)
      .execute();
    // 23:00 UTC: already tomorrow in Tokyo, still today in Los Angeles.
    t.clock.now = Date.parse('2026-12-01T23:00:00Z');
    const booked = '2027-01-26'; // Los Angeles' today + 56: not due there; Tokyo's is 2027-01-27.
    const plan = (id: string, businessId: string) => ({
      id,
      business_id: businessId,
      service_id: null,
      service_name: 'Full Detail',
      duration_min: 60,
      frequency: 'weekly' as const,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE',
      start_day: '2026-12-02',
      start_time: '10:00',
      first_name: 'Zone',
      last_name: 'Test',
      customer_email: 'zone@example.com',
      phone_number: '+15551234567',
      car_body_type: null,
      customer_address: null,
      customer_lat: null,
      customer_lng: null,
      miles: null,
      price_cents: 10_000,
      quote_lines: '[]',
      discount_kind: null,
      discount_value: null,
      status: 'active' as const,
      approved_at: null,
      booked_through: booked,
      requester: null,
      anonymised_at: null,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    });
    // 150 plans of Los Angeles sort before Tokyo's, none of them due yet.
    for (let i = 0; i < 150; i++)
      await t.ctx.db
        .insertInto('plans')
        .values(plan(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, la.businessId))
        .execute();
    const tokyoPlan = 'ffffffff-0000-4000-8000-000000000000';
    await t.ctx.db.insertInto('plans').values(plan(tokyoPlan, tokyo.businessId)).execute();
    expect(await bookDuePlanVisits(t.ctx)).toBe(1);
    expect(await visitsOf(t, tokyoPlan)).toMatchObject([{ day: '2027-01-27', start_time: '10:00' }]);
    expect(await bookDuePlanVisits(t.ctx)).toBe(0);
  });
});

describe.each(storages())('200 concurrent plan bookings on %s', (kind) => {
  let t: App;
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    await offerPlans(t, shop, [WEEKLY_10]);
  });
  afterAll(() => t.close());

  it('never double-book a visit: every time holds one booking at most', async () => {
    await racePlanBookings([t], shop, 'race');
  });
});

describe.runIf(storages().includes('postgres'))('plans on two PostgreSQL instances', () => {
  let first: TestApp & { clock: { now: number } };
  let second: TestApp;
  let shop: Shop;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ first, second, shop, close } = await twoPgInstances());
    await offerPlans(first, shop, [WEEKLY_10]);
  });
  afterAll(() => close());

  it('200 concurrent plan bookings split across both never double-book', async () => {
    await racePlanBookings([first, second], shop, 'pg');
  });

  it('the materialiser run on both at once books each visit exactly once', async () => {
    first.clock.now = START_CLOCK + 21 * 86_400_000;
    try {
      const counts = await Promise.all([bookDuePlanVisits(first.ctx), bookDuePlanVisits(second.ctx)]);
      const dupes = await first.ctx.db
        .selectFrom('bookings')
        .select(['plan_id', 'plan_day'])
        .where('business_id', '=', shop.businessId)
        .where('plan_day', 'is not', null)
        .execute();
      const keys = dupes.map((d) => `${d.plan_id}/${d.plan_day}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(counts[0]! + counts[1]!).toBeGreaterThan(0);
    } finally {
      first.clock.now = START_CLOCK;
    }
  });
});

/** A plan's visits still to come (holding a time or waiting for one), as [day, time]. */
async function heldOf(t: TestApp, planId: string) {
  const rows = await t.ctx.db
    .selectFrom('bookings')
    .select(['day', 'start_time'])
    .where('plan_id', '=', planId)
    .where('status', 'in', ['pending', 'approved', 'needs_time'])
    .orderBy('start_ms')
    .execute();
  return rows.map((r) => `${r.day} ${r.start_time}`);
}

describe.each(storages())('pausing and resuming a plan on %s (issue 39)', (kind) => {
  let t: App;
  let shop: Shop;
  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    await offerPlans(t, shop, [WEEKLY_10]);
  });
  afterAll(() => t.close());

  async function pauseAndResume(planId: string) {
    const paused = await owner(t, shop, 'PUT', `/plans/${planId}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await heldOf(t, planId)).toEqual([]);
    const resumed = await owner(t, shop, 'PUT', `/plans/${planId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    return resumed.json();
  }

  /**
   * Issue 39's plan: weekly on Tuesdays at `time` from 2026-12-08 (booked through 2027-01-26 at
   * START_CLOCK), the second visit skipped by the customer, the sixth (2027-01-12) moved by the
   * owner "this and following" to Wednesday 2027-01-13 at `movedTime`.
   */
  async function splitPlan(email: string, time: string, movedTime: string) {
    const res = await book(t, bookBody(shop, { date: '2026-12-08', time, frequency: 'weekly', customerEmail: email }));
    expect(res.statusCode, res.body).toBe(201);
    const planId: string = res.json().plan.planId;
    const visits = await visitsOf(t, planId);
    expect(visits.map((v) => v.day)).toEqual([
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
      '2026-12-29',
      '2027-01-05',
      '2027-01-12',
      '2027-01-19',
      '2027-01-26',
    ]);
    const skip = await t.app.inject({
      method: 'POST',
      url: `/api/customer/skip-visit?token=${manageTokenFor(t.config.jwtSecret, visits[1]!.id)}`,
    });
    expect(skip.statusCode, skip.body).toBe(200);
    const moved = await owner(t, shop, 'PUT', '/booking/reschedule', {
      bookingId: visits[5]!.id,
      newTime: { day: '2027-01-13', startTime: movedTime },
      requestor: 'business',
      scope: 'following',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // What the plan holds before the pause: Dec 8, 22, 29, Jan 5 on the older rule, Jan 13, 20, 27 on the newer.
    const held = [
      ...['2026-12-08', '2026-12-22', '2026-12-29', '2027-01-05'].map((d) => `${d} ${time}`),
      ...['2027-01-13', '2027-01-20', '2027-01-27'].map((d) => `${d} ${movedTime}`),
    ];
    expect(await heldOf(t, planId)).toEqual(held);
    // The plan keeps its older rule for the days before the sixth visit's.
    const plan = await t.ctx.repos.plans.find(shop.businessId, planId);
    expect(plan).toMatchObject({ rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE', start_day: '2027-01-13' });
    expect(JSON.parse(plan!.earlier_rules)).toEqual([
      { rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU', start_day: '2026-12-08', start_time: time, until: '2027-01-12' },
    ]);
    return { planId, held };
  }

  it('a plan split "this and following" at its sixth visit, paused and resumed the next day, gets every coming visit back, each under its own rule', async () => {
    const { planId, held } = await splitPlan('split@example.com', '10:00', '14:00');
    // Paused and resumed on Wednesday 2026-12-02 (before the fix: only Jan 13, 20 and 27 came back).
    t.clock.now = START_CLOCK + 86_400_000;
    try {
      const resumed = await pauseAndResume(planId);
      // The visits before the move on the older rule (Tuesdays at 10:00), from it on the newer one.
      expect(await heldOf(t, planId)).toEqual(held);
      expect(resumed).toMatchObject({ status: 'active', nextVisit: { day: '2026-12-08', startTime: '10:00' } });
    } finally {
      t.clock.now = START_CLOCK;
    }
    // The skipped Tuesday stays skipped, and no rule day is booked twice.
    const after = await visitsOf(t, planId);
    expect(after.filter((v) => v.day === '2026-12-15').map((v) => v.status)).toEqual(['skipped']);
    const days = after.map((v) => v.plan_day).filter((d) => d !== null);
    expect(new Set(days).size).toBe(days.length);
    // The materialiser books on under the newer rule only.
    t.clock.now = START_CLOCK + 8 * 86_400_000;
    try {
      await bookDuePlanVisits(t.ctx);
      expect((await heldOf(t, planId)).slice(-2)).toEqual(['2027-01-27 14:00', '2027-02-03 14:00']);
    } finally {
      t.clock.now = START_CLOCK;
    }
  });

  it('resumed the same day, the split plan also gets back the visit its move booked past the eight weeks', async () => {
    // At START_CLOCK the weeks ahead end on 2027-01-26; the move booked the newer rule through Jan 27.
    const { planId, held } = await splitPlan('split-same-day@example.com', '12:00', '16:00');
    const resumed = await pauseAndResume(planId);
    expect(await heldOf(t, planId)).toEqual(held);
    expect(resumed).toMatchObject({ nextVisit: { day: '2026-12-08', startTime: '12:00' } });
    // Moved back "this and following" to Tuesday at 12:00, the plan has one older rule again, and
    // a pause and resume give back the same visits.
    const wednesday = (await visitsOf(t, planId)).find((v) => v.day === '2027-01-13' && v.status === 'pending')!;
    const back = await owner(t, shop, 'PUT', '/booking/reschedule', {
      bookingId: wednesday.id,
      newTime: { day: '2027-01-12', startTime: '12:00' },
      requestor: 'business',
      scope: 'following',
    });
    expect(back.statusCode, back.body).toBe(200);
    const tuesdays = ['2026-12-08', '2026-12-22', '2026-12-29', '2027-01-05', '2027-01-12', '2027-01-19', '2027-01-26'];
    expect(await heldOf(t, planId)).toEqual(tuesdays.map((d) => `${d} 12:00`));
    const plan = await t.ctx.repos.plans.find(shop.businessId, planId);
    expect(JSON.parse(plan!.earlier_rules)).toEqual([
      { rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU', start_day: '2026-12-08', start_time: '12:00', until: '2027-01-12' },
    ]);
    await pauseAndResume(planId);
    expect(await heldOf(t, planId)).toEqual(tuesdays.map((d) => `${d} 12:00`));
  });

  describe('a plan never split', () => {
    let planId: string;
    let before: string[];
    beforeAll(async () => {
      // Weekly on Thursdays at 12:00 from 2026-12-03.
      const res = await book(
        t,
        bookBody(shop, { date: '2026-12-03', time: '12:00', frequency: 'weekly', customerEmail: 'thu@example.com' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      planId = res.json().plan.planId;
      const visits = await visitsOf(t, planId);
      // The customer cancels the second visit and skips the third from their links.
      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: `/api/customer/confirm-cancel?token=${manageTokenFor(t.config.jwtSecret, visits[1]!.id)}`,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const skipped = await t.app.inject({
        method: 'POST',
        url: `/api/customer/skip-visit?token=${manageTokenFor(t.config.jwtSecret, visits[2]!.id)}`,
      });
      expect(skipped.statusCode, skipped.body).toBe(200);
      before = await heldOf(t, planId);
      expect(before).toEqual(
        ['2026-12-03', '2026-12-24', '2026-12-31', '2027-01-07', '2027-01-14', '2027-01-21'].map((d) => `${d} 12:00`),
      );
    });

    it('resume books the same visits again; the skipped one stays skipped, the cancelled one cancelled', async () => {
      const resumed = await pauseAndResume(planId);
      expect(resumed).toMatchObject({ status: 'active', nextVisit: { day: '2026-12-03', startTime: '12:00' } });
      expect(await heldOf(t, planId)).toEqual(before);
      const visits = await visitsOf(t, planId);
      expect(visits.filter((v) => v.day === '2026-12-10').map((v) => v.status)).toEqual(['cancelled']);
      expect(visits.filter((v) => v.day === '2026-12-17').map((v) => v.status)).toEqual(['skipped']);
    });

    it('a visit whose time passed while the plan was paused is not booked again', async () => {
      const paused = await owner(t, shop, 'PUT', `/plans/${planId}/pause`);
      expect(paused.statusCode, paused.body).toBe(200);
      // Resumed on Thursday 2026-12-24 at 13:00 in Los Angeles: that day's 12:00 visit is past.
      t.clock.now = localToUtcMs('2026-12-24', '13:00', LA);
      try {
        const resumed = await owner(t, shop, 'PUT', `/plans/${planId}/resume`);
        expect(resumed.statusCode, resumed.body).toBe(200);
        expect(resumed.json()).toMatchObject({ nextVisit: { day: '2026-12-31', startTime: '12:00' } });
        const visits = await visitsOf(t, planId);
        // Nothing written for a day already past: the 24th keeps only the visits the pauses cancelled.
        const upToThen = visits.filter((v) => v.day <= '2026-12-24' && v.status !== 'cancelled');
        expect(new Set(upToThen.map((v) => v.status))).toEqual(new Set(['skipped']));
        // Through eight weeks from the day of the resume.
        expect(await heldOf(t, planId)).toEqual(
          [
            '2026-12-31',
            '2027-01-07',
            '2027-01-14',
            '2027-01-21',
            '2027-01-28',
            '2027-02-04',
            '2027-02-11',
            '2027-02-18',
          ].map((d) => `${d} 12:00`),
        );
      } finally {
        t.clock.now = START_CLOCK;
      }
    });
  });

  describe('"this and following" over a visit the customer skipped', () => {
    // A business of its own, so its Tuesdays are free of the plans above.
    let other: Shop;
    beforeAll(async () => {
      other = await detailer(t, 'skips@example.com');
      await offerPlans(t, other, [WEEKLY_10]);
    });

    /** Weekly on Tuesdays at `time` from 2026-12-08 (booked through 2027-01-26), the 2027-01-19 visit skipped by the customer. */
    async function skippedPlan(email: string, time: string) {
      const res = await book(
        t,
        bookBody(other, { date: '2026-12-08', time, frequency: 'weekly', customerEmail: email }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const planId: string = res.json().plan.planId;
      const visits = await visitsOf(t, planId);
      expect(visits[6]?.day).toBe('2027-01-19');
      const skip = await t.app.inject({
        method: 'POST',
        url: `/api/customer/skip-visit?token=${manageTokenFor(t.config.jwtSecret, visits[6]!.id)}`,
      });
      expect(skip.statusCode, skip.body).toBe(200);
      return { planId, visits };
    }

    function moveFollowing(bookingId: string, day: string, startTime: string) {
      return owner(t, other, 'PUT', '/booking/reschedule', {
        bookingId,
        newTime: { day, startTime },
        requestor: 'business',
        scope: 'following',
      });
    }

    /** The plan's rows standing on or for `day`, as [day, status, plan_day]. */
    async function rowsOn(planId: string, day: string) {
      return (await visitsOf(t, planId))
        .filter((v) => v.day === day || v.plan_day === day)
        .map((v) => [v.day, v.status, v.plan_day]);
    }

    async function assertEachRuleDayOnce(planId: string) {
      const days = (await visitsOf(t, planId)).map((v) => v.plan_day).filter((d) => d !== null);
      expect(new Set(days).size).toBe(days.length);
    }

    const BEFORE_THE_MOVE = ['2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29', '2027-01-05'];

    it('a new rule landing on the skipped day keeps it skipped: no second visit there, the later visits on the new rule', async () => {
      const { planId, visits } = await skippedPlan('skip-lands@example.com', '10:00');
      // Tuesday 2027-01-12 moved to 14:00 the same day: the new rule's next Tuesday is the skipped
      // 2027-01-19 (before the fix: 500, the database refusing that rule day twice on one plan).
      const res = await moveFollowing(visits[5]!.id, '2027-01-12', '14:00');
      expect(res.statusCode, res.body).toBe(200);
      const held = [
        ...BEFORE_THE_MOVE.map((d) => `${d} 10:00`),
        ...['2027-01-12', '2027-01-26'].map((d) => `${d} 14:00`),
      ];
      expect(await heldOf(t, planId)).toEqual(held);
      expect(await rowsOn(planId, '2027-01-19')).toEqual([['2027-01-19', 'skipped', '2027-01-19']]);
      await assertEachRuleDayOnce(planId);
      // Pause and resume agree: the same visits come back, the skipped Tuesday stays skipped.
      for (const step of ['pause', 'resume']) {
        const res = await owner(t, other, 'PUT', `/plans/${planId}/${step}`);
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await heldOf(t, planId)).toEqual(held);
      expect(await rowsOn(planId, '2027-01-19')).toEqual([['2027-01-19', 'skipped', '2027-01-19']]);
      // So does the materialiser: it books on from 2027-01-27 under the new rule.
      t.clock.now = START_CLOCK + 8 * 86_400_000;
      try {
        await bookDuePlanVisits(t.ctx);
        expect(await heldOf(t, planId)).toEqual([...held, '2027-02-02 14:00']);
      } finally {
        t.clock.now = START_CLOCK;
      }
      await assertEachRuleDayOnce(planId);
    });

    it('a new rule not landing on the skipped day moves the later visits as before', async () => {
      const { planId, visits } = await skippedPlan('skip-apart@example.com', '12:00');
      // Tuesday 2027-01-12 moved to Wednesday 2027-01-13: the later visit (2027-01-26) takes the new
      // rule's next day, 2027-01-20; the skipped Tuesday keeps its row and its rule day.
      const res = await moveFollowing(visits[5]!.id, '2027-01-13', '12:00');
      expect(res.statusCode, res.body).toBe(200);
      expect(await heldOf(t, planId)).toEqual(
        [...BEFORE_THE_MOVE, '2027-01-13', '2027-01-20'].map((d) => `${d} 12:00`),
      );
      expect(await rowsOn(planId, '2027-01-19')).toEqual([['2027-01-19', 'skipped', '2027-01-19']]);
      await assertEachRuleDayOnce(planId);
    });

    it('a move onto a day the plan already has its visit for is refused (409 PLAN_DAY_TAKEN), nothing changed', async () => {
      const { planId, visits } = await skippedPlan('skip-onto@example.com', '16:00');
      const before = await visitsOf(t, planId);
      const plan = await t.ctx.repos.plans.find(other.businessId, planId);
      // Onto the Tuesday the customer skipped (before the fix: 500).
      const onto = await moveFollowing(visits[5]!.id, '2027-01-19', '17:00');
      expect(onto.statusCode, onto.body).toBe(409);
      expect(onto.json()).toEqual({
        code: 'PLAN_DAY_TAKEN',
        error:
          "The customer skipped this plan's visit of Tue, Jan 19, 2027, so the plan has no visit that day. Pick another day, or move this visit alone.",
      });
      // Back onto a Tuesday that has its own visit (before the fix: 500).
      const back = await moveFollowing(visits[7]!.id, '2027-01-05', '18:00');
      expect(back.statusCode, back.body).toBe(409);
      expect(back.json()).toEqual({
        code: 'PLAN_DAY_TAKEN',
        error:
          'This plan already has its visit of Tue, Jan 5, 2027 (at 4:00 PM). Move that visit first, pick another day, or move this visit alone.',
      });
      expect(await visitsOf(t, planId)).toEqual(before);
      expect(await t.ctx.repos.plans.find(other.businessId, planId)).toEqual(plan);
    });
  });
});
