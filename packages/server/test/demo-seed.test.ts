import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUSINESS_NAME, DEMO_EMAIL, findDemoBusinessId, seedDemo } from '../src/demo-seed.ts';
import { createTestApp, storages, type TestApp } from './helpers.ts';

/** Builds an app with the start-up seed switched off, so the test decides when it runs. */
function unseededApp(kind: Parameters<typeof createTestApp>[0]) {
  return createTestApp(kind, { env: { DEMO_SEED: 'off' } });
}

describe.each(storages())('demo seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await unseededApp(kind);
  });
  afterAll(() => t.close());

  it('is not there with DEMO_SEED=off', async () => {
    expect(await findDemoBusinessId(t.ctx)).toBeNull();
  });

  it('creates the demo business once, even when two callers race', async () => {
    const [a, b] = await Promise.all([seedDemo(t.ctx), seedDemo(t.ctx)]);
    expect(a).toBe(b);
    expect(await seedDemo(t.ctx)).toBe(a);
    const owners = await t.ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).execute();
    expect(owners).toHaveLength(1);
    const services = await t.ctx.repos.services.list(a);
    expect(services.map((s) => [s.name, s.duration_min, s.price_cents])).toEqual([
      ['Exterior Wash', 60, 4900],
      ['Interior Detail', 120, 12900],
      ['Full Detail', 180, 21900],
    ]);
  });

  it('seeds what the widget needs: question, distance price, hours, address and zone', async () => {
    const id = await seedDemo(t.ctx);
    const business = await t.ctx.repos.businesses.findById(id);
    expect(business).toMatchObject({
      name: DEMO_BUSINESS_NAME,
      niche: 'car-detailing',
      time_zone: 'America/Los_Angeles',
      price_per_mile_cents: 150,
    });
    expect(business?.address).toBe('100 N Crescent Dr, Beverly Hills, CA 90210, USA');
    expect(await t.ctx.repos.pricing.questions(id)).toMatchObject([
      {
        question: 'Vehicle size',
        type: 'dropdown',
        options: [
          { text: 'Sedan', valueCents: 0, extraMinutes: 0 },
          { text: 'SUV', valueCents: 2000, extraMinutes: 30 },
          { text: 'Truck', valueCents: 3500, extraMinutes: 30 },
        ],
        rateCents: null,
        required: true,
        serviceIds: null,
      },
    ]);
    const hours = await t.ctx.repos.availability.forBusiness(id);
    expect(hours.filter((h) => h.startTime === '08:00' && h.endTime === '18:00').map((h) => h.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(hours.find((h) => h.day === 'Sunday')).toEqual({ day: 'Sunday', startTime: null, endTime: null });
  });

  it('opens its overview without the first-day checklist: a showcase, not anyone’s first day', async () => {
    const id = await seedDemo(t.ctx);
    expect((await t.ctx.repos.checklist.find(id))?.dismissed_at).toEqual(expect.any(Number));
  });

  it('has no password anyone could log in with', async () => {
    await seedDemo(t.ctx);
    for (const password of ['', 'demo', 'password', '!demo-account:log-in-through-password-reset']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_EMAIL, password },
      });
      expect(res.statusCode).not.toBe(200);
    }
  });
});

describe.each(storages())('start-up seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('runs when the app is built without DEMO_SEED=off', async () => {
    expect(await findDemoBusinessId(t.ctx)).toEqual(expect.any(String));
  });
});
