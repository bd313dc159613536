import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, signup, storages, type TestApp } from '../helpers.ts';

describe.each(storages())('onboarding, places, feedback and health on %s', (kind) => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = { authorization: `Bearer ${(await signup(t.app)).token}` };
  });
  afterAll(() => t.close());

  const step = (n: 1 | 2 | 3, payload: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: `/api/onboarding/step${n}`, payload: payload as object, headers });

  it('walks the three steps and stores name, niche, address, coordinates and time zone', async () => {
    expect((await step(1, { name: '  Shiny Cars  ' })).json()).toMatchObject({ name: 'Shiny Cars', onboarded: false });
    expect((await step(2, { niche: 'car-detailing' })).json()).toMatchObject({ niche: 'car-detailing' });
    const res = await step(3, { address: '12 N Crescent Dr, Beverly Hills, CA 90210, USA' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      address: '12 N Crescent Dr, Beverly Hills, CA 90210, USA',
      timeZone: 'America/Los_Angeles',
      onboarded: true,
    });
    const row = await t.ctx.db
      .selectFrom('businesses')
      .selectAll()
      .where('address', '=', '12 N Crescent Dr, Beverly Hills, CA 90210, USA')
      .executeTakeFirstOrThrow();
    expect(row.lat).toBeCloseTo(34.09, 1);
    expect(row.lng).toBeCloseTo(-118.41, 1);
  });

  it('accepts free text for the other niche', async () => {
    expect((await step(2, { niche: 'Window washing' })).json().niche).toBe('Window washing');
  });

  it.each([
    [1, {}, /Business name is required/],
    [1, { name: '   ' }, /Business name is required/],
    [1, { name: 'x'.repeat(121) }, /at most 120/],
    [2, { niche: '' }, /Choose a niche/],
    [3, { address: 'Beverly Hills, CA 90210, USA' }, /^Add your business's street address \(house number and street\)/],
    [3, {}, /Address is required/],
  ] as const)('step%s refuses %j with 400 and {error}', async (n, body, message) => {
    const res = await step(n, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });

  it('refuses an address it cannot locate, asking to pick a suggestion, and changes nothing', async () => {
    const before = await t.app.inject({ url: '/api/onboarding/profile', headers: auth });
    const res = await step(3, { address: '7, Nowhere Land, ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/pick one of the suggestions/);
    const after = await t.app.inject({ url: '/api/onboarding/profile', headers: auth });
    expect(after.json()).toEqual(before.json());
  });

  it('needs a token for every step', async () => {
    for (const n of [1, 2, 3] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/onboarding/step${n}`, payload: { name: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/Log in/);
    }
  });

  it('suggests places from 3 characters, by ZIP and by city, with no auth', async () => {
    const zip = await t.app.inject({ url: '/api/business/places?input=90210' });
    expect(zip.statusCode).toBe(200);
    expect(zip.json()[0]).toEqual({ description: 'Beverly Hills, CA 90210, USA', placeId: 'zip:90210' });
    const city = await t.app.inject({ url: '/api/business/places?input=Austin%2C%20TX' });
    expect(city.json().map((s: { description: string }) => s.description)).toContain('Austin, TX, USA');
    // Typed alone, the largest Austin comes first (docs/product.md#onboarding), with no made-up ZIP.
    const austin = await t.app.inject({ url: '/api/business/places?input=Austin' });
    expect(austin.json()[0]).toEqual({ description: 'Austin, TX, USA', placeId: 'city:austin|TX' });
    // A street line is kept as typed before the place the gazetteer found.
    const street = await t.app.inject({
      url: `/api/business/places?input=${encodeURIComponent('1100 Congress Ave, Austin, TX 78701')}`,
    });
    expect(street.json()).toEqual([{ description: '1100 Congress Ave, Austin, TX 78701, USA', placeId: 'zip:78701' }]);
    const short = await t.app.inject({ url: '/api/business/places?input=ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 3 characters/);
    const missing = await t.app.inject({ url: '/api/business/places' });
    expect(missing.statusCode).toBe(400);
  });

  it("puts the business's area first for its customers, and says when the business is not known", async () => {
    const o = await onboardedOwner(t.app);
    const search = (input: string, businessId = o.businessId) =>
      t.app.inject({ url: `/api/business/places?input=${encodeURIComponent(input)}&businessId=${businessId}` });
    // Moved to Austin, TX, serving 30 miles: the street typed alone is offered in Austin first.
    await t.ctx.repos.businesses.update(o.businessId, { lat: 30.2672, lng: -97.7431, max_distance_miles: 30 });
    const austin = await search('1100 S Lamar');
    expect(austin.statusCode).toBe(200);
    expect(austin.json()[0]).toEqual({ description: '1100 S Lamar, Austin, TX, USA', placeId: 'city:austin|TX' });
    // In Austin, MN: its own Austin before the larger one in Texas.
    await t.ctx.repos.businesses.update(o.businessId, { lat: 43.6666, lng: -92.9746, max_distance_miles: null });
    const minnesota = await search('1100 S Lamar Blvd, Austin');
    expect(minnesota.json()[0].description).toBe('1100 S Lamar Blvd, Austin, MN, USA');
    const unknown = await search('1100 S Lamar', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('BUSINESS_NOT_FOUND');
    const bad = await search('1100 S Lamar', 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/businessId is not a valid business id/);
  });

  it('stores feedback and validates it', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { type: 'Feature Request', where: 'Pop-up', description: 'Dark mode please' },
    });
    expect(ok.statusCode).toBe(201);
    const rows = await t.ctx.db
      .selectFrom('feedback')
      .selectAll()
      .where('description', '=', 'Dark mode please')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'Feature Request', place: 'Pop-up' });
    for (const bad of [
      { type: 'Praise', where: 'Pop-up', description: 'x' },
      { type: 'Bug Report', where: 'Kitchen', description: 'x' },
      { type: 'Bug Report', where: 'Pop-up', description: '' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/feedback', payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('reports health with the database checked', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers unknown API paths and bad JSON with {error}, never 500', async () => {
    const unknown = await t.app.inject({ url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/No such endpoint/);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toMatch(/not valid JSON/);
  });
});
