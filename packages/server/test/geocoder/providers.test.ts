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
      const features = q.includes('nowhere')
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
              },
            },
          ];
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
      const found =
        url.searchParams.get('place_id') === 'ChIJ2eUg' ||
        (url.searchParams.get('address') ?? '').includes('Mountain View');
      return res.end(
        JSON.stringify(
          found
            ? { status: 'OK', results: [{ geometry: { location: { lat: 37.422, lng: -122.0841 } } }] }
            : { status: 'ZERO_RESULTS', results: [] },
        ),
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
  it('suggests from the FeatureCollection and locates a suggestion and a stored address', async () => {
    const g = createPhotonGeocoder(base);
    const [s] = await g.suggest('downing');
    expect(s).toEqual({
      description: 'Downing Street, London, SW1A 2AA, United Kingdom',
      placeId: 'geo:51.507200,-0.127600',
    });
    expect(await g.locate(s!.placeId)).toEqual({ lat: 51.5072, lng: -0.1276, timeZone: 'Europe/London' });
    expect(await g.locate(`10, ${s!.description}`)).toMatchObject({ timeZone: 'Europe/London' });
    expect(seen.at(-1)?.searchParams.get('q')).toBe(s!.description);
    expect(await g.locate('1, nowhere at all')).toBeNull();
  });
  it('fails loudly when the provider errors', async () => {
    await expect(createPhotonGeocoder(base).suggest('fail please')).rejects.toThrow(/answered 500/);
  });
});

describe('google geocoder', () => {
  it('suggests with Places Autocomplete and locates by place_id or address', async () => {
    const g = createGoogleGeocoder('k', base);
    const [s] = await g.suggest('1600 amph');
    expect(s).toEqual({ description: '1600 Amphitheatre Pkwy, Mountain View, CA, USA', placeId: 'google:ChIJ2eUg' });
    expect(await g.locate(s!.placeId)).toEqual({ lat: 37.422, lng: -122.0841, timeZone: 'America/Los_Angeles' });
    expect(await g.locate('5, 1600 Amphitheatre Pkwy, Mountain View, CA, USA')).toMatchObject({ lat: 37.422 });
    expect(await g.locate('5, Atlantis')).toBeNull();
  });
  it('surfaces a denied key as an error', async () => {
    await expect(createGoogleGeocoder('wrong', base).suggest('1600 amph')).rejects.toThrow(/REQUEST_DENIED: bad key/);
  });
});

describe('offline geocoder', () => {
  const g = createOfflineGeocoder();
  it('suggests by ZIP prefix and by city, and nothing under 3 characters', async () => {
    expect((await g.suggest('1000')).every((s) => s.placeId.startsWith('zip:1000'))).toBe(true);
    expect((await g.suggest('Miami, FL')).map((s) => s.description)).toContain('Miami, FL 33101, USA');
    expect(await g.suggest('mi')).toEqual([]);
    // "hi" is both Hawaii and the start of "Hills".
    expect((await g.suggest('Beverly Hi')).map((s) => s.description)).toContain('Beverly Hills, CA 90209, USA');
  });
  it('locates a stored address by its ZIP or by "City, ST", with the right time zone', async () => {
    expect(await g.locate('12, Beverly Hills, CA 90210, USA')).toMatchObject({ timeZone: 'America/Los_Angeles' });
    expect(await g.locate('3, Chicago, IL')).toMatchObject({ timeZone: 'America/Chicago' });
    expect(await g.locate('zip:10001')).toMatchObject({ timeZone: 'America/New_York' });
    expect(await g.locate('9, Gotham, ZZ')).toBeNull();
  });

  /** "City, ST" of each suggestion, in order. */
  const cities = async (text: string) => (await g.suggest(text)).map((s) => s.description.replace(/ \S+, USA$/, ''));

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
