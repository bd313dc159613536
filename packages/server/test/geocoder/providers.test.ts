/**
 * The photon and google adapters against stand-in servers on loopback that answer
 * in each provider's documented format, and the offline gazetteer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleGeocoder } from '../../src/geocoder/google.ts';
import { byProminence, createOfflineGeocoder } from '../../src/geocoder/offline.ts';
import { createPhotonGeocoder } from '../../src/geocoder/photon.ts';

let server: Server;
let base: string;
const seen: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    seen.push(url);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api') {
      const q = url.searchParams.get('q') ?? '';
      if (q.includes('fail')) {
        res.statusCode = 500;
        return res.end('{}');
      }
      // Photon's layer filter: only features of the named layers (house, street, city, ...).
      const layers = url.searchParams.getAll('layer');
      const all = q.includes('nowhere')
        ? []
        : [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [-0.1276, 51.5072] },
              properties: {
                osm_id: 1,
                osm_type: 'N',
                name: 'Downing Street',
                street: 'Downing Street',
                city: 'London',
                postcode: 'SW1A 2AA',
                country: 'United Kingdom',
                type: 'street',
              },
            },
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [-0.1278, 51.5074] },
              properties: {
                osm_id: 2,
                osm_type: 'R',
                name: 'London',
                country: 'United Kingdom',
                type: 'city',
              },
            },
          ];
      // "London" alone is the city; a server "old photon" predates the layer filter and ignores it.
      const found = q === 'London' ? all.slice(1) : all;
      const features =
        layers.length && !q.includes('old photon') ? found.filter((f) => layers.includes(f.properties.type)) : found;
      return res.end(JSON.stringify({ type: 'FeatureCollection', features }));
    }
    if (url.pathname === '/maps/api/place/autocomplete/json') {
      if (url.searchParams.get('key') !== 'k')
        return res.end(JSON.stringify({ status: 'REQUEST_DENIED', error_message: 'bad key', predictions: [] }));
      return res.end(
        JSON.stringify({
          status: 'OK',
          predictions: [{ description: '1600 Amphitheatre Pkwy, Mountain View, CA, USA', place_id: 'ChIJ2eUg' }],
        }),
      );
    }
    if (url.pathname === '/maps/api/geocode/json') {
      const address = url.searchParams.get('address') ?? '';
      const street = url.searchParams.get('place_id') === 'ChIJ2eUg' || /^\d+ Amphitheatre/.test(address);
      // The Geocoding API's documented result: types, and geometry's location_type.
      const result = street
        ? {
            types: ['street_address'],
            geometry: { location: { lat: 37.422, lng: -122.0841 }, location_type: 'ROOFTOP' },
          }
        : address.includes('94043')
          ? {
              types: ['postal_code'],
              geometry: { location: { lat: 37.4, lng: -122.08 }, location_type: 'APPROXIMATE' },
            }
          : address.includes('Mountain View')
            ? {
                types: ['locality', 'political'],
                geometry: { location: { lat: 37.39, lng: -122.08 }, location_type: 'APPROXIMATE' },
              }
            : null;
      return res.end(
        JSON.stringify(result ? { status: 'OK', results: [result] } : { status: 'ZERO_RESULTS', results: [] }),
      );
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('photon geocoder', () => {
  it('suggests street-level features only and locates a suggestion and a stored address', async () => {
    const g = createPhotonGeocoder(base);
    const suggestions = await g.suggest('downing');
    expect(seen.at(-1)?.searchParams.getAll('layer')).toEqual(['house', 'street']);
    expect(suggestions).toEqual([
      { description: 'Downing Street, London, SW1A 2AA, United Kingdom', placeId: 'geo:51.507200,-0.127600' },
    ]);
    const [s] = suggestions;
    expect(await g.locate(s!.placeId)).toEqual({
      lat: 51.5072,
      lng: -0.1276,
      timeZone: 'Europe/London',
      precision: 'street',
      hasStreet: true,
    });
    // The shape stored before street addresses: the house number is searched with its street.
    expect(await g.locate(`10, ${s!.description}`)).toMatchObject({ timeZone: 'Europe/London', precision: 'street' });
    expect(seen.at(-1)?.searchParams.get('q')).toBe(`10 ${s!.description}`);
    expect(await g.locate('1, nowhere at all')).toBeNull();
  });

  it('keeps only street-level features from a server that ignores the layer filter', async () => {
    const g = createPhotonGeocoder(base);
    const list = await g.suggest('downing, old photon');
    expect(list.map((c) => c.description)).toEqual(['Downing Street, London, SW1A 2AA, United Kingdom']);
    // Searched again without a filter (as locate does), a city is found, and is not a street.
    expect(await g.locate('London')).toMatchObject({ precision: 'city', hasStreet: false });
  });
  it('fails loudly when the provider errors', async () => {
    await expect(createPhotonGeocoder(base).suggest('fail please')).rejects.toThrow(/answered 500/);
  });
});

describe('google geocoder', () => {
  it('suggests street addresses with Places Autocomplete and locates by place_id or address', async () => {
    const g = createGoogleGeocoder('k', base);
    const [s] = await g.suggest('1600 amph');
    expect(seen.at(-1)?.searchParams.get('types')).toBe('address');
    expect(s).toEqual({ description: '1600 Amphitheatre Pkwy, Mountain View, CA, USA', placeId: 'google:ChIJ2eUg' });
    expect(await g.locate(s!.placeId)).toEqual({
      lat: 37.422,
      lng: -122.0841,
      timeZone: 'America/Los_Angeles',
      precision: 'street',
      hasStreet: true,
    });
    expect(await g.locate('1600 Amphitheatre Pkwy, Mountain View, CA, USA')).toMatchObject({ lat: 37.422 });
    expect(await g.locate('5, Atlantis')).toBeNull();
  });

  it("reads the result's types and location_type: a ZIP code or a city is not a street", async () => {
    const g = createGoogleGeocoder('k', base);
    expect(await g.locate('Mountain View, CA 94043, USA')).toMatchObject({ precision: 'zip', hasStreet: false });
    expect(await g.locate('Mountain View, CA, USA')).toMatchObject({ precision: 'city', hasStreet: false });
    // The shape stored before street addresses: "5, 1600 Amphitheatre Pkwy" is searched as "5 1600 ...".
    expect(await g.locate('1600, Amphitheatre Pkwy, Mountain View, CA, USA')).toMatchObject({ precision: 'street' });
    expect(seen.at(-1)?.searchParams.get('address')).toBe('1600 Amphitheatre Pkwy, Mountain View, CA, USA');
  });
  it('surfaces a denied key as an error', async () => {
    await expect(createGoogleGeocoder('wrong', base).suggest('1600 amph')).rejects.toThrow(/REQUEST_DENIED: bad key/);
  });
});

describe('offline geocoder', () => {
  const g = createOfflineGeocoder();
  const descriptions = async (text: string) => (await g.suggest(text)).map((s) => s.description);

  it('suggests by ZIP prefix and by city, with no made-up ZIP, and nothing under 3 characters', async () => {
    expect((await g.suggest('1000')).every((s) => s.placeId.startsWith('zip:1000'))).toBe(true);
    expect(await descriptions('78701')).toEqual(['Austin, TX 78701, USA']);
    expect(await descriptions('Miami, FL')).toContain('Miami, FL, USA');
    expect(await g.suggest('mi')).toEqual([]);
    // "hi" is both Hawaii and the start of "Hills".
    expect(await descriptions('Beverly Hi')).toContain('Beverly Hills, CA, USA');
  });

  it.each([
    ['1100 Congress Ave, Austin, TX 78701', '1100 Congress Ave, Austin, TX 78701, USA'],
    ['1100 Congress Ave Austin TX 78701', '1100 Congress Ave, Austin, TX 78701, USA'],
    ['1100 Congress Ave, Austin, TX 78701-2213', '1100 Congress Ave, Austin, TX 78701-2213, USA'],
    ['1100 Congress Ave, Austin TX 787012213', '1100 Congress Ave, Austin, TX 78701-2213, USA'],
    ['1100 Congress Ave, 78701', '1100 Congress Ave, Austin, TX 78701, USA'],
    ['1100 Congress Ave, Austin, TX 78701, USA', '1100 Congress Ave, Austin, TX 78701, USA'],
    ['1100 Congress Ave, Aus', '1100 Congress Ave, Austin, TX, USA'],
    ['1100 Congress Ave Aus', '1100 Congress Ave, Austin, TX, USA'],
    ['1100 Congress Ave, Austin, TX 787', '1100 Congress Ave, Austin, TX, USA'],
    ['123 main st kansas city mo', '123 main st, Kansas City, MO, USA'],
    ['Apt 4, 12 W 3rd St, San Anto', 'Apt 4, 12 W 3rd St, San Antonio, TX, USA'],
    ['200, Austin, TX 78704, USA', '200, Austin, TX 78704, USA'],
  ])('keeps the street line of "%s" as typed: %s', async (text, first) => {
    expect((await descriptions(text))[0]).toBe(first);
  });

  it('reads the state code as a state, not as the start of a city, after a named city', async () => {
    expect(await descriptions('Springfield, IL')).toEqual(['Springfield, IL, USA']);
    expect(await descriptions('Kansas City')).toEqual(['Kansas City, MO, USA', 'Kansas City, KS, USA']);
  });

  it.each([
    ['1100 Congress Ave, Austin, TX 78701, USA', 'zip', true, 30.2713],
    ['1100 Congress Ave Austin TX 78701-2213', 'zip', true, 30.2713],
    ['1100 Congress Ave, Austin, TX, USA', 'city', true, undefined],
    // The shape stored before street addresses still locates, with its house number as the street line.
    ['200, Austin, TX 78704, USA', 'zip', true, 30.2428],
    ['3, Chicago, IL', 'city', true, undefined],
    ['Austin, TX 78701, USA', 'zip', false, 30.2713],
    ['Austin, TX, USA', 'city', false, undefined],
    ['zip:10001', 'zip', false, undefined],
  ])('locates "%s" by its %s (street line: %s)', async (text, precision, hasStreet, lat) => {
    const at = await g.locate(text);
    expect(at).toMatchObject({ precision, hasStreet });
    if (lat !== undefined) expect(at?.lat).toBe(lat);
  });

  it('locates with the right time zone, and not what the gazetteer does not know', async () => {
    expect(await g.locate('12, Beverly Hills, CA 90210, USA')).toMatchObject({ timeZone: 'America/Los_Angeles' });
    expect(await g.locate('3, Chicago, IL')).toMatchObject({ timeZone: 'America/Chicago' });
    expect(await g.locate('zip:10001')).toMatchObject({ timeZone: 'America/New_York' });
    expect(await g.locate('9, Gotham, ZZ')).toBeNull();
    expect(await g.locate('1100 Congress Ave')).toBeNull();
  });

  /** "City, ST" of each suggestion, in order. */
  const cities = async (text: string) => (await g.suggest(text)).map((s) => s.description.replace(/, USA$/, ''));

  it.each([
    ['Austin', 'Austin, TX'],
    ['austin', 'Austin, TX'],
    ['Portland', 'Portland, OR'],
    // Springfield, MO (about 167,000) before Springfield, MA (154,000) and Springfield, IL (117,000).
    ['Springfield', 'Springfield, MO'],
    ['Columbus', 'Columbus, OH'],
    ['Kansas City', 'Kansas City, MO'],
    // Arlington, TX is the larger though Arlington, VA has more ZIP codes.
    ['Arlington', 'Arlington, TX'],
    ['Saint Louis', 'Saint Louis, MO'],
    ['New York', 'New York, NY'],
  ])('puts the largest city first for "%s": %s', async (text, first) => {
    expect((await cities(text))[0]).toBe(first);
  });

  it('ranks the rest of the same name by population too', async () => {
    expect((await cities('Springfield')).slice(0, 3)).toEqual([
      'Springfield, MO',
      'Springfield, MA',
      'Springfield, IL',
    ]);
    const portland = await cities('Portland');
    expect(portland.indexOf('Portland, ME')).toBe(1);
    expect(portland.indexOf('Portland, OR')).toBe(0);
  });

  it('gives names that are what was typed before names that start with it, each by population', async () => {
    // Spring, TX is smaller than Springfield, MO, but its name is the whole query.
    const spring = await cities('Spring');
    expect(spring[0]).toBe('Spring, TX');
    expect(spring.slice(1, 3)).toEqual(['Springfield, MO', 'Springfield, MA']);
    // A start of a name: the largest city that starts with it.
    expect((await cities('Aust'))[0]).toBe('Austin, TX');
    expect((await cities('Portl'))[0]).toBe('Portland, OR');
  });

  it('keeps a named state first: "Springfield, IL" and "austin ar"', async () => {
    expect((await cities('Springfield, IL'))[0]).toBe('Springfield, IL');
    expect((await cities('austin ar'))[0]).toBe('Austin, AR');
  });

  describe("a business's area first (docs/product.md#address-suggestions)", () => {
    const austin = { lat: 30.2672, lng: -97.7431 };
    const minnesota = { lat: 43.6666, lng: -92.9746 }; // Austin, MN
    const near = async (text: string, area: { lat: number; lng: number; maxMiles: number | null }) =>
      (await g.suggest(text, area)).map((s) => s.description);

    it("offers a street typed with no city yet in the business's own city first", async () => {
      expect(await descriptions('1100 S Lamar')).not.toContain('1100 S Lamar, Austin, TX, USA');
      expect((await near('1100 S Lamar', { ...austin, maxMiles: null }))[0]).toBe('1100 S Lamar, Austin, TX, USA');
      expect((await near('1100 S Lamar', { ...minnesota, maxMiles: null }))[0]).toBe('1100 S Lamar, Austin, MN, USA');
    });

    it('puts its own state first, then the nearest, for a city of many states', async () => {
      const fromMinnesota = await near('1100 S Lamar Blvd, Austin', { ...minnesota, maxMiles: null });
      expect(fromMinnesota[0]).toBe('1100 S Lamar Blvd, Austin, MN, USA');
      // The rest by distance from Austin, MN: Indiana before Texas before Nevada.
      const states = fromMinnesota.map((d) => d.split(', ').at(-2));
      expect(states.indexOf('IN')).toBeLessThan(states.indexOf('TX'));
      expect(states.indexOf('TX')).toBeLessThan(states.indexOf('NV'));
      // Without a business, the largest first.
      expect((await descriptions('1100 S Lamar Blvd, Austin'))[0]).toBe('1100 S Lamar Blvd, Austin, TX, USA');
      expect((await near('1100 S Lamar Blvd, Austin', { ...austin, maxMiles: null }))[0]).toBe(
        '1100 S Lamar Blvd, Austin, TX, USA',
      );
    });

    it('never puts a city out of reach before one inside it, and drops those far out of it', async () => {
      // A Springfield, IL business serving 120 miles: Springfield, WI (about 210 miles) is out of reach but
      // within twice it and stays, after; Springfield, MO (about 260) and every farther one go.
      const illinois = { lat: 39.7817, lng: -89.6501 };
      const served = await near('12 Main St, Springfield', { ...illinois, maxMiles: 120 });
      expect(served).toEqual(['12 Main St, Springfield, IL, USA', '12 Main St, Springfield, WI, USA']);
      // Serving 250 miles: Springfield, WI (inside) before Springfield, MO (outside), though MO is larger.
      const wide = await near('12 Main St, Springfield', { ...illinois, maxMiles: 250 });
      expect(wide.slice(0, 3)).toEqual([
        '12 Main St, Springfield, IL, USA',
        '12 Main St, Springfield, WI, USA',
        '12 Main St, Springfield, MO, USA',
      ]);
      expect(wide).not.toContain('12 Main St, Springfield, MA, USA');
      // Nothing inside the reach: everything stays, nearest first, so the customer finds their own.
      const far = await near('12 Main St, Springfield, MA', { ...austin, maxMiles: 30 });
      expect(far[0]).toBe('12 Main St, Springfield, MA, USA');
    });

    it('orders ZIP codes typed alone by distance from the business', async () => {
      const [first] = await g.suggest('787', { ...austin, maxMiles: null });
      expect(first?.description).toMatch(/^Austin, TX 787\d\d, USA$/);
      expect((await g.suggest('787'))[0]?.placeId).toBe('zip:78701');
    });
  });

  it('ranks by people, then ZIP codes (a city without a count), then the shorter name, then A to Z', () => {
    const city = (key: string, people: number, zips: number) => ({ key, people, zips });
    const ranked = [
      city('ashford|CT', 0, 1),
      city('ashford|AL', 0, 1),
      city('ashford hollow|NY', 0, 1),
      city('ashford|WA', 0, 3),
      city('ashford|NC', 2000, 1),
    ].sort(byProminence);
    expect(ranked.map((c) => c.key)).toEqual([
      'ashford|NC',
      'ashford|WA',
      'ashford|AL',
      'ashford|CT',
      'ashford hollow|NY',
    ]);
  });
});
