/**
 * The API describes itself (api-reference/): GET /api/openapi.json lists exactly the
 * API routes the server registers, every error answer carries a documented code, and
 * with CHECK_ANSWERS on (development and tests) an answer that leaks an undeclared
 * field or breaks its schema fails loudly.
 */

import * as api from '@slotwise/shared/api';
import { ERRORS } from '@slotwise/shared/errors';
import { eachRoute } from '@slotwise/shared/routes';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProblem } from '../src/plugins/validation.ts';
import { createTestApp, onboardedOwner, type TestApp } from './helpers.ts';

describe('the API reference', () => {
  let t: TestApp;
  const registered: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite', { onRoute: (r) => registered.push(r) });
  });
  afterAll(() => t.close());

  it('lists in /api/openapi.json every API route the server registers, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    // CORS preflights (OPTIONS) and Fastify's automatic HEAD twins of GET routes are plumbing, not calls.
    const served = [
      ...new Set(
        registered
          .filter((r) => r.url.startsWith('/api/'))
          .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => [m, r.url] as const))
          .filter(([m]) => m !== 'OPTIONS' && m !== 'HEAD')
          .map(([m, url]) => `${m} ${url.replace(/:([A-Za-z]+)/g, '{$1}')}`),
      ),
    ].sort();
    expect(documented).toEqual(served);
    expect(documented).toHaveLength(eachRoute().length);
  });

  it('documents every request schema, answer schema and error code', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      info: { description: string };
      tags: { name: string; description: string }[];
      components: { schemas: Record<string, unknown> };
      paths: Record<
        string,
        Record<string, { operationId: string; requestBody?: unknown; security?: unknown; 'x-login'?: string }>
      >;
    };
    for (const [group, name, def] of eachRoute()) {
      const op = doc.paths[def.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[def.method.toLowerCase()];
      expect(op?.operationId).toBe(`${group}.${name}`);
      // A photo upload's body is the image's bytes (docs/decisions/053).
      expect(Boolean(op?.requestBody)).toBe(Boolean(def.body || def.upload));
      // A public call says so with an empty list (Redocly's security-defined rule; openapi-lint.test.ts).
      expect(op?.security).toEqual(def.auth === 'none' ? [] : [{ bearer: [] }]);
      expect(op?.['x-login']).toBe(def.auth === 'crew' ? 'crew' : undefined);
      if (def.body) expect(doc.components.schemas).toHaveProperty(def.body);
      if (typeof def.response === 'string') expect(doc.components.schemas).toHaveProperty(def.response);
    }
    // One tag per group of the route table, in its order, each described (Redocly's tag-description).
    expect(doc.tags.map((tag) => tag.name)).toEqual([...new Set(eachRoute().map(([group]) => group))]);
    for (const tag of doc.tags) expect(tag.description.length).toBeGreaterThan(20);
    for (const [code, e] of Object.entries(ERRORS))
      if (e.status > 0) expect(doc.info.description).toContain(`\`${code}\` (${e.status})`);
    // A body the schema lets the caller leave out (the Decline's reason) is not required; the others are.
    const body = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.requestBody as { required?: boolean } | undefined)?.required;
    expect(body('/api/business-dashboard/booking/decline/{id}', 'put')).toBe(false);
    expect(body('/api/customer/book', 'post')).toBe(true);
    // A crew member's login (docs/decisions/024): the owner's calls, the invitation, and the crew's own.
    const ops = (path: string) => Object.values(doc.paths[path] ?? {}).map((op) => op.operationId);
    expect(ops('/api/business-dashboard/crews/{id}/member')).toEqual([
      'dashboard.inviteCrewMember',
      'dashboard.removeCrewMember',
    ]);
    expect(ops('/api/business-dashboard/crews/{id}/member/resend')).toEqual(['dashboard.resendCrewInvite']);
    expect(ops('/api/auth/crew-invitation')).toEqual(['auth.crewInvitation', 'auth.acceptCrewInvitation']);
    for (const [path, id] of [
      ['/api/crew/schedule', 'crew.schedule'],
      ['/api/crew/jobs/{id}/start', 'crew.startJob'],
      ['/api/crew/jobs/{id}/complete', 'crew.completeJob'],
      ['/api/crew/calendar-feed/revoke', 'crew.revokeFeed'],
    ] as const) {
      expect(ops(path)).toEqual([id]);
      expect(Object.values(doc.paths[path]!)[0]?.['x-login']).toBe('crew');
    }
    expect(doc.components.schemas).toHaveProperty('CrewSchedule');
    expect(doc.components.schemas).toHaveProperty('LoginResponse');
  });

  it('says that answers replaces the single answer of older embeds (docs/decisions/026)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(doc).toContain('Deprecated: answers replaces it.');
    expect(doc).toContain('`answers` (by question _id) replaces the single `answer`');
  });

  it("documents the specification's single-question calls as the specification's (issue 39)", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
    };
    const get = doc.paths['/api/business-dashboard/settings/specific-question']?.get;
    const put = doc.paths['/api/business-dashboard/settings/update-specific-question']?.put;
    expect(get?.operationId).toBe('dashboard.specificQuestion');
    expect(put?.operationId).toBe('dashboard.updateSpecificQuestion');
    for (const op of [get, put])
      expect(op?.summary).toMatch(/^The specification's call \(section 7\): .*first quote question/);
    const page = (await t.app.inject({ method: 'GET', url: '/api/docs' })).body;
    expect(page).toContain('<code>/api/business-dashboard/settings/update-specific-question</code>');
  });

  it('serves a readable reference page at /api/docs that runs no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<span class="method">POST</span> <code>/api/customer/book</code>');
    expect(res.body).toContain('SLOT_TAKEN');
    expect(res.body).toContain('idempotency-key');
    // Public calls (security: []) read "No login"; the owner's name the Bearer token.
    const section = (path: string) => res.body.slice(res.body.indexOf(`<code>${path}</code>`)).slice(0, 600);
    expect(section('/api/customer/book')).toContain('No login');
    // Each group under its heading with its description (the OpenAPI tag's).
    expect(res.body).toContain('<h2 id="webhooks">webhooks</h2><p>Stripe');
    expect(section('/api/business-dashboard/settings/specific-question')).toContain('Owner: <code>Authorization');
  });

  it('answers an unknown API path with ROUTE_NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such endpoint: GET /api/nothing-here', code: 'ROUTE_NOT_FOUND' });
  });
});

describe('answers are checked against their declared schema', () => {
  it('finds a field the schema does not declare, however deep', () => {
    const booking = {
      _id: '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11',
      firstName: 'Ann',
      lastName: 'Lee',
      serviceName: 'Wash',
      customerEmail: 'ann@example.com',
      phoneNumber: '+1 5551234567',
      carBodyType: null,
      totalQuote: 49,
      status: 'pending',
      bookingTime: { day: '2026-12-01', startTime: '09:00', endTime: '10:00' },
    };
    expect(answerProblem(api.BookingsResponse, { bookings: [booking] })).toBeNull();
    expect(answerProblem(api.BookingsResponse, { bookings: [{ ...booking, password_hash: 'x' }] })).toBe(
      "bookings[0].password_hash is not declared by the answer's schema",
    );
    expect(
      answerProblem(api.BookingsResponse, {
        bookings: [{ ...booking, bookingTime: { ...booking.bookingTime, ms: 1 } }],
      }),
    ).toBe("bookings[0].bookingTime.ms is not declared by the answer's schema");
    expect(answerProblem(api.BookingsResponse, { bookings: [{ ...booking, status: 'lost' }] })).toMatch(/status/);
  });

  it.each([
    ['on', 500],
    ['off', 200],
  ] as const)('with CHECK_ANSWERS=%s, a handler that leaks a field answers %i', async (check, status) => {
    const t = await createTestApp('sqlite', { env: { CHECK_ANSWERS: check } });
    try {
      const owner = await onboardedOwner(t.app);
      // A repository that starts returning a column nobody meant to publish; the handler passes it on.
      const repo = t.ctx.repos.availability;
      const forBusiness = repo.forBusiness.bind(repo);
      repo.forBusiness = async (...args) =>
        (await forBusiness(...args)).map((day) => ({ ...day, business_id: owner.businessId }));
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/business-dashboard/availability',
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(status);
      if (check === 'on') {
        expect(res.json()).toMatchObject({ code: 'INTERNAL' });
        expect(res.json().error).toContain("[0].business_id is not declared by the answer's schema");
        expect(t.logs.join('\n')).toContain('answer does not match its declared schema');
      } else expect(res.json()[0]).toHaveProperty('business_id');
    } finally {
      await t.close();
    }
  });
});
