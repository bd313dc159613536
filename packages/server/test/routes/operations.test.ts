import { randomUUID } from 'node:crypto';
import { foldLine } from '@slotwise/shared/ics';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../helpers.ts';

describe('ics line folding', () => {
  it('folds at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe.each(storages())('operations settings and calendar feed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('stores travel, service area, cut-off, horizon and notice, and refuses bad values', async () => {
    const o = await onboardedOwner(t.app);
    const url = '/api/business-dashboard/settings/operations';
    expect((await t.app.inject({ url, headers: o.auth })).json()).toEqual({
      travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
      horizonDays: 90,
      minNoticeHours: 2,
      vehicleCostPerMile: 0,
    });
    const next = {
      travel: { enabled: true, speedMph: 40, bufferMinutes: 15 },
      maxDistanceMiles: 25,
      changeCutoffHours: 24,
      horizonDays: 30,
      minNoticeHours: 0.5,
      vehicleCostPerMile: 0.7,
    };
    const put = await t.app.inject({ method: 'PUT', url, headers: o.auth, payload: next });
    expect(put.json()).toEqual(next);
    expect((await t.app.inject({ url, headers: o.auth })).json()).toEqual(next);
    // An older client that leaves the three out keeps them as they are.
    const { horizonDays: _h, minNoticeHours: _n, vehicleCostPerMile: _v, ...older } = next;
    expect((await t.app.inject({ method: 'PUT', url, headers: o.auth, payload: older })).json()).toEqual(next);
    for (const [bad, message] of [
      [{ ...next, horizonDays: 0 }, /at least 1 day/],
      [{ ...next, horizonDays: 800 }, /at most 730 days/],
      [{ ...next, minNoticeHours: 0.25 }, /whole or half hours/],
      [{ ...next, minNoticeHours: 200 }, /at most 168 hours/],
      [{ ...next, changeCutoffHours: 5 }, /one of 0 \(none\), 2, 12, 24 or 48/],
      [{ ...next, maxDistanceMiles: -3 }, /more than 0 miles/],
      [{ ...next, travel: { ...next.travel, speedMph: 0 } }, /at least 5 mph/],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, headers: o.auth, payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });

  // Issue 39: its OpenAPI schema forbids other fields (additionalProperties: false), and the server
  // answered 200, dropping them: a misspelt field was silently ignored.
  it('refuses a field it does not declare, at any depth, naming it, as its OpenAPI schema says', async () => {
    const o = await onboardedOwner(t.app);
    const url = '/api/business-dashboard/settings/operations';
    const before = (await t.app.inject({ url, headers: o.auth })).json();
    const next = { ...before, maxDistanceMiles: 25 };
    for (const [bad, field] of [
      [{ ...next, maxDistanceMile: 40 }, 'maxDistanceMile'],
      [{ ...next, travel: { ...next.travel, bufferMinute: 10 } }, 'travel.bufferMinute'],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, headers: o.auth, payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        error: `${field} is not a field of this call: remove it, or check its spelling against the API reference (GET /api/docs).`,
      });
    }
    expect((await t.app.inject({ url, headers: o.auth })).json()).toEqual(before);
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const schema = doc.components.schemas.OperationsSettings;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.travel.additionalProperties).toBe(false);
  });

  it('serves a private RFC 5545 feed of pending and approved bookings and blocked times, for this business only, until revoked', async () => {
    const a = await onboardedOwner(t.app);
    const b = await onboardedOwner(t.app);
    const now = Date.now();
    const start = Math.floor((now + 2 * 24 * 3600 * 1000) / 60_000) * 60_000;
    const booking = (business: string, status: string, first: string, offsetH: number) => ({
      id: randomUUID(),
      business_id: business,
      service_id: null,
      service_name: 'Full Detail',
      duration_min: 60,
      first_name: first,
      last_name: 'Smith, Jr.',
      customer_email: 'c@example.com',
      phone_number: '+1 5550001111',
      car_body_type: 'SUV',
      customer_address: '5, Beverly Hills, CA 90210, USA',
      customer_lat: null,
      customer_lng: null,
      miles: null,
      total_cents: 12950,
      quote_lines: '[]',
      status,
      day: '2030-01-01',
      start_time: '10:00',
      end_time: '11:00',
      start_ms: start + offsetH * 3600_000,
      end_ms: start + (offsetH + 1) * 3600_000,
      created_at: now,
      updated_at: now,
    });
    await t.ctx.db
      .insertInto('bookings')
      .values([
        booking(a.businessId, 'pending', 'Pat', 0),
        booking(a.businessId, 'approved', 'Alex', 2),
        booking(a.businessId, 'cancelled', 'Gone', 4),
        booking(b.businessId, 'approved', 'OtherOwnersCustomer', 0),
      ])
      .execute();
    await t.ctx.db
      .insertInto('blocked_times')
      .values({
        id: randomUUID(),
        business_id: a.businessId,
        title: 'Lunch Break',
        reason: 'lunch',
        start_ms: start + 6 * 3600_000,
        end_ms: start + 7 * 3600_000,
        created_at: now,
      })
      .execute();

    const { url } = (
      await t.app.inject({ url: '/api/business-dashboard/settings/calendar-feed', headers: a.auth })
    ).json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/feed\.ics\?businessId=[0-9a-f-]+&token=[\w-]+$/);
    const path = url.replace('http://localhost:3000', '');
    const res = await t.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/calendar/);
    expect(res.body).toMatch(/\r\n/);

    const cal = new ICAL.Component(ICAL.parse(res.body));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const summaries = events.map((e) => e.summary).sort();
    expect(summaries).toEqual(['Full Detail: Alex Smith, Jr.', 'Full Detail: Pat Smith, Jr. (pending)', 'Lunch Break']);
    const alex = events.find((e) => e.summary.startsWith('Full Detail: Alex'))!;
    expect(alex.startDate.toJSDate().getTime()).toBe(start + 2 * 3600_000);
    expect(alex.endDate.toJSDate().getTime()).toBe(start + 3 * 3600_000);
    expect(alex.location).toBe('5, Beverly Hills, CA 90210, USA');
    expect(alex.description).toContain('Phone: (555) 000-1111');
    expect(res.body).not.toContain('OtherOwnersCustomer');

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/business-dashboard/settings/calendar-feed/revoke',
      headers: a.auth,
    });
    expect(revoked.json().url).not.toBe(url);
    const old = await t.app.inject({ url: path });
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toMatch(/revoked/);
    expect((await t.app.inject({ url: revoked.json().url.replace('http://localhost:3000', '') })).statusCode).toBe(200);
    // Another business's id with this token is refused too.
    expect((await t.app.inject({ url: path.replace(a.businessId, b.businessId) })).statusCode).toBe(404);
  });

  it('escapes control characters in the feed and folds every line at 75 octets', async () => {
    const a = await onboardedOwner(t.app);
    const now = Date.now();
    const start = Math.floor((now + 2 * 24 * 3600 * 1000) / 60_000) * 60_000;
    const long = 'Ü'.repeat(120);
    // PostgreSQL's text cannot hold NUL at all (and the API refuses it, issue 20); SQLite rows made before may.
    const nul = kind === 'postgres' ? '' : '\u0000';
    await t.ctx.db
      .insertInto('bookings')
      .values({
        id: randomUUID(),
        business_id: a.businessId,
        service_id: null,
        service_name: `Full Detail ${'x'.repeat(100)}`,
        duration_min: 60,
        first_name: 'Pat\rX-INJECTED:1',
        last_name: `Sm${nul}ith\r\nJr\u0007\tII`,
        customer_email: 'c@example.com',
        phone_number: '+1 5550001111',
        car_body_type: `Van\r${long}`,
        customer_address: `5, Beverly${nul} Hills\rCA, ${long}`,
        customer_lat: null,
        customer_lng: null,
        miles: null,
        total_cents: 12950,
        quote_lines: '[]',
        status: 'approved',
        day: '2030-01-01',
        start_time: '10:00',
        end_time: '11:00',
        start_ms: start,
        end_ms: start + 3600_000,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const { url } = (
      await t.app.inject({ url: '/api/business-dashboard/settings/calendar-feed', headers: a.auth })
    ).json();
    const res = await t.app.inject({ url: url.replace('http://localhost:3000', '') });
    expect(res.statusCode).toBe(200);
    // No control character but the CRLF line ends and the space that starts a folded line.
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
    expect(res.body).not.toMatch(/^X-INJECTED/m);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const [event] = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event!.summary).toBe(`Full Detail ${'x'.repeat(100)}: Pat\nX-INJECTED:1 Smith\nJr\tII`);
    expect(event!.location).toBe(`5, Beverly Hills\nCA, ${long}`);
    // A booking before several questions: its answer under the business's first question (domain/booking-answers.ts).
    expect(event!.description).toMatch(new RegExp(`(Answer|[^\\n]+): Van\\n${long}`));
  });
});
