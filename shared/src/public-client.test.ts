import { describe, expect, it } from 'vitest';
import * as api from './api.ts';
import { ApiError as ClientApiError, createClient } from './client.ts';
import { ApiError } from './http.ts';
import { createPublicClient } from './public-client.ts';
import { eachRoute } from './routes.ts';

function recorder(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const businessId = '0b5c8f9e-3f4a-4c3b-9d7e-2a1b0c9d8e7f';
const quote = { businessId, serviceId: businessId, address: 'x' };

describe('the clients derived from the route table', () => {
  it('calls the same URLs from the public and the full client', async () => {
    const a = recorder(200, { slots: [] });
    const b = recorder(200, { slots: [] });
    const query = { businessId, date: '2026-12-01', serviceId: businessId };
    await createPublicClient({ baseUrl: 'https://api.test', fetch: a.fetch }).customer.slots({ query });
    await createClient({ baseUrl: 'https://api.test', fetch: b.fetch }).customer.slots({ query });
    expect(a.calls[0]?.url).toBe(
      `https://api.test/api/customer/get-available-slots?businessId=${businessId}&date=2026-12-01&serviceId=${businessId}`,
    );
    expect(b.calls[0]?.url).toBe(a.calls[0]?.url);
  });

  it('fills path parameters, encoded, and sends owner calls with the token', async () => {
    const r = recorder(200, {});
    const client = createClient({ fetch: r.fetch, getToken: () => 'tok' });
    await client.dashboard.editService({
      params: { id: 'a/b c' },
      body: { serviceName: 'Wash', duration: 60, price: 49 },
    });
    expect(r.calls[0]?.url).toBe('/api/business-dashboard/service/edit/a%2Fb%20c');
    expect(r.calls[0]?.init).toMatchObject({ method: 'PUT', headers: { authorization: 'Bearer tok' } });
    await client.customer.business({ params: { businessId } });
    expect(r.calls[1]?.init.headers).not.toHaveProperty('authorization');
  });

  it('has a function for every call of the table, at the method and path it declares', async () => {
    const r = recorder(200, {});
    const client = createClient({ fetch: r.fetch }) as unknown as Record<
      string,
      Record<string, (input?: object) => Promise<unknown>>
    >;
    for (const [group, name, def] of eachRoute()) {
      const params = Object.fromEntries([...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], 'p']));
      await client[group]?.[name]?.({ params });
      const last = r.calls.at(-1);
      expect(last?.init.method, `${group}.${name}`).toBe(def.method);
      expect(last?.url.split('?')[0], `${group}.${name}`).toBe(def.path.replace(/:[A-Za-z]+/g, 'p'));
    }
    expect(r.calls).toHaveLength(eachRoute().length);
  });

  it('sends the Idempotency-Key header with a booking', async () => {
    const r = recorder(201, {});
    await createPublicClient({ fetch: r.fetch }).customer.book({
      body: {
        ...quote,
        address: '1, Beverly Hills, CA 90210, USA',
        date: '2026-12-01',
        time: '09:00',
        firstName: 'Ann',
        lastName: 'Lee',
        customerEmail: 'ann@example.com',
        phoneNumber: '+1 5551234567',
      },
      headers: { 'idempotency-key': 'key-1' },
    });
    expect(r.calls[0]?.init.headers).toMatchObject({ 'idempotency-key': 'key-1', 'content-type': 'application/json' });
    expect(r.calls[0]?.init.method).toBe('POST');
  });

  it("sends the owner's Decline with or without a body (its body schema is optional), and its Undo", async () => {
    const r = recorder(200, {});
    const client = createClient({ fetch: r.fetch, getToken: () => 'tok' });
    await client.dashboard.decline({ params: { id: businessId } });
    await client.dashboard.decline({ params: { id: businessId }, body: { reason: 'Fully booked that week.' } });
    expect(r.calls[0]?.init.body).toBeUndefined();
    expect(r.calls[0]?.init.headers).not.toHaveProperty('content-type');
    expect(r.calls[1]?.init.body).toBe('{"reason":"Fully booked that week."}');
    expect(r.calls[1]?.init.headers).toMatchObject({ 'content-type': 'application/json' });
    // Its answer's Undo, sent back as the owner presses it.
    await client.dashboard.undo({ params: { token: 'Zm9v_YmFy-' } });
    expect(r.calls[2]).toMatchObject({
      url: '/api/business-dashboard/booking/undo/Zm9v_YmFy-',
      init: { method: 'POST', body: undefined },
    });
    expect(r.calls.map((c) => c.url)).toEqual([
      `/api/business-dashboard/booking/decline/${businessId}`,
      `/api/business-dashboard/booking/decline/${businessId}`,
      '/api/business-dashboard/booking/undo/Zm9v_YmFy-',
    ]);
  });

  it('throws one ApiError class with the server sentence and code', async () => {
    const r = recorder(409, { error: 'That time was just taken.', code: 'SLOT_TAKEN' });
    const err = await createPublicClient({ fetch: r.fetch })
      .customer.quote({ body: quote })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(ClientApiError);
    expect(err).toMatchObject({
      status: 409,
      code: 'SLOT_TAKEN',
      message: 'That time was just taken.',
      fromServer: true,
    });
  });

  it('codes failures the server did not explain: no answer, a bare 502, a bare 404', async () => {
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    const client = (fetch: unknown) => createPublicClient({ fetch: fetch as typeof globalThis.fetch });
    await expect(client(down).customer.quote({ body: quote })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    const bare = (status: number) => async () => new Response('<html>proxy</html>', { status });
    await expect(client(bare(502)).customer.quote({ body: quote })).rejects.toMatchObject({ code: 'INTERNAL' });
    await expect(client(bare(404)).customer.quote({ body: quote })).rejects.toMatchObject({
      code: 'UNEXPECTED_ANSWER',
      fromServer: false,
    });
  });

  it('gives up on a stalled server with TIMEOUT and a sentence, before headers and while reading the body', async () => {
    // Like fetch: no answer until the signal aborts the call, then an AbortError.
    const aborted = (signal: AbortSignal | null | undefined) =>
      new Promise<never>((_, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const never = (_url: unknown, init: RequestInit = {}) => aborted(init.signal);
    const timeout = {
      status: 0,
      code: 'TIMEOUT',
      message: 'The server took too long to answer. Check your connection and try again.',
      fromServer: false,
    };
    const client = (fetch: unknown) =>
      createPublicClient({ fetch: fetch as typeof globalThis.fetch, timeoutMs: 30 }).customer.quote({ body: quote });
    await expect(client(never)).rejects.toMatchObject(timeout);
    const stalledBody = async (_url: unknown, init: RequestInit = {}) =>
      new Response(
        new ReadableStream({
          start: (c) => void aborted(init.signal).catch((e) => c.error(e)),
        }),
        { status: 200 },
      );
    await expect(client(stalledBody)).rejects.toMatchObject(timeout);
  });

  it('answers a text call (the CSV export) as text', async () => {
    const fetch = async () => new Response('a,b\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    await expect(createClient({ fetch }).account.exportBookingsCsv()).resolves.toBe('a,b\r\n');
  });

  it('leaves answer checking to the full client given the schemas', async () => {
    const bad = { lines: 'nope' };
    await expect(
      createPublicClient({ fetch: recorder(200, bad).fetch }).customer.quote({ body: quote }),
    ).resolves.toEqual(bad);
    await expect(
      createClient({ fetch: recorder(200, bad).fetch, schemas: api }).customer.quote({ body: quote }),
    ).rejects.toMatchObject({ code: 'UNEXPECTED_ANSWER', message: 'Unexpected answer from /api/customer/quote.' });
  });
});

describe('the full client without schemas', () => {
  it('trusts the answer (production dashboard, docs/decisions/007)', async () => {
    const odd = { lines: 'nope' };
    const fetch = async () => new Response(JSON.stringify(odd), { status: 200 });
    await expect(createClient({ fetch }).customer.quote({ body: quote })).resolves.toEqual(odd);
  });
});
