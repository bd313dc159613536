import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SERVICES } from '../../../src/routes/dashboard/services.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../../helpers.ts';
import { insertBooking } from './fixtures.ts';

const base = '/api/business-dashboard';
const unknown = '8f0c6b3e-2a4d-4c1e-9b7a-1d2e3f4a5b6c';

describe.each(storages())('dashboard services and pricing on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof onboardedOwner>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await onboardedOwner(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${base}/${url}`, headers: owner.auth, payload: payload as object });

  describe('services', () => {
    it('adds, lists, edits and deletes services; money is stored in cents', async () => {
      // Onboarding may seed starter services for the niche; start from an empty list.
      await t.ctx.db.deleteFrom('services').where('business_id', '=', owner.businessId).execute();
      expect((await call('GET', 'services')).json()).toEqual({ services: [] });

      const add = await call('POST', 'service/add', { serviceName: '  Full Detail ', duration: 90, price: 129.5 });
      expect(add.statusCode).toBe(201);
      const created = add.json();
      expect(created).toEqual({ _id: expect.any(String), serviceName: 'Full Detail', duration: 90, price: 129.5 });
      const row = await t.ctx.db
        .selectFrom('services')
        .selectAll()
        .where('id', '=', created._id)
        .executeTakeFirstOrThrow();
      expect(row.price_cents).toBe(12950);
      expect(row.business_id).toBe(owner.businessId);

      const second = (await call('POST', 'service/add', { serviceName: 'Wash', duration: 30, price: 0 })).json();
      expect((await call('GET', 'services')).json().services.map((s: { _id: string }) => s._id)).toEqual([
        created._id,
        second._id,
      ]);

      // The dashboard sends the whole service back, _id included; extra fields are ignored.
      const edited = await call('PUT', `service/edit/${created._id}`, {
        _id: created._id,
        serviceName: 'Full Detail Plus',
        duration: 120,
        price: 149.99,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toEqual({
        _id: created._id,
        serviceName: 'Full Detail Plus',
        duration: 120,
        price: 149.99,
      });

      const del = await call('DELETE', `service/delete/${second._id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ message: 'Service "Wash" deleted.' });
      expect((await call('GET', 'services')).json().services).toHaveLength(1);
      const again = await call('DELETE', `service/delete/${second._id}`);
      expect(again.statusCode).toBe(404);
    });

    it('keeps a booking’s snapshot of the service after the service is deleted', async () => {
      const svc = (
        await call('POST', 'service/add', { serviceName: 'Ceramic Coat', duration: 240, price: 800 })
      ).json();
      const bookingId = await insertBooking(t.ctx, owner.businessId, {
        day: '2027-02-01',
        startTime: '10:00',
        endTime: '14:00',
        serviceId: svc._id,
        serviceName: 'Ceramic Coat',
      });
      expect((await call('DELETE', `service/delete/${svc._id}`)).statusCode).toBe(200);
      const row = await t.ctx.db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      expect(row.service_id).toBeNull();
      expect(row.service_name).toBe('Ceramic Coat');
      expect(row.duration_min).toBe(240);
      const listed = (await call('GET', 'bookings')).json().bookings.find((b: { _id: string }) => b._id === bookingId);
      expect(listed.serviceName).toBe('Ceramic Coat');
    });

    it.each([
      [{ serviceName: 'X', duration: 30, price: -1 }, 'Price cannot be negative.'],
      [{ serviceName: 'X', duration: 30, price: 1e9 }, 'Price must be at most 100000.'],
      [{ serviceName: 'X', duration: 30, price: 10.005 }, 'Price can have at most two decimals (cents).'],
      [{ serviceName: 'X', duration: 30, price: '25' }, 'Price must be a number.'],
      [{ serviceName: 'X', duration: 30 }, 'Price must be a number.'],
      [{ serviceName: 'X', duration: 0, price: 10 }, 'Duration must be at least 5 minutes.'],
      [{ serviceName: 'X', duration: -30, price: 10 }, 'Duration must be at least 5 minutes.'],
      [{ serviceName: 'X', duration: 2000, price: 10 }, 'Duration must be at most 1440 minutes (a day).'],
      [{ serviceName: 'X', duration: 30.5, price: 10 }, 'Duration must be whole minutes.'],
      [{ serviceName: '', duration: 30, price: 10 }, 'Service name is required.'],
      [{ serviceName: '    ', duration: 30, price: 10 }, 'Service name is required.'],
      [{ duration: 30, price: 10 }, 'Service name is required.'],
      [{ serviceName: 'x'.repeat(121), duration: 30, price: 10 }, 'Service name must be at most 120 characters.'],
    ])('refuses to add or edit a service from %j with 400 and a clear message', async (body, message) => {
      const add = await call('POST', 'service/add', body);
      expect(add.statusCode).toBe(400);
      expect(add.json().error).toBe(message);
      const svc = (await call('POST', 'service/add', { serviceName: 'Ok', duration: 30, price: 10 })).json();
      const edit = await call('PUT', `service/edit/${svc._id}`, body);
      expect(edit.statusCode).toBe(400);
      expect(edit.json().error).toBe(message);
      await call('DELETE', `service/delete/${svc._id}`);
    });

    it('refuses bad JSON, a missing body and a non-JSON body', async () => {
      const badJson = await t.app.inject({
        method: 'POST',
        url: `${base}/service/add`,
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload: '{"serviceName": "X",',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().error).toBe('The request body is not valid JSON.');
      const missing = await t.app.inject({ method: 'POST', url: `${base}/service/add`, headers: owner.auth });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('Send the body as a JSON object (Content-Type: application/json).');
      const empty = await t.app.inject({
        method: 'POST',
        url: `${base}/service/add`,
        headers: { ...owner.auth, 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('The request body is empty; send a JSON object.');
      const array = await call('POST', 'service/add', [{ serviceName: 'X', duration: 30, price: 1 }]);
      expect(array.statusCode).toBe(400);
      expect(array.json().error).toBe('Send the body as a JSON object (Content-Type: application/json).');
      const text = await t.app.inject({
        method: 'POST',
        url: `${base}/service/add`,
        headers: { ...owner.auth, 'content-type': 'text/plain' },
        payload: 'Full Detail',
      });
      expect(text.statusCode).toBe(400);
      expect(text.json().error).toBe('Send the body as a JSON object (Content-Type: application/json).');
    });

    it('answers 404 for an unknown service and 400 for a malformed id', async () => {
      const body = { serviceName: 'X', duration: 30, price: 10 };
      for (const [method, url, payload] of [
        ['PUT', `service/edit/${unknown}`, body],
        ['DELETE', `service/delete/${unknown}`, undefined],
      ] as const) {
        const res = await call(method, url, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(
          `Service ${unknown} was not found among your services. Reload the list and try again.`,
        );
      }
      const bad = await call('PUT', 'service/edit/123', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/not a service id/);
      expect((await call('DELETE', 'service/delete/%27%3B%20drop')).statusCode).toBe(400);
    });

    it(`stops at ${MAX_SERVICES} services with 409`, async () => {
      const existing = (await call('GET', 'services')).json().services.length as number;
      const now = Date.now();
      await t.ctx.db
        .insertInto('services')
        .values(
          Array.from({ length: MAX_SERVICES - existing }, (_, i) => ({
            id: crypto.randomUUID(),
            business_id: owner.businessId,
            name: `Bulk ${i}`,
            duration_min: 30,
            price_cents: 100,
            steps_on_receipt: 0,
            photo_ask: 'off' as const,
            photo_prompt: null,
            created_at: now + i,
          })),
        )
        .execute();
      const res = await call('POST', 'service/add', { serviceName: 'One more', duration: 30, price: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/200 services, the most allowed\. Delete one/);
      await t.ctx.db.deleteFrom('services').where('name', 'like', 'Bulk %').execute();
    });
  });

  describe('quote questions', () => {
    const Q = 'settings/quote-questions';
    it('answers an empty list once the questions are taken away', async () => {
      const res = await call('PUT', Q, { questions: [] });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', Q)).json()).toEqual({ questions: [] });
    });

    it('saves several questions in order, cents inside, each with a new _id', async () => {
      const res = await call('PUT', Q, {
        questions: [
          {
            question: ' What is your car type? ',
            type: 'dropdown',
            options: [
              { text: 'Sedan', value: 0 },
              { text: 'SUV', value: 25.5, extraMinutes: 30 },
            ],
            rate: 3,
          },
          { question: 'Lawn area', type: 'rate', rate: 6, unit: 'per 1,000 sq ft', minQuantity: 1, maxQuantity: 50 },
          { question: 'Spa?', type: 'yes_no', rate: 15, required: false },
        ],
      });
      expect(res.statusCode).toBe(200);
      const saved = res.json().questions;
      expect(saved).toEqual([
        {
          _id: expect.any(String),
          question: 'What is your car type?',
          type: 'dropdown',
          options: [
            { text: 'Sedan', value: 0, extraMinutes: 0 },
            { text: 'SUV', value: 25.5, extraMinutes: 30 },
          ],
          rate: null,
          unit: null,
          minQuantity: null,
          maxQuantity: null,
          required: true,
          serviceIds: null,
        },
        {
          _id: expect.any(String),
          question: 'Lawn area',
          type: 'rate',
          options: [],
          rate: 6,
          unit: 'per 1,000 sq ft',
          minQuantity: 1,
          maxQuantity: 50,
          required: true,
          serviceIds: null,
        },
        {
          _id: expect.any(String),
          question: 'Spa?',
          type: 'yes_no',
          options: [],
          rate: 15,
          unit: null,
          minQuantity: null,
          maxQuantity: null,
          required: false,
          serviceIds: null,
        },
      ]);
      expect((await call('GET', Q)).json()).toEqual({ questions: saved });
      const stored = await t.ctx.repos.pricing.questions(owner.businessId);
      expect(stored[0]?.options[1]).toEqual({ text: 'SUV', valueCents: 2550, extraMinutes: 30 });
    });

    it('asks a question for chosen services of the owner only', async () => {
      const mine = (await call('POST', 'service/add', { serviceName: 'Wax', duration: 30, price: 10 })).json();
      const ok = await call('PUT', Q, {
        questions: [{ question: 'Wax type', type: 'yes_no', rate: 5, serviceIds: [mine._id] }],
      });
      expect(ok.json().questions[0].serviceIds).toEqual([mine._id]);
      const res = await call('PUT', Q, {
        questions: [{ question: 'Other', type: 'yes_no', rate: 5, serviceIds: [randomUUID()] }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        error: '"Other" is asked for a service that is not one of yours; choose its services again.',
      });
      expect((await call('GET', Q)).json()).toEqual(ok.json());
    });

    it.each([
      [{ question: '', type: 'dropdown', options: [{ text: 'A', value: 1 }] }, /Question/],
      [{ question: 'Q', type: 'dropdown', options: [] }, 'Add at least one option to a dropdown question.'],
      [{ question: 'Q', type: 'rate', rate: 0 }, 'Give a rate or a yes amount greater than 0.'],
      [{ question: 'Q', type: 'yes_no' }, 'Give a rate or a yes amount greater than 0.'],
      [{ question: 'Q', type: 'rate', rate: -2 }, 'Rate cannot be negative.'],
      [{ question: 'Q', type: 'rate', rate: 50_000 }, 'Rate must be at most 10000.'],
      [
        { question: 'Q', type: 'rate', rate: 1, minQuantity: 5, maxQuantity: 2 },
        'The minimum cannot be more than the maximum.',
      ],
      [{ question: 'Q', type: 'slider', rate: 1 }, 'Type must be dropdown, rate or yes_no.'],
      [{ question: 'Q', type: 'dropdown', options: [{ text: 'A', value: -1 }] }, 'Option value cannot be negative.'],
      [
        { question: 'Q', type: 'dropdown', options: [{ text: 'A', value: 1, extraMinutes: 1.5 }] },
        'Extra minutes must be whole minutes.',
      ],
      [
        {
          question: 'Q',
          type: 'dropdown',
          options: [
            { text: 'SUV', value: 1 },
            { text: 'suv', value: 2 },
          ],
        },
        'Two options have the same text; give each option a different text.',
      ],
    ])('refuses %j with 400 and leaves the saved questions alone', async (question, message) => {
      const before = (await call('GET', Q)).json();
      const res = await call('PUT', Q, { questions: [question] });
      expect(res.statusCode).toBe(400);
      if (typeof message === 'string') expect(res.json().error).toBe(message);
      else expect(res.json().error).toMatch(message);
      expect((await call('GET', Q)).json()).toEqual(before);
    });

    it('refuses a sixth question', async () => {
      const one = { question: 'Q', type: 'yes_no', rate: 1 };
      const res = await call('PUT', Q, { questions: Array.from({ length: 6 }, () => one) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('At most 5 questions.');
    });
  });

  describe("the specification's single question (SPEC.md section 7)", () => {
    const Q = 'settings/quote-questions';
    const GET = 'settings/specific-question';
    const PUT = 'settings/update-specific-question';

    it('answers null while the business asks no question, then the first question in the first shape', async () => {
      await call('PUT', Q, { questions: [] });
      const none = await call('GET', GET);
      expect(none.statusCode).toBe(200);
      expect(none.headers['content-type']).toMatch(/^application\/json/);
      expect(none.json()).toBeNull();

      await call('PUT', Q, {
        questions: [
          {
            question: 'Car type',
            type: 'dropdown',
            options: [
              { text: 'Sedan', value: 0 },
              { text: 'SUV', value: 25.5, extraMinutes: 30 },
            ],
          },
          { question: 'Pet hair?', type: 'yes_no', rate: 20, required: false },
        ],
      });
      const first = await call('GET', GET);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        question: 'Car type',
        type: 'dropdown',
        options: [
          { text: 'Sedan', value: 0 },
          { text: 'SUV', value: 25.5 },
        ],
        rate: null,
      });

      await call('PUT', Q, { questions: [{ question: 'Area', type: 'rate', rate: 6, unit: 'per 1,000 sq ft' }] });
      expect((await call('GET', GET)).json()).toEqual({ question: 'Area', type: 'rate', options: [], rate: 6 });

      // A yes/no cannot be said in the first shape: it reads as a dropdown of Yes (its amount) and No.
      await call('PUT', Q, { questions: [{ question: 'Spa?', type: 'yes_no', rate: 15 }] });
      expect((await call('GET', GET)).json()).toEqual({
        question: 'Spa?',
        type: 'dropdown',
        options: [
          { text: 'Yes', value: 15 },
          { text: 'No', value: 0 },
        ],
        rate: null,
      });
    });

    it('sets the first question, keeping the others and what the first shape cannot say', async () => {
      const mine = (await call('POST', 'service/add', { serviceName: 'Seats', duration: 30, price: 10 })).json();
      const before = (
        await call('PUT', Q, {
          questions: [
            {
              question: 'Car type',
              type: 'dropdown',
              options: [
                { text: 'Sedan', value: 0 },
                { text: 'SUV', value: 20, extraMinutes: 30 },
              ],
              required: false,
              serviceIds: [mine._id],
            },
            { question: 'Pet hair?', type: 'yes_no', rate: 20 },
          ],
        })
      ).json().questions;

      const res = await call('PUT', PUT, {
        question: ' Vehicle size ',
        type: 'dropdown',
        options: [
          { text: 'suv', value: 30 },
          { text: 'Van', value: 40 },
        ],
        rate: null,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        question: 'Vehicle size',
        type: 'dropdown',
        options: [
          { text: 'suv', value: 30 },
          { text: 'Van', value: 40 },
        ],
        rate: null,
      });
      expect((await call('GET', GET)).json()).toEqual(res.json());
      const after = (await call('GET', Q)).json().questions;
      expect(after).toHaveLength(2);
      expect(after[0]).toEqual({
        _id: expect.any(String),
        question: 'Vehicle size',
        type: 'dropdown',
        options: [
          { text: 'suv', value: 30, extraMinutes: 30 },
          { text: 'Van', value: 40, extraMinutes: 0 },
        ],
        rate: null,
        unit: null,
        minQuantity: null,
        maxQuantity: null,
        required: false,
        serviceIds: [mine._id],
      });
      // A saved question gets a new _id (docs/decisions/026); the second question is untouched.
      expect(after[0]._id).not.toBe(before[0]._id);
      expect(after[1]).toEqual(before[1]);

      const rate = await call('PUT', PUT, { question: 'Seats', type: 'rate', options: [], rate: 2.5 });
      expect(rate.statusCode).toBe(200);
      expect(rate.json()).toEqual({ question: 'Seats', type: 'rate', options: [], rate: 2.5 });
      expect((await t.ctx.repos.pricing.questions(owner.businessId))[0]).toMatchObject({
        type: 'rate',
        rateCents: 250,
        options: [],
        required: false,
        serviceIds: [mine._id],
      });
    });

    it('makes the first question of a business that asks none', async () => {
      await call('PUT', Q, { questions: [] });
      const res = await call('PUT', PUT, { question: 'Dogs?', type: 'dropdown', options: [{ text: 'One', value: 5 }] });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', Q)).json().questions).toEqual([
        expect.objectContaining({ question: 'Dogs?', required: true, serviceIds: null }),
      ]);
    });

    it.each([
      [{ question: '', type: 'dropdown', options: [{ text: 'A', value: 1 }] }, 'Question cannot be empty.'],
      [{ question: '   ', type: 'rate', rate: 2 }, 'Question cannot be empty.'],
      [{ question: 'Q', type: 'dropdown', options: [] }, 'Add at least one option to a dropdown question.'],
      [{ question: 'Q', type: 'rate', rate: 0 }, 'Rate must be greater than 0.'],
      [{ question: 'Q', type: 'yes_no', rate: 1 }, 'Type must be dropdown or rate.'],
      [
        {
          question: 'Q',
          type: 'dropdown',
          options: [
            { text: 'SUV', value: 1 },
            { text: 'suv', value: 2 },
          ],
        },
        'Two options have the same text; give each option a different text.',
      ],
    ])('refuses %j with 400 VALIDATION_FAILED and leaves the questions alone', async (body, message) => {
      const before = (await call('GET', Q)).json();
      const res = await call('PUT', PUT, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', error: message });
      expect((await call('GET', Q)).json()).toEqual(before);
    });
  });

  describe('add-ons', () => {
    it('saves add-ons with a service, keeps them when left out, and keeps an id when saved again by name', async () => {
      const add = await call('POST', 'service/add', {
        serviceName: 'Detail',
        duration: 60,
        price: 100,
        addOns: [
          { name: 'Pet hair removal', price: 30, extraMinutes: 30, description: 'Vacuum and brush' },
          { name: 'Engine bay', price: 25 },
        ],
      });
      expect(add.statusCode).toBe(201);
      const created = add.json();
      expect(created.addOns).toEqual([
        {
          _id: expect.any(String),
          name: 'Pet hair removal',
          price: 30,
          extraMinutes: 30,
          description: 'Vacuum and brush',
        },
        { _id: expect.any(String), name: 'Engine bay', price: 25, extraMinutes: 0, description: null },
      ]);
      const edit = (body: object) => call('PUT', `service/edit/${created._id}`, body);
      const kept = await edit({ serviceName: 'Detail', duration: 60, price: 110 });
      expect(kept.json().addOns).toEqual(created.addOns);
      const again = await edit({
        serviceName: 'Detail',
        duration: 60,
        price: 110,
        addOns: [{ name: 'pet hair removal', price: 35, extraMinutes: 30 }],
      });
      expect(again.json().addOns).toEqual([
        { _id: created.addOns[0]._id, name: 'pet hair removal', price: 35, extraMinutes: 30, description: null },
      ]);
      const none = await edit({ serviceName: 'Detail', duration: 60, price: 110, addOns: [] });
      expect(none.json().addOns).toBeUndefined();
    });
  });

  describe('distance pricing', () => {
    /** Price by route fit, off until the owner shares a saving (docs/decisions/055). */
    const KEEPS_SAVINGS = { nearbyShare: 'none', nearbyFloor: 0 };
    it('starts off at 0 and saves a price per mile in cents', async () => {
      expect((await call('GET', 'settings/distance-pricing')).json()).toEqual({
        chargeForDistance: false,
        pricePerMile: 0,
        ...KEEPS_SAVINGS,
      });
      const res = await call('PUT', 'settings/update-distance-pricing', { pricePerMile: 1.25 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ chargeForDistance: true, pricePerMile: 1.25, ...KEEPS_SAVINGS });
      expect((await call('GET', 'settings/distance-pricing')).json()).toEqual({
        chargeForDistance: true,
        pricePerMile: 1.25,
        ...KEEPS_SAVINGS,
      });
      const b = await t.ctx.db
        .selectFrom('businesses')
        .select('price_per_mile_cents')
        .where('id', '=', owner.businessId)
        .executeTakeFirstOrThrow();
      expect(b.price_per_mile_cents).toBe(125);
    });

    it('switches off, keeping the rate for switching on again', async () => {
      await call('PUT', 'settings/update-distance-pricing', { pricePerMile: 1.25 });
      const off = await call('PUT', 'settings/update-distance-pricing', { chargeForDistance: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ chargeForDistance: false, pricePerMile: 1.25, ...KEEPS_SAVINGS });
      expect((await call('GET', 'settings/distance-pricing')).json()).toEqual({
        chargeForDistance: false,
        pricePerMile: 1.25,
        ...KEEPS_SAVINGS,
      });
      const on = await call('PUT', 'settings/update-distance-pricing', { chargeForDistance: true, pricePerMile: 2 });
      expect(on.json()).toEqual({ chargeForDistance: true, pricePerMile: 2, ...KEEPS_SAVINGS });
    });

    it.each([
      [{ pricePerMile: 0 }, 'Distance pricing rate must be greater than 0.'],
      [{ chargeForDistance: true, pricePerMile: 0 }, 'Distance pricing rate must be greater than 0.'],
      [{ chargeForDistance: 'no' }, 'Charge for distance must be true or false.'],
      [{ pricePerMile: -1 }, 'Distance pricing rate cannot be negative.'],
      [{ pricePerMile: 5000 }, 'Distance pricing rate must be at most 1000.'],
      [{ pricePerMile: 'abc' }, 'Distance pricing rate must be a number.'],
      [{}, 'Distance pricing rate must be a number.'],
    ])('refuses %j with 400', async (body, message) => {
      const res = await call('PUT', 'settings/update-distance-pricing', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    });
  });
});
