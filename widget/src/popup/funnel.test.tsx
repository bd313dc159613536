import type { BeaconRequest } from '@slotwise/shared/api';
import { BEACON_EVENTS_MAX } from '@slotwise/shared/insights';
import { createPublicClient } from '@slotwise/shared/public-client';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adopt } from '../loader/boot.ts';
import { App } from './app.tsx';
import { BATCH_MS, createFunnel, dayOf, sourceOf } from './funnel.ts';
import { inline } from './mount.tsx';
import { createStore } from './state.ts';
import { BUSINESS_ID, demoBusiness, fakeApi, monthDays } from './test-api.ts';

const URL_ = 'https://api.test/api/customer/beacon';
const NOW = new Date('2026-12-04T20:00:00Z');

/** navigator.sendBeacon, which jsdom lacks: answers `accept` (true: queued by the browser). */
function stubBeacon(accept: boolean | (() => boolean) = true) {
  const send = vi.fn((_url: string, _body: string) => (typeof accept === 'function' ? accept() : accept));
  Object.defineProperty(navigator, 'sendBeacon', { value: send, configurable: true, writable: true });
  /** Each beacon sent: its URL and its parsed body. */
  const sent = () =>
    send.mock.calls.map(([url, body]) => {
      expect(typeof body).toBe('string');
      return { url, ...(JSON.parse(body) as BeaconRequest) };
    });
  return { send, sent, events: () => sent().flatMap((b) => b.events) };
}

const hide = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the funnel (funnel.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("batches a visit's steps and sends them 2 s after the first, as the BeaconRequest, with sendBeacon", () => {
    const { send, sent } = stubBeacon();
    const funnel = createFunnel(URL_, BUSINESS_ID, 'site');
    funnel.step('opened');
    vi.advanceTimersByTime(1500);
    funnel.step('quoted');
    funnel.step('opened');
    funnel.step('quoted');
    vi.advanceTimersByTime(BATCH_MS - 1500 - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sent()).toEqual([
      { url: URL_, businessId: BUSINESS_ID, source: 'site', events: [{ type: 'opened' }, { type: 'quoted' }] },
    ]);
    // Each step once per visit: a repeat after the batch went is not sent again either.
    funnel.step('quoted');
    vi.advanceTimersByTime(BATCH_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends at once after booked, and counts a new visit from the next opened', () => {
    const { send, sent } = stubBeacon();
    const funnel = createFunnel(URL_, BUSINESS_ID, 'page');
    for (const step of ['opened', 'quoted', 'slot', 'booked'] as const) funnel.step(step);
    expect(sent()).toEqual([
      {
        url: URL_,
        businessId: BUSINESS_ID,
        source: 'page',
        events: [{ type: 'opened' }, { type: 'quoted' }, { type: 'slot' }, { type: 'booked' }],
      },
    ]);
    funnel.step('booked');
    funnel.step('quoted');
    vi.advanceTimersByTime(BATCH_MS);
    expect(send).toHaveBeenCalledTimes(1);
    funnel.step('opened');
    funnel.step('quoted');
    vi.advanceTimersByTime(BATCH_MS);
    expect(sent()[1]?.events).toEqual([{ type: 'opened' }, { type: 'quoted' }]);
  });

  it('sends what it holds when the page is hidden or left, not when it shows again', () => {
    const { send, events } = stubBeacon();
    const funnel = createFunnel(URL_, BUSINESS_ID, 'site');
    funnel.step('opened');
    hide('visible');
    expect(send).not.toHaveBeenCalled();
    hide('hidden');
    expect(events()).toEqual([{ type: 'opened' }]);
    funnel.step('quoted');
    dispatchEvent(new Event('pagehide'));
    expect(events()).toEqual([{ type: 'opened' }, { type: 'quoted' }]);
    // Nothing waiting: nothing sent, and the timer of the batch that went is gone.
    hide('hidden');
    vi.advanceTimersByTime(BATCH_MS);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it(`sends a full batch at ${BEACON_EVENTS_MAX} events, never more in one`, () => {
    const { sent } = stubBeacon();
    const funnel = createFunnel(URL_, BUSINESS_ID, 'site');
    for (let i = 0; i < BEACON_EVENTS_MAX + 5; i++)
      funnel.full('2026-12-08', `${String(8 + (i >> 1)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
    expect(sent().map((b) => b.events.length)).toEqual([BEACON_EVENTS_MAX]);
    vi.advanceTimersByTime(BATCH_MS);
    expect(sent().map((b) => b.events.length)).toEqual([BEACON_EVENTS_MAX, 5]);
  });

  it('sends a full day with its date, a taken time with its date and time, each once per visit', () => {
    const { events } = stubBeacon();
    const funnel = createFunnel(URL_, BUSINESS_ID, 'site');
    funnel.full('2026-12-08');
    funnel.full('2026-12-08');
    funnel.full('2026-12-04', '08:30');
    funnel.full('2026-12-04', '08:30');
    funnel.full('2026-12-04', '09:00');
    vi.advanceTimersByTime(BATCH_MS);
    expect(events()).toEqual([
      { type: 'full', date: '2026-12-08' },
      { type: 'full', date: '2026-12-04', time: '08:30' },
      { type: 'full', date: '2026-12-04', time: '09:00' },
    ]);
  });

  it('falls back to fetch with keepalive, as text/plain, where sendBeacon is missing or refuses', () => {
    const fetch = vi.fn(async () => new Response('{"counted":1}'));
    vi.stubGlobal('fetch', fetch);
    const missing = createFunnel(URL_, BUSINESS_ID, 'qr');
    missing.step('opened');
    vi.advanceTimersByTime(BATCH_MS);
    const { send } = stubBeacon(false);
    const refused = createFunnel(URL_, BUSINESS_ID, 'site');
    refused.step('booked');
    expect(send).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    const bodies = fetch.mock.calls.map((call) => {
      const [url, init] = call as unknown as [string, RequestInit];
      expect(url).toBe(URL_);
      expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'text/plain' } });
      return JSON.parse(String(init.body));
    });
    expect(bodies).toEqual([
      { businessId: BUSINESS_ID, source: 'qr', events: [{ type: 'opened' }] },
      { businessId: BUSINESS_ID, source: 'site', events: [{ type: 'booked' }] },
    ]);
  });

  it('never throws into the page: sendBeacon throwing, fetch throwing or failing', async () => {
    const rejected = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', rejected);
    stubBeacon(() => {
      throw new TypeError('Illegal invocation');
    });
    const funnel = createFunnel(URL_, BUSINESS_ID, 'site');
    expect(() => funnel.step('booked')).not.toThrow();
    expect(rejected).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', () => {
      throw new TypeError('fetch is not a function');
    });
    funnel.step('opened');
    expect(() => vi.advanceTimersByTime(BATCH_MS)).not.toThrow();
    await vi.runAllTimersAsync();
  });
});

describe('sourceOf: where a visit came from', () => {
  const tag = (source?: string) => {
    const script = document.createElement('script');
    if (source) script.setAttribute('data-source', source);
    return script;
  };
  it('is site without data-source="page", page with it, and qr with it and ?via=qr', () => {
    expect(sourceOf(tag(), '')).toBe('site');
    expect(sourceOf(tag(), '?via=qr')).toBe('site');
    expect(sourceOf(tag('qr'), '?via=qr')).toBe('site');
    expect(sourceOf(tag('page'), '')).toBe('page');
    expect(sourceOf(tag('page'), '?via=flyer')).toBe('page');
    expect(sourceOf(tag('page'), '?booking=x&via=qr')).toBe('qr');
    expect(sourceOf(tag('page'), '?via=qr')).toBe('qr');
  });
});

describe("dayOf: the hosted page's ?day= (a door-hanger's code)", () => {
  const tag = (source?: string) => {
    const script = document.createElement('script');
    if (source) script.setAttribute('data-source', source);
    return script;
  };
  it("is the page's day, never a website's, and the store opens its date step on a real one", () => {
    expect(dayOf(tag('page'), '?day=2026-12-15&via=qr')).toBe('2026-12-15');
    expect(dayOf(tag(), '?day=2026-12-15')).toBeNull();
    expect(dayOf(tag('page'), '?via=qr')).toBeNull();
    const client = createPublicClient({ baseUrl: 'https://api.test', fetch: fakeApi().fetch });
    expect(createStore(client, BUSINESS_ID, { day: '2026-12-15' }).date.value).toBe('2026-12-15');
    expect(createStore(client, BUSINESS_ID, { day: '15/12/2026' }).date.value).toBe('');
  });
});

describe('the booking form reports its funnel', () => {
  function setup(api = fakeApi(), leave = vi.fn()) {
    const beacon = stubBeacon();
    const client = createPublicClient({ baseUrl: 'https://api.test', fetch: api.fetch });
    const store = createStore(client, BUSINESS_ID, {
      now: () => NOW,
      uuid: () => 'key',
      searchDelay: 0,
      viewer: { timeZone: 'America/Los_Angeles', timeFormat: '12h' },
      funnel: createFunnel(URL_, BUSINESS_ID, 'site'),
      leave,
    });
    store.open('book');
    render(<App store={store} client={client} onClose={() => store.close()} />);
    /** Every event sent so far, after the page "hides" to send what waits. */
    const events = () => {
      hide('hidden');
      return beacon.events();
    };
    return { api, store, user: userEvent.setup(), events, beacon };
  }
  const click = (user: ReturnType<typeof userEvent.setup>, name: string | RegExp) =>
    user.click(screen.getByRole('button', { name }));

  async function toTimes(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('radio', { name: /Full Detail/ }));
    await click(user, 'Next');
    await user.selectOptions(await screen.findByLabelText('Vehicle size'), 'SUV');
    await click(user, 'Next');
    await user.type(await screen.findByRole('combobox', { name: 'Street address' }), '12 Main St, Bever');
    await user.click(await screen.findByRole('option', { name: '12 Main St, Beverly Hills, CA 90210, USA' }));
    await click(user, 'Get my quote');
    await user.click(await screen.findByRole('button', { name: 'Choose a time' }));
    await screen.findByRole('heading', { name: 'Pick a date and time' });
  }
  async function toDetails(user: ReturnType<typeof userEvent.setup>) {
    await toTimes(user);
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await click(user, '9:30 AM');
    await click(user, 'Continue');
    await user.type(await screen.findByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Lopez');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Phone number'), '310 555 0199');
  }
  async function book(user: ReturnType<typeof userEvent.setup>) {
    await toDetails(user);
    await click(user, 'Confirm booking');
    await screen.findByRole('heading', { name: 'Booking received' });
  }

  it('counts each step once per visit; a pop-up closed and opened again is the same visit', async () => {
    const { store, user, events, beacon } = setup();
    await screen.findByRole('heading', { name: 'Choose a service' });
    expect(events()).toEqual([{ type: 'opened' }]);
    store.close();
    store.open('book');
    store.open('book');
    store.open('feedback');
    store.close();
    store.open('book');
    await book(user);
    // booked went at once, without waiting for the page to hide.
    expect(beacon.events()).toEqual([{ type: 'opened' }, { type: 'quoted' }, { type: 'slot' }, { type: 'booked' }]);
    expect(events()).toHaveLength(4);
  });

  it('starts a new visit when the form opens for a new booking after one was answered', async () => {
    const { store, user, events } = setup();
    await book(user);
    store.close();
    store.open('book');
    await screen.findByRole('heading', { name: 'Choose a service' });
    await toTimes(user);
    expect(events()).toEqual([
      { type: 'opened' },
      { type: 'quoted' },
      { type: 'slot' },
      { type: 'booked' },
      { type: 'opened' },
      { type: 'quoted' },
    ]);
  });

  it('counts a booking awaiting its deposit as booked, sent before the page leaves for Stripe', async () => {
    const api = fakeApi();
    const deposit = { dueNow: 61.33, dueLater: 183.97 };
    api.on('POST /api/customer/quote', () => ({
      status: 200,
      body: { lines: [{ label: 'Full Detail', amount: 245.3 }], totalQuote: 245.3, miles: null, deposit },
    }));
    api.on('POST /api/customer/book', (r) => {
      const { date, time } = r.body as { date: string; time: string };
      return {
        status: 201,
        body: {
          bookingId: '33333333-3333-4333-8333-333333333333',
          status: 'awaiting_payment',
          totalQuote: 245.3,
          bookingTime: { day: date, startTime: time, endTime: '12:30' },
          payment: { ...deposit, holdUntil: '2026-12-04T20:15:00.000Z' },
        },
      };
    });
    api.on('POST /api/customer/checkout', () => ({ status: 200, body: { url: 'https://checkout.stripe.test/c/1' } }));
    const sentBeforeLeaving: unknown[] = [];
    const { user, beacon } = setup(
      api,
      vi.fn(() => sentBeforeLeaving.push(...beacon.events())),
    );
    await toDetails(user);
    await click(user, /Book and pay/);
    await waitFor(() => expect(sentBeforeLeaving).toHaveLength(4));
    expect(sentBeforeLeaving).toEqual([{ type: 'opened' }, { type: 'quoted' }, { type: 'slot' }, { type: 'booked' }]);
  });

  it('counts opened only once the form can show, after a failed load is tried again', async () => {
    const api = fakeApi();
    let fail = true;
    api.on(`GET /api/customer/business/${BUSINESS_ID}`, () =>
      fail ? new TypeError('Failed to fetch') : { status: 200, body: demoBusiness() },
    );
    const { user, events } = setup(api);
    await screen.findByRole('button', { name: 'Try again' });
    expect(events()).toEqual([]);
    fail = false;
    await click(user, 'Try again');
    await screen.findByRole('heading', { name: 'Choose a service' });
    expect(events()).toEqual([{ type: 'opened' }]);
  });

  it('reports a full day tapped and a taken time tapped, not a closed or past day; neither is chosen', async () => {
    const api = fakeApi();
    api.on('GET /api/customer/available-days', (r) => ({
      status: 200,
      body: monthDays(r.query.get('month') ?? '', (d) => (d === '2026-12-08' ? 'full' : undefined)),
    }));
    const { user, events, store } = setup(api);
    await toTimes(user);
    const taken = await screen.findByRole('button', { name: '8:30 AM' });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(taken).toHaveAttribute('tabindex', '-1');
    await user.click(taken);
    expect(taken).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await click(user, 'Tuesday, 8 December, full');
    await click(user, 'Saturday, 5 December, closed');
    await click(user, 'Thursday, 3 December, past');
    expect(store.date.value).toBe('2026-12-04');
    expect(events()).toEqual([
      { type: 'opened' },
      { type: 'quoted' },
      { type: 'full', date: '2026-12-04', time: '08:30' },
      { type: 'full', date: '2026-12-08' },
    ]);
  });

  it('keeps nothing in cookies or storage', async () => {
    const storage = [
      vi.spyOn(Storage.prototype, 'getItem'),
      vi.spyOn(Storage.prototype, 'setItem'),
      vi.spyOn(Storage.prototype, 'removeItem'),
    ];
    const cookie = [vi.spyOn(Document.prototype, 'cookie', 'get'), vi.spyOn(Document.prototype, 'cookie', 'set')];
    const { user, events } = setup();
    await book(user);
    expect(events()).toHaveLength(4);
    for (const spy of [...storage, ...cookie]) expect(spy).not.toHaveBeenCalled();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});

describe('inline on the hosted booking page (data-source="page")', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  async function start(search: string) {
    history.replaceState(null, '', `/book/demo-detailing${search}`);
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const spot = document.createElement('div');
    spot.id = 'book-here';
    const script = document.createElement('script');
    script.setAttribute('data-target', 'book-here');
    script.setAttribute('data-source', 'page');
    document.body.append(spot, script);
    inline({ script, businessId: BUSINESS_ID, apiOrigin: 'https://api.test', adopt, warn: vi.fn() });
    const shadow = (document.querySelector('slotwise-widget') as HTMLElement).shadowRoot as ShadowRoot;
    await within(shadow as unknown as HTMLElement).findByRole('heading', { name: 'Choose a service' });
    dispatchEvent(new Event('pagehide'));
    // No sendBeacon in jsdom: the fallback's fetch, at the API's origin and the route table's path.
    await waitFor(() => expect(api.count('POST /api/customer/beacon')).toBe(1));
    const sent = api.last('POST /api/customer/beacon');
    expect(sent?.headers['content-type']).toBe('text/plain');
    return sent?.body;
  }

  it('counts the page as page', async () => {
    expect(await start('')).toEqual({ businessId: BUSINESS_ID, source: 'page', events: [{ type: 'opened' }] });
  });

  it('counts a visit from the QR code as qr', async () => {
    expect(await start('?via=qr')).toEqual({ businessId: BUSINESS_ID, source: 'qr', events: [{ type: 'opened' }] });
  });
});
