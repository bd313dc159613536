import decodeQR from '@paulmillr/qr/decode.js';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';
import { TINY_PNG } from '../proof/world.ts';

/** An SVG's pixels (RGBA), as the QR decoder reads them. */
function pixels(svg: string): { width: number; height: number; data: Uint8Array } {
  const image = new Resvg(svg).render();
  return { width: image.width, height: image.height, data: new Uint8Array(image.pixels) };
}

const PAGE = '/api/business-dashboard/booking-page';

/** The JSON-LD of a page, parsed. */
function jsonLd(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('no JSON-LD');
  return JSON.parse(m[1]!);
}
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:+]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];

describe.each(storages())('the booking page on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  async function owner() {
    const o = await onboardedOwner(t.app);
    const res = await t.app.inject({ method: 'GET', url: PAGE, headers: o.auth });
    expect(res.statusCode).toBe(200);
    return { ...o, slug: res.json().slug as string };
  }
  const setSlug = (auth: Record<string, string>, slug: string) =>
    t.app.inject({ method: 'PUT', url: PAGE, headers: auth, payload: { slug } });

  it('gives each business a slug from its name at onboarding, numbered while taken', async () => {
    const a = await owner();
    const b = await owner();
    expect(a.slug).toMatch(/^shiny-cars(-\d+)?$/);
    expect(b.slug).not.toBe(a.slug);
    expect(b.slug).toMatch(/^shiny-cars-\d+$/);
    const res = await t.app.inject({ method: 'GET', url: PAGE, headers: b.auth });
    expect(res.json()).toEqual({
      slug: b.slug,
      url: `http://localhost:3000/book/${b.slug}`,
      qrSvgUrl: `http://localhost:3000/book/${b.slug}/qr.svg`,
      qrPngUrl: `http://localhost:3000/book/${b.slug}/qr.png`,
    });
  });

  it("wears the business's accent and logo, Slotwise's indigo until it sets them", async () => {
    const o = await owner();
    const before = (await page(`/book/${o.slug}`)).body;
    expect(before).toContain(':root{--accent:#4338ca;--on:#ffffff;--ink:#4338ca}');
    expect(before).not.toContain('class="logo"');
    const settings = '/api/business-dashboard/settings';
    const brand = { accentColor: '#facc15', buttonText: 'Book', buttonPosition: 'bottom-right', reportProblem: false };
    expect(
      (await t.app.inject({ method: 'PUT', url: `${settings}/branding`, headers: o.auth, payload: brand })).statusCode,
    ).toBe(200);
    const logo = await t.app.inject({
      method: 'PUT',
      url: `${settings}/logo`,
      headers: o.auth,
      payload: { image: TINY_PNG },
    });
    const html = (await page(`/book/${o.slug}`)).body;
    expect(html).toContain(':root{--accent:#facc15;--on:#000000;--ink:#000000}');
    expect(html).toContain(`<img class="logo" src="${logo.json().logoUrl}" alt="" height="48">`);
  });

  it('serves the page: name, services with prices, area, hours, the inline widget, JSON-LD and Open Graph', async () => {
    const o = await owner();
    const res = await page(`/book/${o.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const html = res.body;
    expect(html).toContain('<h1>Shiny Cars</h1>');
    expect(html).toContain('Car detailing in Beverly Hills, CA 90210');
    // The trade template: $59 and up by vehicle size.
    expect(html).toMatch(
      /Exterior Wash &amp; Wax<span class="dur">1 hr<\/span><\/span><span class="price">from \$59\.00/,
    );
    expect(html).toContain('What size is your vehicle?');
    expect(html).toMatch(/<th scope="row">Monday<\/th><td>\d/);
    expect(html).toContain(
      `<script src="/widget.js" data-business-id="${o.businessId}" data-mode="inline" data-target="book-here" data-source="page" async></script>`,
    );
    expect(html).toContain('<div id="book-here"></div>');
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Shiny Cars',
      url: `http://localhost:3000/book/${o.slug}`,
      address: { '@type': 'PostalAddress', addressLocality: 'Beverly Hills', addressRegion: 'CA', postalCode: '90210' },
      geo: { '@type': 'GeoCoordinates' },
      priceRange: '$59-$199',
    });
    expect(ld.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'Monday' }),
    );
    expect(ld.makesOffer).toContainEqual(
      expect.objectContaining({ itemOffered: { '@type': 'Service', name: 'Full Detail' } }),
    );
    expect(meta(html, 'og:title')).toBe('Shiny Cars: book online');
    expect(meta(html, 'og:url')).toBe(`http://localhost:3000/book/${o.slug}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^http://localhost:3000/book/${o.slug}/share\\.png\\?v=`));
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'description')).toMatch(/^Shiny Cars: Car detailing in Beverly Hills/);
  });

  it('names the service area: "within N miles" on the page, a GeoCircle in the JSON-LD', async () => {
    const o = await owner();
    await t.ctx.repos.businesses.update(o.businessId, { max_distance_miles: 25 });
    const html = (await page(`/book/${o.slug}`)).body;
    expect(html).toContain('Beverly Hills, CA 90210 and within 25 miles.');
    expect(jsonLd(html).areaServed).toMatchObject({ '@type': 'GeoCircle', geoRadius: 40234 });
    // The street is never shown: the owner may work from home.
    expect(html).not.toContain('12, Beverly Hills');
  });

  it('escapes a business name with markup in it, in the page and in the JSON-LD', async () => {
    const o = await owner();
    const evil = '</script><script>alert(1)</script> & "Co"';
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/step1',
      headers: o.auth,
      payload: { name: evil },
    });
    expect(renamed.statusCode).toBe(200);
    const html = (await page(`/book/${o.slug}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</h1>');
    expect(jsonLd(html).name).toBe(evil);
    expect(meta(html, 'og:title')).toBe(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;: book online',
    );
    // A rename keeps the address.
    expect((await t.app.inject({ method: 'GET', url: PAGE, headers: o.auth })).json().slug).toBe(o.slug);
  });

  it('answers an unknown slug with a helpful 404 page', async () => {
    const res = await page('/book/no-such-business');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Booking page not found');
    expect(res.body).toContain('/book/no-such-business');
    expect(res.body).toContain('noindex');
    const odd = await page('/book/%3Cb%3E');
    expect(odd.statusCode).toBe(404);
    expect(odd.body).toContain('/book/&lt;b&gt;');
  });

  it('lets the owner change the slug; every old one redirects (301) to the current page and files', async () => {
    const o = await owner();
    const first = o.slug;
    const renamed = await setSlug(o.auth, `  Shine-${kind}-Two `);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().slug).toBe(`shine-${kind}-two`);
    expect((await setSlug(o.auth, `shine-${kind}-three`)).statusCode).toBe(200);
    for (const old of [first, `shine-${kind}-two`]) {
      const res = await page(`/book/${old}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(`/book/shine-${kind}-three`);
      expect((await page(`/book/${old}/qr.svg`)).headers.location).toBe(`/book/shine-${kind}-three/qr.svg`);
      // A QR code printed under an old slug still says it is one (the widget counts the visit as qr).
      expect((await page(`/book/${old}?via=qr`)).headers.location).toBe(`/book/shine-${kind}-three?via=qr`);
      // A door-hanger's code printed under the old slug still opens its day (docs/decisions/058).
      expect((await page(`/book/${old}?day=2026-12-08&via=qr`)).headers.location).toBe(
        `/book/shine-${kind}-three?day=2026-12-08&via=qr`,
      );
      expect((await page(`/book/${old}/qr.svg?day=2026-12-08`)).headers.location).toBe(
        `/book/shine-${kind}-three/qr.svg?day=2026-12-08`,
      );
      expect((await page(`/book/${old}?via=flyer`)).headers.location).toBe(`/book/shine-${kind}-three`);
    }
    const booking = '33333333-3333-4333-8333-333333333333';
    expect((await page(`/book/${first}?booking=${booking}&payment=paid&via=qr`)).headers.location).toBe(
      `/book/shine-${kind}-three?booking=${booking}&payment=paid&via=qr`,
    );
    expect((await page(`/book/${first}?payment=paid`)).headers.location).toBe(`/book/shine-${kind}-three`);
    expect((await page(`/book/shine-${kind}-three`)).statusCode).toBe(200);
    // Capitals typed from a flyer find the page too.
    expect((await page(`/book/Shine-${kind}-Three`)).headers.location).toBe(`/book/shine-${kind}-three`);
    // Its own old slug may be taken back; then it is current again.
    expect((await setSlug(o.auth, first)).json().slug).toBe(first);
    expect((await page(`/book/${first}`)).statusCode).toBe(200);
    expect((await page(`/book/shine-${kind}-three`)).headers.location).toBe(`/book/${first}`);
  });

  it('refuses a malformed, reserved or taken slug with a stable code, changing nothing', async () => {
    const a = await owner();
    const b = await owner();
    const cases: [string, number, string][] = [
      ['ab', 400, 'SLUG_MALFORMED'],
      ['joe s wash', 400, 'SLUG_MALFORMED'],
      ['joes--wash', 400, 'SLUG_MALFORMED'],
      ['dashboard', 400, 'SLUG_RESERVED'],
      [a.slug, 409, 'SLUG_TAKEN'],
    ];
    for (const [slug, status, code] of cases) {
      const res = await setSlug(b.auth, slug);
      expect(res.statusCode, slug).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().error).toMatch(/address/);
    }
    // A slug another business had before stays theirs: it still redirects to them.
    const old = a.slug;
    await setSlug(a.auth, `moved-${kind}-${Date.now()}`);
    const res = await setSlug(b.auth, old);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SLUG_TAKEN');
    expect((await t.app.inject({ method: 'GET', url: PAGE, headers: b.auth })).json().slug).toBe(b.slug);
  });

  it('draws a 1200x630 PNG share image, and QR codes of the page address with ?via=qr as SVG and PNG downloads', async () => {
    const o = await owner();
    const png = await page(`/book/${o.slug}/share.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const image = png.rawPayload;
    expect(image.subarray(1, 4).toString()).toBe('PNG');
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([1200, 630]);
    const svg = await page(`/book/${o.slug}/qr.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-disposition']).toBe(`attachment; filename="${o.slug}-booking-qr.svg"`);
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const qr = await page(`/book/${o.slug}/qr.png`);
    expect(qr.headers['content-type']).toBe('image/png');
    expect([qr.rawPayload.readUInt32BE(16), qr.rawPayload.readUInt32BE(20)]).toEqual([1024, 1024]);
    // What the codes hold: the page's address with ?via=qr, read back by a decoder of another
    // library (@paulmillr/qr) from the pixels of each download, as a phone's camera would.
    const held = `http://localhost:3000/book/${o.slug}?via=qr`;
    expect(decodeQR(pixels(svg.body))).toBe(held);
    const pngUrl = `data:image/png;base64,${qr.rawPayload.toString('base64')}`;
    const fromPng = pixels(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><image href="${pngUrl}" width="1024" height="1024"/></svg>`,
    );
    expect(decodeQR(fromPng)).toBe(held);
    // Black and white only: no grey, anti-aliased module edges for a printer to blur.
    expect(fromPng.data.every((v, i) => i % 4 === 3 || v === 0 || v === 255)).toBe(true);
  });

  it('sends the page compressed when asked, and 304 to a repeat visit with its ETag', async () => {
    const o = await owner();
    const br = await page(`/book/${o.slug}`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(8_000);
    const etag = String(br.headers.etag);
    const again = await page(`/book/${o.slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Opened from the QR code (?via=qr), it is the same page: the widget reads the mark, not the server.
    const fromCode = await page(`/book/${o.slug}?via=qr`, { 'accept-encoding': 'br, gzip' });
    expect(fromCode.statusCode).toBe(200);
    expect(fromCode.headers.etag).toBe(etag);
    expect(fromCode.headers['cache-control']).toBe('public, max-age=60');
  });
});
