import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../../helpers.ts';
import { TINY_PNG } from '../../proof/world.ts';

const base = '/api/business-dashboard/settings';
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe.each(storages())("a business's branding on %s", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof onboardedOwner>>;
  let other: Awaited<ReturnType<typeof onboardedOwner>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await onboardedOwner(t.app);
    other = await onboardedOwner(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = owner) =>
    t.app.inject({ method, url: `${base}/${url}`, headers: who.auth, payload: payload as object });
  const publicBusiness = async (id = owner.businessId) =>
    (await t.app.inject({ url: `/api/customer/business/${id}` })).json().branding;

  it("starts as Slotwise's look: indigo, 'Book now' bottom right, no logo, no report link", async () => {
    const res = await call('GET', 'branding');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accentColor: '#4338ca',
      onAccent: '#ffffff',
      accentInk: '#4338ca',
      buttonText: 'Book now',
      buttonPosition: 'bottom-right',
      reportProblem: false,
      logoUrl: null,
    });
    expect(await publicBusiness()).toEqual(res.json());
  });

  it('saves the colour, text, corner and report link, and the widget and launcher read them', async () => {
    const res = await call('PUT', 'branding', {
      accentColor: '#FACC15',
      buttonText: '  Book a wash  ',
      buttonPosition: 'bottom-left',
      reportProblem: true,
    });
    expect(res.statusCode).toBe(200);
    // A light accent: black text on it, and black (not yellow) as ink on white.
    expect(res.json()).toMatchObject({
      accentColor: '#facc15',
      onAccent: '#000000',
      accentInk: '#000000',
      buttonText: 'Book a wash',
      buttonPosition: 'bottom-left',
      reportProblem: true,
    });
    expect(await publicBusiness()).toEqual(res.json());
    const launcher = await t.app.inject({ url: `/api/customer/launcher/${owner.businessId}` });
    expect(launcher.statusCode).toBe(200);
    expect(launcher.headers['cache-control']).toBe('public, max-age=60');
    expect(launcher.json()).toEqual({
      buttonText: 'Book a wash',
      buttonPosition: 'bottom-left',
      accentColor: '#facc15',
      onAccent: '#000000',
    });
    // Another owner's business is untouched.
    expect((await publicBusiness(other.businessId)).buttonText).toBe('Book now');
  });

  it.each([
    [{ accentColor: 'red' }, 'Accent colour must be a hex colour like #4338ca.'],
    [{ buttonText: '  ' }, 'Button text is required.'],
    [{ buttonText: 'x'.repeat(31) }, 'Button text must be at most 30 characters.'],
    [{ buttonPosition: 'top-left' }, 'Button position must be "bottom-right" or "bottom-left".'],
  ])('refuses %j with a sentence the owner can act on', async (bad, message) => {
    const body = { accentColor: '#0f766e', buttonText: 'Book', buttonPosition: 'bottom-right', reportProblem: false };
    const res = await call('PUT', 'branding', { ...body, ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', error: message });
  });

  it('answers 404 for the launcher of an unknown business', async () => {
    const res = await t.app.inject({ url: '/api/customer/launcher/7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('BUSINESS_NOT_FOUND');
  });

  describe('the logo', () => {
    it('takes a PNG, serves it from an address that changes with it, and forgets the old one', async () => {
      const res = await call('PUT', 'logo', { image: TINY_PNG });
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().logoUrl);
      expect(url.pathname).toMatch(new RegExp(`^/media/logos/${owner.businessId}-[0-9a-f]{16}\\.png$`));
      expect((await publicBusiness()).logoUrl).toBe(res.json().logoUrl);
      const image = await t.app.inject({ url: url.pathname });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(image.rawPayload.equals(Buffer.from(TINY_PNG, 'base64'))).toBe(true);

      const jpeg = await call('PUT', 'logo', { image: JPEG_HEAD.toString('base64') });
      expect(jpeg.statusCode).toBe(200);
      expect(jpeg.json().logoUrl).toMatch(/\.jpg$/);
      expect((await t.app.inject({ url: url.pathname })).statusCode).toBe(404);
    });

    it.each([
      ['an SVG (it can carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
      ['a PNG over 40 KB', Buffer.concat([Buffer.from(TINY_PNG, 'base64'), Buffer.alloc(40 * 1024)])],
    ])('refuses %s by its bytes, keeping the logo it had', async (_what, bytes) => {
      await call('PUT', 'logo', { image: TINY_PNG });
      const before = (await call('GET', 'branding')).json().logoUrl;
      const res = await call('PUT', 'logo', { image: bytes.toString('base64') });
      expect(res.statusCode).toBe(400);
      expect(['LOGO_INVALID', 'VALIDATION_FAILED']).toContain(res.json().code);
      expect((await call('GET', 'branding')).json().logoUrl).toBe(before);
    });

    it('is removed on request', async () => {
      await call('PUT', 'logo', { image: TINY_PNG });
      const res = await call('DELETE', 'logo');
      expect(res.statusCode).toBe(200);
      expect(res.json().logoUrl).toBeNull();
      expect((await publicBusiness()).logoUrl).toBeNull();
    });

    it("answers 404 for a malformed or another business's logo address", async () => {
      for (const path of ['/media/logos/nothing.png', `/media/logos/${other.businessId}-0123456789abcdef.png`])
        expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    });
  });
});
