import { describe, expect, it } from 'vitest';
import * as api from './api.ts';
import { ApiError as ClientApiError, createClient } from './client.ts';
import { ApiError } from './http.ts';
import { createPublicClient } from './public-client.ts';

function recorder(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const businessId = '0b5c8f9e-3f4a-4c3b-9d7e-2a1b0c9d8e7f';

describe('public client', () => {
  it('calls the same URLs as the full client', async () => {
    const a = recorder(200, { slots: [] });
    const b = recorder(200, { slots: [] });
    const query = { businessId, date: '2026-12-01', serviceId: businessId };
    await createPublicClient({ baseUrl: 'https://api.test', fetch: a.fetch }).customer.slots(query);
    await createClient({ baseUrl: 'https://api.test', fetch: b.fetch }).customer.slots(query);
    expect(a.calls[0]?.url).toBe(
      `https://api.test/api/customer/get-available-slots?businessId=${businessId}&date=2026-12-01&serviceId=${businessId}`,
    );
    expect(b.calls[0]?.url).toBe(a.calls[0]?.url);
  });

  it('sends the Idempotency-Key header with a booking', async () => {
    const r = recorder(201, {});
    const client = createPublicClient({ fetch: r.fetch });
    await client.customer.book(
      {
        businessId,
        serviceId: businessId,
        address: '1, Beverly Hills, CA 90210, USA',
        date: '2026-12-01',
        time: '09:00',
        firstName: 'Ann',
        lastName: 'Lee',
        customerEmail: 'ann@example.com',
        phoneNumber: '+1 5551234567',
      },
      'key-1',
    );
    expect(r.calls[0]?.init.headers).toMatchObject({ 'idempotency-key': 'key-1', 'content-type': 'application/json' });
    expect(r.calls[0]?.init.method).toBe('POST');
  });

  it('throws one ApiError class with the server message', async () => {
    const r = recorder(409, { error: 'That time was just taken.' });
    const err = await createPublicClient({ fetch: r.fetch })
      .customer.quote({ businessId, serviceId: businessId, address: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(ClientApiError);
    expect(err).toMatchObject({ status: 409, message: 'That time was just taken.' });
  });

  it('leaves answer checking to the full client given the schemas', async () => {
    const bad = { lines: 'nope' };
    await expect(
      createPublicClient({ fetch: recorder(200, bad).fetch }).customer.quote({
        businessId,
        serviceId: businessId,
        address: 'x',
      }),
    ).resolves.toEqual(bad);
    await expect(
      createClient({ fetch: recorder(200, bad).fetch, schemas: api }).customer.quote({
        businessId,
        serviceId: businessId,
        address: 'x',
      }),
    ).rejects.toMatchObject({ message: 'Unexpected answer from /api/customer/quote.' });
  });
});

describe('the full client without schemas', () => {
  it('trusts the answer (production dashboard, docs/decisions/007)', async () => {
    const odd = { lines: 'nope' };
    const fetch = async () => new Response(JSON.stringify(odd), { status: 200 });
    await expect(
      createClient({ fetch }).customer.quote({
        businessId: '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11',
        serviceId: '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11',
        address: 'x',
      }),
    ).resolves.toEqual(odd);
  });
});
