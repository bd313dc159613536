import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetKeptAnswers, keepingAnswers, offline } from './offline.ts';

const URL_ = '/api/business-dashboard/bookings';
const OWNER = { headers: { authorization: 'Bearer t' } };
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });
const down = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => {
  forgetKeptAnswers();
});

describe('the answers kept for a session without a connection', () => {
  it("gives back an owner read's last answer when the network fails, and says the network is down", async () => {
    const send = vi.fn<typeof fetch>(async () => json({ bookings: ['Pat'] }));
    const f = keepingAnswers(send);
    expect(await (await f(URL_, OWNER)).json()).toEqual({ bookings: ['Pat'] });
    expect(offline.value).toBe(false);
    send.mockImplementation(down);
    const again = await f(URL_, OWNER);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ bookings: ['Pat'] });
    expect(offline.value).toBe(true);
    // Any answer, even a refusal, means the server is reachable again.
    send.mockImplementation(async () => json({ error: 'No', code: 'NOT_FOUND' }, {}));
    await f('/api/other', OWNER);
    expect(offline.value).toBe(false);
  });

  it('keeps them in sessionStorage only, never in localStorage', async () => {
    const f = keepingAnswers(async () => json({ name: 'Ann Smith' }));
    await f(URL_, OWNER);
    expect(Object.keys(sessionStorage)).toEqual([`slotwise:answer:${URL_}`]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('gives back the kept answer when the client gives up on a stalled call (its timeout)', async () => {
    const send = vi.fn<typeof fetch>(async () => json({ bookings: [] }));
    const f = keepingAnswers(send);
    await f(URL_, OWNER);
    send.mockImplementation(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    expect(await (await f(URL_, OWNER)).json()).toEqual({ bookings: [] });
  });

  it('fails as before when this call was never answered in this session', async () => {
    const f = keepingAnswers(vi.fn<typeof fetch>(down));
    await expect(f(URL_, OWNER)).rejects.toThrow('Failed to fetch');
    expect(offline.value).toBe(true);
  });

  it.each([
    ['a call without the session (the customer pages, the widget)', URL_, {}, json({ booking: 1 })],
    ['a change', URL_, { ...OWNER, method: 'POST' }, json({ ok: 1 })],
    [
      'an answer marked no-store (a customer data export)',
      URL_,
      OWNER,
      json({ x: 1 }, { 'cache-control': 'no-store' }),
    ],
    ['a file (the bookings CSV)', URL_, OWNER, new Response('a,b', { headers: { 'content-type': 'text/csv' } })],
    [
      'a refusal',
      URL_,
      OWNER,
      new Response('{"error":"x"}', { status: 404, headers: { 'content-type': 'application/json' } }),
    ],
  ])('keeps nothing of %s', async (_what, url, init, answer) => {
    const send = vi.fn<typeof fetch>(async () => answer);
    const f = keepingAnswers(send);
    await f(url, init);
    expect(Object.keys(sessionStorage)).toEqual([]);
    send.mockImplementation(down);
    await expect(f(url, init)).rejects.toThrow('Failed to fetch');
  });

  it('forgets everything at the end of a session, even an answer still on its way', async () => {
    let answer!: (r: Response) => void;
    const send = vi.fn<typeof fetch>(async () => json({ a: 1 }));
    const f = keepingAnswers(send);
    await f(URL_, OWNER);
    sessionStorage.setItem('other', 'kept');
    send.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    const late = f('/api/business-dashboard/business-details', OWNER);
    forgetKeptAnswers();
    answer(json({ b: 2 }));
    await late;
    expect(Object.keys(sessionStorage)).toEqual(['other']);
  });

  it('starts over when sessionStorage is full', async () => {
    const f = keepingAnswers(async () => json({ a: 1 }));
    await f('/api/one', OWNER);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await f('/api/two', OWNER);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(Object.keys(sessionStorage)).toEqual(['slotwise:answer:/api/two']);
  });

  it("follows the browser's offline and online events", () => {
    window.dispatchEvent(new Event('offline'));
    expect(offline.value).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(offline.value).toBe(false);
  });
});
