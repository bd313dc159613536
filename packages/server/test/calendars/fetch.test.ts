/**
 * Reading a calendar address against the stand-in on loopback (calendars/fetch.ts): conditional
 * requests, the size cap, the time limit, redirects, and the SSRF guard, with loopback allowed
 * only where a test says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/calendars/address-guard.ts';
import {
  CalendarFetchError,
  type FetchFailure,
  type FetchOptions,
  fetchCalendar,
  normaliseAddress,
} from '../../src/calendars/fetch.ts';
import { type CalendarStandIn, fixtureText, startCalendarStandIn } from './stand-in.ts';

const ANY: FetchOptions = { timeoutMs: 5_000, maxBytes: 10 * 1024 * 1024, allowAddress: () => true };
const PUBLIC_ONLY: FetchOptions = { ...ANY, allowAddress: isPublicAddress };

async function failure(address: string, options: FetchOptions): Promise<FetchFailure> {
  try {
    await fetchCalendar(address, options);
  } catch (err) {
    if (err instanceof CalendarFetchError) return err.failure;
    throw err;
  }
  throw new Error(`${address} was read`);
}

describe('fetchCalendar', () => {
  let s: CalendarStandIn;
  let host: string;
  beforeAll(async () => {
    s = await startCalendarStandIn({ slowMs: 3_000 });
    host = new URL(s.url).host;
  });
  afterAll(() => s.close());

  it('reads a calendar with its validators, then answers "unchanged" to a 304', async () => {
    const first = await fetchCalendar(`${s.url}/google.ics`, ANY);
    if (first.kind !== 'calendar') throw new Error('expected a calendar');
    expect(first.text).toBe(fixtureText('google.ics'));
    expect(first.etag).toMatch(/^"v\d+-\d+"$/);
    expect(first.lastModified).toMatch(/GMT$/);
    const again = await fetchCalendar(`${s.url}/google.ics`, { ...ANY, etag: first.etag });
    expect(again).toEqual({ kind: 'unchanged' });
    expect(s.requests.at(-1)?.headers['if-none-match']).toBe(first.etag);
    const since = await fetchCalendar(`${s.url}/google.ics`, { ...ANY, lastModified: first.lastModified });
    expect(since).toEqual({ kind: 'unchanged' });
    // Changed since: read in full again.
    s.serve('/google.ics', `${fixtureText('google.ics')}`.replace('Dentist', 'Orthodontist'));
    const changed = await fetchCalendar(`${s.url}/google.ics`, { ...ANY, etag: first.etag });
    expect(changed.kind === 'calendar' && changed.text.includes('Orthodontist')).toBe(true);
  });

  it('decodes a gzipped answer', async () => {
    s.serve('/zipped.ics', fixtureText('outlook.ics'), { gzip: true });
    const read = await fetchCalendar(`${s.url}/zipped.ics`, ANY);
    expect(read.kind === 'calendar' && read.text).toBe(fixtureText('outlook.ics'));
  });

  it('reads webcal:// and webcals:// as https://', () => {
    expect(normaliseAddress('webcal://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5').toString()).toBe(
      'https://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5',
    );
    expect(normaliseAddress(' WEBCALS://outlook.office365.com/owa/calendar/x/calendar.ics').protocol).toBe('https:');
  });

  it('fails a webcal:// address whose server speaks only http, as a failed secure connection', async () => {
    expect(await failure(`webcal://${host}/google.ics`, ANY)).toEqual({ kind: 'unreachable', host, code: 'EPROTO' });
  });

  it('fails a 404, a web page and a text that is not a calendar, saying which', async () => {
    expect(await failure(`${s.url}/missing.ics`, ANY)).toEqual({ kind: 'status', status: 404, host });
    expect(await failure(`${s.url}/page.html`, ANY)).toEqual({ kind: 'not-calendar', host, looksLikePage: true });
    s.serve('/vcard.ics', 'BEGIN:VCARD\r\nFN:Sam\r\nEND:VCARD\r\n');
    expect(await failure(`${s.url}/vcard.ics`, ANY)).toEqual({ kind: 'not-calendar', host, looksLikePage: false });
  });

  it('gives up on a slow answer at the time limit', async () => {
    const started = Date.now();
    expect(await failure(`${s.url}/slow.ics`, { ...ANY, timeoutMs: 1_000 })).toEqual({ kind: 'timeout', host });
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('gives up at the time limit on an answer that stalls mid-body, gzipped or not', async () => {
    for (const path of ['/stalls.ics', '/stalls-gzip.ics']) {
      const started = Date.now();
      expect(await failure(`${s.url}${path}`, { ...ANY, timeoutMs: 1_000 }), path).toEqual({ kind: 'timeout', host });
      expect(Date.now() - started, path).toBeLessThan(2_500);
    }
  });

  it('refuses a 50 MB answer at the size cap, streamed or declared, without reading it all', async () => {
    const cap = { ...ANY, maxBytes: 1024 * 1024 };
    expect(await failure(`${s.url}/huge.ics`, cap)).toEqual({ kind: 'too-large', host });
    expect(await failure(`${s.url}/huge-declared.ics`, cap)).toEqual({ kind: 'too-large', host });
  });

  it('follows a few redirects, not more, and never to another scheme', async () => {
    s.redirect('/moved.ics', '/google.ics');
    expect((await fetchCalendar(`${s.url}/moved.ics`, ANY)).kind).toBe('calendar');
    for (let i = 0; i < 6; i++) s.redirect(`/hop${i}.ics`, `/hop${i + 1}.ics`);
    s.serve('/hop6.ics', fixtureText('google.ics'));
    expect(await failure(`${s.url}/hop0.ics`, ANY)).toEqual({ kind: 'too-many-redirects', host });
    s.redirect('/to-file.ics', 'file:///etc/passwd');
    expect(await failure(`${s.url}/to-file.ics`, ANY)).toEqual({ kind: 'bad-redirect', host });
  });

  it('sends credentials written in the address to its own origin only', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const port = new URL(s.url).port;
    s.redirect('/cross.ics', `http://calendar.example.com:${port}/google.ics`);
    await fetchCalendar(`http://sam:s%40cret@127.0.0.1:${port}/cross.ics`, { ...ANY, resolve });
    const [asked, redirected] = s.requests.slice(-2);
    expect(asked?.headers.authorization).toBe(`Basic ${Buffer.from('sam:s@cret').toString('base64')}`);
    expect(redirected?.path).toBe('/google.ics');
    expect(redirected?.headers.authorization).toBeUndefined();
  });

  describe('the SSRF guard (public hosts only, as in production)', () => {
    it('refuses loopback and private addresses written in the address, before connecting', async () => {
      const before = s.requests.length;
      const port = new URL(s.url).port;
      for (const address of [
        `${s.url}/google.ics`,
        `http://[::1]:${port}/google.ics`,
        `http://[::ffff:127.0.0.1]:${port}/google.ics`,
        `http://0x7f000001:${port}/google.ics`,
        'http://10.0.0.1/calendar.ics',
        'http://169.254.169.254/latest/meta-data/',
        'https://192.168.1.20/cal.ics',
      ])
        expect((await failure(address, PUBLIC_ONLY)).kind, address).toBe('private-address');
      expect(s.requests.length).toBe(before);
    });

    it('resolves the host and refuses it when any of its addresses is private', async () => {
      const before = s.requests.length;
      const port = new URL(s.url).port;
      expect(await failure(`http://localhost:${port}/google.ics`, PUBLIC_ONLY)).toMatchObject({
        kind: 'private-address',
        redirected: false,
      });
      const split = async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ];
      expect(await failure('http://calendar.example.com/cal.ics', { ...PUBLIC_ONLY, resolve: split })).toEqual({
        kind: 'private-address',
        host: 'calendar.example.com',
        redirected: false,
      });
      expect(s.requests.length).toBe(before);
    });

    it('connects to the very address it checked', async () => {
      // The name resolves (in this test) to the stand-in: the read reaches it there and nowhere else.
      const port = new URL(s.url).port;
      const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
      const read = await fetchCalendar(`http://calendar.example.com:${port}/icloud.ics`, {
        ...ANY,
        allowAddress: (ip) => ip === '127.0.0.1',
        resolve,
      });
      expect(read.kind).toBe('calendar');
    });

    it('checks every redirect again', async () => {
      const onlyStandIn = { ...ANY, allowAddress: (ip: string) => ip === '127.0.0.1' };
      s.redirect('/to-private.ics', 'http://10.1.2.3/calendar.ics');
      expect(await failure(`${s.url}/to-private.ics`, onlyStandIn)).toEqual({
        kind: 'private-address',
        host: '10.1.2.3',
        redirected: true,
      });
      s.redirect('/to-metadata.ics', 'http://metadata.internal/computeMetadata/v1/');
      const resolve = async (name: string) =>
        name === 'metadata.internal' ? [{ address: '169.254.169.254', family: 4 }] : [];
      expect(await failure(`${s.url}/to-metadata.ics`, { ...onlyStandIn, resolve })).toMatchObject({
        kind: 'private-address',
        host: 'metadata.internal',
        redirected: true,
      });
    });

    it('says when a host does not exist', async () => {
      const resolve = async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      };
      expect(await failure('https://calendar.invalid/x.ics', { ...PUBLIC_ONLY, resolve })).toEqual({
        kind: 'unknown-host',
        host: 'calendar.invalid',
      });
    });
  });
});
