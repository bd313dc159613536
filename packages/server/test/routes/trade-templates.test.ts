import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, storages, type TestApp } from '../helpers.ts';

describe.each(storages())('trade templates in onboarding on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function owner() {
    const { token } = await signup(t.app);
    const auth = { authorization: `Bearer ${token}` };
    const step2 = (niche: string) =>
      t.app.inject({ method: 'POST', url: '/api/onboarding/step2', payload: { niche }, headers: auth });
    const services = async () =>
      (await t.app.inject({ url: '/api/business-dashboard/services', headers: auth })).json().services as {
        serviceName: string;
      }[];
    const questions = async () =>
      (await t.app.inject({ url: '/api/business-dashboard/settings/quote-questions', headers: auth })).json().questions;
    return { auth, step2, services, questions };
  }

  it('pre-fills a detailer with services, add-ons, and vehicle size and condition, once, even if step 2 is repeated', async () => {
    const o = await owner();
    await o.step2('car-detailing');
    await o.step2('car-detailing');
    await o.step2('pool-cleaning');
    const services = await o.services();
    expect(services.map((s) => s.serviceName)).toEqual(['Exterior Wash & Wax', 'Interior Detail', 'Full Detail']);
    expect(await o.questions()).toMatchObject([
      {
        type: 'dropdown',
        options: [
          { text: 'Sedan / Coupe', value: 0, extraMinutes: 0 },
          { text: 'SUV / Crossover', value: 25, extraMinutes: 30 },
          { text: 'Truck / Van', value: 40, extraMinutes: 45 },
        ],
      },
      { type: 'dropdown', question: 'What condition is it in?' },
    ]);
    const full = (await o.services()).find((s) => s.serviceName === 'Full Detail') as { addOns?: { name: string }[] };
    expect(full.addOns?.map((a) => a.name)).toEqual([
      'Pet hair removal',
      'Headlight restoration',
      'Engine bay cleaning',
    ]);
  });

  it("starts every template service with the trade's job steps (docs/decisions/050), and a pool's with a pool's", async () => {
    for (const [niche, first] of [
      ['car-detailing', 'Pre-rinse'],
      ['pool-cleaning', 'Skim the surface'],
    ] as const) {
      const o = await owner();
      await o.step2(niche);
      const services = (await o.services()) as unknown as { _id: string }[];
      expect(services.length).toBeGreaterThan(0);
      for (const s of services) {
        const res = await t.app.inject({ url: `/api/business-dashboard/services/${s._id}/steps`, headers: o.auth });
        expect(res.json().steps[0], niche).toBe(first);
        expect(res.json().steps).toEqual(res.json().templateSteps);
        expect(res.json().showOnReceipt).toBe(false);
      }
    }
  });

  it('offers the repeat services as plans: pool weekly -10%, lawn weekly and every 2 weeks, cleaning every 2 and 4 weeks', async () => {
    const plansOf = async (niche: string) => {
      const o = await owner();
      await o.step2(niche);
      return Object.fromEntries(
        ((await o.services()) as { serviceName: string; plans?: unknown }[]).map((s) => [s.serviceName, s.plans]),
      );
    };
    const pct = (percent: number) => ({ kind: 'percent', percent });
    expect(await plansOf('pool-cleaning')).toEqual({
      'Pool Cleaning Visit': [{ frequency: 'weekly', discount: pct(10) }],
      'Green Pool Recovery': undefined,
    });
    expect((await plansOf('lawn-care'))['Mow, Edge & Blow']).toEqual([
      { frequency: 'weekly', discount: pct(10) },
      { frequency: 'every_2_weeks', discount: pct(5) },
    ]);
    expect((await plansOf('home-cleaning'))['Standard Clean']).toEqual([
      { frequency: 'every_2_weeks', discount: pct(15) },
      { frequency: 'every_4_weeks', discount: pct(10) },
    ]);
    // A one-off trade offers none.
    expect(Object.values(await plansOf('car-detailing')).every((p) => p === undefined)).toBe(true);
  });

  it('gives lawn care a rate per 1,000 sq ft and "other" nothing', async () => {
    const lawn = await owner();
    await lawn.step2('lawn-care');
    expect(await lawn.questions()).toMatchObject([{ type: 'rate', rate: 6, unit: 'per 1,000 sq ft', options: [] }]);
    const other = await owner();
    await other.step2('Window washing');
    expect(await other.services()).toEqual([]);
    expect(await other.questions()).toEqual([]);
  });

  it('never touches an owner who already set up services, and the owner can delete what it made', async () => {
    const o = await owner();
    await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/service/add',
      headers: o.auth,
      payload: { serviceName: 'My own service', duration: 30, price: 10 },
    });
    await o.step2('home-cleaning');
    expect((await o.services()).map((s) => s.serviceName)).toEqual(['My own service']);

    const fresh = await owner();
    await fresh.step2('pest-control');
    for (const s of (await t.app.inject({ url: '/api/business-dashboard/services', headers: fresh.auth })).json()
      .services) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/business-dashboard/service/delete/${s._id}`,
        headers: fresh.auth,
      });
      expect(del.statusCode).toBe(200);
    }
    await fresh.step2('pest-control');
    expect(await fresh.services()).toEqual([]);
  });
});
