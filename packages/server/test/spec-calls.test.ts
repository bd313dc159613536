/**
 * The first specification's calls still answer as it says (issue 39). Integrations and scripts
 * were written against its section 7 ("The calls it makes"); when the quote questions replaced
 * its single-question calls they broke on a 404. This suite walks that table, copied below word
 * for word, row by row: the method and path, who may call it (its section 6: business-dashboard
 * and onboarding calls carry a Bearer token; address suggestions, feedback and customer calls
 * send none), a request with the payload the table names, the status, and the answer's shape in
 * the table's and section 3's words (at least those fields; later releases may add more).
 */

import { eachRoute } from '@slotwise/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { book, bookAndToken, bookBody, DAY, detailer, engineApp, type Shop } from './booking-fixtures.ts';
import { storages, type TestApp } from './helpers.ts';

/** SPEC.md section 7's table, as written. */
const SPEC_TABLE = `
| POST /api/auth/login | {email,password}; returns token or error |
| POST /api/auth/signup | {email,password,phoneNumber}; returns token or error |
| GET /api/business-dashboard/bookings/today | returns {bookings[]} |
| GET /api/business-dashboard/bookings | returns {bookings[]} |
| GET /api/business-dashboard/blocked-times | returns array of blocked times |
| GET /api/business-dashboard/availability | returns array of {day,startTime,endTime} |
| PUT /api/business-dashboard/blocked-time/{id}/reschedule | {startTime,endTime} |
| PUT /api/business-dashboard/booking/reschedule | {bookingId,newTime:{day,startTime},requestor} |
| POST /api/business-dashboard/blocked-time | {title,reason,startTime,endTime}; returns created item, or error |
| PUT /api/business-dashboard/booking/approve/{id} | no body shown |
| PUT /api/business-dashboard/booking/decline/{id} | no body shown |
| GET /api/business-dashboard/settings/specific-question | returns the question config |
| PUT /api/business-dashboard/settings/update-specific-question | {question,type,options,rate} |
| GET /api/business-dashboard/business-details | returns {businessId} |
| GET /api/business-dashboard/services | returns {services[]} |
| POST /api/business-dashboard/service/add | {serviceName,duration,price} |
| PUT /api/business-dashboard/service/edit/{id} | the service |
| DELETE /api/business-dashboard/service/delete/{id} | none |
| GET /api/business-dashboard/settings/distance-pricing | returns {pricePerMile} |
| PUT /api/business-dashboard/settings/update-distance-pricing | {pricePerMile} |
| GET /api/business-dashboard/address | returns {address} |
| PUT /api/business-dashboard/address/update | {address} |
| PUT /api/business-dashboard/availability/update-single | {day,startTime,endTime} |
| PUT /api/business-dashboard/availability/update | {businessHours:[{day,startTime,endTime}]} |
| GET /api/business/places?input={text} | no auth; list of items with description |
| POST /api/onboarding/step1 | {name}; failures return {error} |
| POST /api/onboarding/step2 | {niche}; failures return {error} |
| POST /api/onboarding/step3 | {address}; failures return {error} |
| GET /api/customer/get-available-slots?businessId={id}&date={date} | returns {slots:[{time,available}]} |
| PUT /api/customer/reschedule | {token,newDateTime} (date and time joined with T); failures return {error} |
| DELETE /api/customer/confirm-cancel?token={token} | failures return {error} |
| POST /api/feedback | {type,where,description} |
`;

/** The day after DAY, in UTC: DAY's evening in Los Angeles. */
const NEXT = '2026-12-03';

const rows = SPEC_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [call = '', says = ''] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [method = '', target = ''] = call.split(' ');
    return { call, method, path: target.split('?')[0] ?? '', says };
  });

/** Section 6: who sends a Bearer token. */
const needsOwner = (path: string) => /^\/api\/(business-dashboard|onboarding)\//.test(path);

// The shapes in the specification's words (section 3's entities), at least these fields.
const Token = z.object({ token: z.string().min(1) });
const ErrorAnswer = z.object({ error: z.string().min(1) });
const HhMmOrNull = z
  .string()
  .regex(/^\d\d:\d\d$/)
  .nullable();
const Booking = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  serviceName: z.string(),
  customerEmail: z.string(),
  phoneNumber: z.string(),
  carBodyType: z.string().nullable(),
  totalQuote: z.number(),
  customerAddress: z.string().nullable().optional(),
  status: z.string(),
  bookingTime: z.object({ day: z.string(), startTime: z.string(), endTime: z.string() }),
});
const Bookings = z.object({ bookings: z.array(Booking) });
const BlockedTime = z.object({
  _id: z.string(),
  title: z.string(),
  reason: z.enum(['lunch', 'meeting', 'offline', 'custom']),
  startTime: z.string(),
  endTime: z.string(),
});
const Availability = z
  .array(
    z.object({
      day: z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
      startTime: HhMmOrNull,
      endTime: HhMmOrNull,
    }),
  )
  .min(1);
const Service = z.object({ _id: z.string(), serviceName: z.string(), duration: z.number(), price: z.number() });
const QuestionConfig = z.object({
  question: z.string().min(1),
  type: z.enum(['dropdown', 'rate']),
  options: z.array(z.object({ text: z.string(), value: z.number() })),
  rate: z.number().nullable(),
});
const Anything = z.unknown();

interface Case {
  body?: unknown;
  query?: Record<string, string>;
  /** The path with {id} filled in. */
  path?: string;
  status: 200 | 201;
  answer: z.ZodType;
  /** A refusal the table says answers {error}. */
  failure?: { body?: unknown; query?: Record<string, string>; status: number };
}

describe.each(storages())("the specification's calls (SPEC.md section 7) on %s", (kind) => {
  let t: TestApp;
  let shop: Shop;
  let newcomer: string;
  const ids: Record<string, string> = {};
  const password = 'correct horse battery';
  const email = `spec-${kind}@example.com`;

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    // Bookings to approve, move, decline, and reschedule and cancel through a link.
    for (const [name, time, customerEmail] of [
      ['approve', '10:00', 'ann@example.com'],
      ['move', '11:00', 'ben@example.com'],
      ['decline', '12:00', 'cat@example.com'],
    ] as const) {
      const res = await book(t, bookBody(shop, { time, customerEmail }));
      if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
      ids[name] = res.json().bookingId;
    }
    const link = await bookAndToken(t, bookBody(shop, { time: '14:00', customerEmail: 'dee@example.com' }));
    ids.token = link.token;
    const cancel = await bookAndToken(t, bookBody(shop, { time: '16:00', customerEmail: 'eve@example.com' }));
    ids.cancelToken = cancel.token;
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/blocked-time',
      headers: shop.auth,
      // 18:00-18:30 in Los Angeles (UTC-8), after the day's bookings.
      payload: {
        title: 'Lunch',
        reason: 'lunch',
        startTime: `${NEXT}T02:00:00.000Z`,
        endTime: `${NEXT}T02:30:00.000Z`,
      },
    });
    ids.blocked = blocked.json()._id;
  });
  afterAll(() => t.close());

  /** A request the table's row describes, its status and its answer's shape. */
  function caseOf(call: string): Case {
    const cases: Record<string, () => Case> = {
      'POST /api/auth/login': () => ({
        body: { email: shop.email, password },
        status: 200,
        answer: Token,
        failure: { body: { email: shop.email, password: 'not the password' }, status: 401 },
      }),
      'POST /api/auth/signup': () => ({
        body: { email, password, phoneNumber: '+1 5551234567' },
        status: 201,
        answer: Token,
        failure: { body: { email: shop.email, password, phoneNumber: '+1 5551234567' }, status: 409 },
      }),
      'GET /api/business-dashboard/bookings/today': () => ({ status: 200, answer: Bookings }),
      'GET /api/business-dashboard/bookings': () => ({
        status: 200,
        answer: Bookings.refine((b) => b.bookings.length >= 5, 'the five bookings made'),
      }),
      'GET /api/business-dashboard/blocked-times': () => ({ status: 200, answer: z.array(BlockedTime).min(1) }),
      'GET /api/business-dashboard/availability': () => ({ status: 200, answer: Availability }),
      'PUT /api/business-dashboard/blocked-time/{id}/reschedule': () => ({
        path: `/api/business-dashboard/blocked-time/${ids.blocked}/reschedule`,
        body: { startTime: `${NEXT}T02:30:00.000Z`, endTime: `${NEXT}T03:00:00.000Z` },
        status: 200,
        answer: Anything,
      }),
      'PUT /api/business-dashboard/booking/reschedule': () => ({
        body: { bookingId: ids.move, newTime: { day: DAY, startTime: '17:00' }, requestor: 'business' },
        status: 200,
        answer: Anything,
      }),
      'POST /api/business-dashboard/blocked-time': () => ({
        body: {
          title: 'Team meeting',
          reason: 'meeting',
          // 13:00-13:30 in Los Angeles.
          startTime: `${DAY}T21:00:00.000Z`,
          endTime: `${DAY}T21:30:00.000Z`,
        },
        status: 201,
        answer: BlockedTime.extend({ title: z.literal('Team meeting') }),
        failure: { body: { title: 'Bad', reason: 'nap', startTime: 'later', endTime: 'sooner' }, status: 400 },
      }),
      'PUT /api/business-dashboard/booking/approve/{id}': () => ({
        path: `/api/business-dashboard/booking/approve/${ids.approve}`,
        status: 200,
        answer: Anything,
      }),
      'PUT /api/business-dashboard/booking/decline/{id}': () => ({
        path: `/api/business-dashboard/booking/decline/${ids.decline}`,
        status: 200,
        answer: Anything,
      }),
      'GET /api/business-dashboard/settings/specific-question': () => ({ status: 200, answer: QuestionConfig }),
      'PUT /api/business-dashboard/settings/update-specific-question': () => ({
        body: {
          question: 'What is your car type?',
          type: 'dropdown',
          options: [
            { text: 'Sedan', value: 0 },
            { text: 'SUV', value: 20 },
          ],
          rate: null,
        },
        status: 200,
        answer: QuestionConfig,
        // Section 5: "Question cannot be empty."
        failure: { body: { question: '', type: 'rate', options: [], rate: 2 }, status: 400 },
      }),
      'GET /api/business-dashboard/business-details': () => ({
        status: 200,
        answer: z.object({ businessId: z.literal(shop.businessId) }),
      }),
      'GET /api/business-dashboard/services': () => ({
        status: 200,
        answer: z.object({ services: z.array(Service).min(2) }),
      }),
      'POST /api/business-dashboard/service/add': () => ({
        body: { serviceName: 'Hand Wax', duration: 30, price: 0 },
        status: 201,
        answer: Service,
      }),
      'PUT /api/business-dashboard/service/edit/{id}': () => ({
        path: `/api/business-dashboard/service/edit/${ids.service}`,
        // The whole service, its _id too, as the services page sends it back.
        body: { _id: ids.service, serviceName: 'Hand Wax Plus', duration: 45, price: 15 },
        status: 200,
        answer: Service.extend({ serviceName: z.literal('Hand Wax Plus') }),
      }),
      'DELETE /api/business-dashboard/service/delete/{id}': () => ({
        path: `/api/business-dashboard/service/delete/${ids.service}`,
        status: 200,
        answer: Anything,
      }),
      'GET /api/business-dashboard/settings/distance-pricing': () => ({
        status: 200,
        answer: z.object({ pricePerMile: z.number() }),
      }),
      'PUT /api/business-dashboard/settings/update-distance-pricing': () => ({
        body: { pricePerMile: 2.5 },
        status: 200,
        answer: z.object({ pricePerMile: z.literal(2.5) }),
        // Section 5: "Distance pricing rate must be greater than 0."
        failure: { body: { pricePerMile: 0 }, status: 400 },
      }),
      'GET /api/business-dashboard/address': () => ({ status: 200, answer: z.object({ address: z.string() }) }),
      'PUT /api/business-dashboard/address/update': () => ({
        body: { address: '9, Beverly Hills, CA 90210, USA' },
        status: 200,
        answer: Anything,
      }),
      'PUT /api/business-dashboard/availability/update-single': () => ({
        body: { day: 'Saturday', startTime: '09:00', endTime: '13:00' },
        status: 200,
        answer: Anything,
      }),
      'PUT /api/business-dashboard/availability/update': () => ({
        body: {
          businessHours: [
            { day: 'Saturday', startTime: null, endTime: null },
            { day: 'Monday', startTime: '10:00', endTime: '19:00' },
          ],
        },
        status: 200,
        answer: Anything,
      }),
      'GET /api/business/places': () => ({
        query: { input: 'Beverly Hills' },
        status: 200,
        answer: z.array(z.object({ description: z.string() })).min(1),
      }),
      'POST /api/onboarding/step1': () => ({
        body: { name: 'Spec Detailing' },
        status: 200,
        answer: Anything,
        failure: { body: { name: '' }, status: 400 },
      }),
      'POST /api/onboarding/step2': () => ({
        body: { niche: 'car-detailing' },
        status: 200,
        answer: Anything,
        // Any other text is the free text of "other" (section 2): only an empty niche fails.
        failure: { body: { niche: '' }, status: 400 },
      }),
      'POST /api/onboarding/step3': () => ({
        body: { address: '12, Beverly Hills, CA 90210, USA' },
        status: 200,
        answer: Anything,
        failure: { body: { address: '' }, status: 400 },
      }),
      'GET /api/customer/get-available-slots': () => ({
        query: { businessId: shop.businessId, date: DAY },
        status: 200,
        answer: z.object({ slots: z.array(z.object({ time: z.string(), available: z.boolean() })).min(1) }),
      }),
      'PUT /api/customer/reschedule': () => ({
        body: { token: ids.token, newDateTime: `${DAY}T15:00` },
        status: 200,
        answer: Anything,
        failure: { body: { token: 'not-a-token', newDateTime: `${DAY}T15:00` }, status: 404 },
      }),
      'DELETE /api/customer/confirm-cancel': () => ({
        query: { token: ids.cancelToken ?? '' },
        status: 200,
        answer: Anything,
        failure: { query: { token: 'not-a-token' }, status: 404 },
      }),
      'POST /api/feedback': () => ({
        body: { type: 'Feature Request', where: 'Services Page', description: 'Keep the old calls working.' },
        status: 201,
        answer: Anything,
      }),
    };
    const make = cases[call.replace(/\?.*$/, '')];
    if (!make) throw new Error(`no request for the specification's row "${call}"`);
    return make();
  }

  function send(
    method: string,
    path: string,
    c: { body?: unknown; query?: Record<string, string> },
    token: string | null,
  ) {
    const query = c.query ? `?${new URLSearchParams(c.query)}` : '';
    return t.app.inject({
      method: method as 'GET',
      url: `${path}${query}`,
      ...(c.body === undefined ? {} : { payload: c.body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  it('has 32 rows, each a call the server registers', () => {
    expect(rows).toHaveLength(32);
    expect(new Set(rows.map((r) => r.call)).size).toBe(32);
    const declared = new Set(
      eachRoute().map(([, , def]) => `${def.method} ${def.path.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    expect(rows.filter((r) => !declared.has(`${r.method} ${r.path}`)).map((r) => r.call)).toEqual([]);
  });

  it.each(rows.map((r) => [r.call, r] as const))('%s answers as the specification says', async (_, row) => {
    // Edit and delete the service the add row made (or one of their own when run alone).
    if (/\/service\/(edit|delete)\//.test(row.path))
      ids.service ??= (
        await send(
          'POST',
          '/api/business-dashboard/service/add',
          { body: { serviceName: 'Wax', duration: 30, price: 5 } },
          shop.token,
        )
      ).json()._id;
    // Onboarding is the newcomer's, who signed up a moment ago (section 4: signup, then step 1).
    if (row.path.startsWith('/api/onboarding/'))
      newcomer ??= (
        await send(
          'POST',
          '/api/auth/signup',
          { body: { email: `new-${email}`, password, phoneNumber: '+1 5550001111' } },
          null,
        )
      ).json().token;
    const token = row.path.startsWith('/api/onboarding/') ? newcomer : shop.token;
    const c = caseOf(row.call);
    const path = c.path ?? row.path;

    if (needsOwner(row.path)) {
      // Section 6: the owner's calls carry the Bearer token; without it, refused and nothing done.
      const anonymous = await send(row.method, path, c, null);
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      expect(ErrorAnswer.safeParse(anonymous.json()).success).toBe(true);
    }
    if (c.failure) {
      const refused = await send(row.method, path, c.failure, needsOwner(row.path) ? token : null);
      expect(refused.statusCode, refused.body).toBe(c.failure.status);
      expect(ErrorAnswer.safeParse(refused.json()).success, refused.body).toBe(true);
    }
    // Section 6: address suggestions, feedback and customer calls send no authorization.
    const res = await send(row.method, path, c, needsOwner(row.path) ? token : null);
    expect(res.statusCode, res.body).toBe(c.status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const parsed = c.answer.safeParse(res.json());
    expect(parsed.success, `${row.call}: ${res.body}\n${parsed.error?.message ?? ''}`).toBe(true);
    if (row.call === 'POST /api/business-dashboard/service/add') ids.service = res.json()._id;
  });

  it('did what each change asked: the question, the price per mile, the moves, approve and decline', async () => {
    const get = async (url: string) =>
      (await t.app.inject({ url: `/api/business-dashboard/${url}`, headers: shop.auth })).json();
    expect(await get('settings/specific-question')).toEqual({
      question: 'What is your car type?',
      type: 'dropdown',
      options: [
        { text: 'Sedan', value: 0 },
        { text: 'SUV', value: 20 },
      ],
      rate: null,
    });
    expect((await get('settings/distance-pricing')).pricePerMile).toBe(2.5);
    const bookings = (await get('bookings')).bookings as z.infer<typeof Booking>[];
    const byId = (id: string | undefined) => bookings.find((b) => b._id === id);
    expect(byId(ids.approve)?.status).toBe('approved');
    // Section 4: "pending to declined via Decline (resulting status name not shown)".
    expect(byId(ids.decline)?.status).toBe('declined');
    expect(byId(ids.move)?.bookingTime.startTime).toBe('17:00');
  });
});
