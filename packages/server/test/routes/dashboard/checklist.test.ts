/** The overview's first-day checklist (docs/product.md#the-first-day-checklist): marks made by doing the thing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../../helpers.ts';
import { insertBooking } from './fixtures.ts';

const base = '/api/business-dashboard';

describe.each(storages())('the first-day checklist on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function owner() {
    const o = await onboardedOwner(t.app);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `${base}/${url}`, headers: o.auth, ...(payload ? { payload } : {}) });
    const done = async () => {
      const res = await call('GET', 'checklist');
      expect(res.statusCode).toBe(200);
      return (res.json() as { items: { id: string; done: boolean }[] }).items.filter((i) => i.done).map((i) => i.id);
    };
    return { ...o, call, done };
  }

  it('starts with nothing done and not dismissed, the trade template’s services not counting as checked', async () => {
    const o = await owner();
    expect((await o.call('GET', 'services')).json().services.length).toBeGreaterThan(0);
    expect((await o.call('GET', 'checklist')).json()).toEqual({
      items: [
        { id: 'prices', done: false },
        { id: 'hours', done: false },
        { id: 'booking-link', done: false },
        { id: 'embed', done: false },
        { id: 'test-booking', done: false },
      ],
      dismissed: false,
    });
  });

  it('ticks "prices" when the owner adds, edits or deletes a service', async () => {
    const added = await owner();
    expect((await added.call('POST', 'service/add', { serviceName: 'Wax', duration: 30, price: 20 })).statusCode).toBe(
      201,
    );
    expect(await added.done()).toEqual(['prices']);

    const edited = await owner();
    const [first] = (await edited.call('GET', 'services')).json().services;
    const edit = await edited.call('PUT', `service/edit/${first._id}`, { ...first, price: first.price + 10 });
    expect(edit.statusCode).toBe(200);
    expect(await edited.done()).toEqual(['prices']);

    const deleted = await owner();
    const [gone] = (await deleted.call('GET', 'services')).json().services;
    expect((await deleted.call('DELETE', `service/delete/${gone._id}`)).statusCode).toBe(200);
    expect(await deleted.done()).toEqual(['prices']);
  });

  it('does not tick "prices" for a refused change', async () => {
    const o = await owner();
    const missing = await o.call('DELETE', 'service/delete/8f0c6b3e-2a4d-4c1e-9b7a-1d2e3f4a5b6c');
    expect(missing.statusCode).toBe(404);
    expect((await o.call('POST', 'service/add', { serviceName: '', duration: 30, price: 1 })).statusCode).toBe(400);
    expect(await o.done()).toEqual([]);
  });

  it('ticks "hours" when the hours are saved, all at once or one day', async () => {
    const all = await owner();
    const week = (await all.call('GET', 'availability')).json();
    expect((await all.call('PUT', 'availability/update', { businessHours: week })).statusCode).toBe(200);
    expect(await all.done()).toEqual(['hours']);

    const one = await owner();
    const single = await one.call('PUT', 'availability/update-single', {
      day: 'Saturday',
      startTime: '09:00',
      endTime: '13:00',
    });
    expect(single.statusCode).toBe(200);
    expect(await one.done()).toEqual(['hours']);
  });

  it('ticks "embed" when the dashboard says the code was copied, keeping the first time', async () => {
    const o = await owner();
    const res = await o.call('POST', 'checklist/embed-copied');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toContainEqual({ id: 'embed', done: true });
    const mark = async () =>
      (
        await t.ctx.db
          .selectFrom('first_day_checklist')
          .select('embed_copied_at')
          .where('business_id', '=', o.businessId)
          .executeTakeFirstOrThrow()
      ).embed_copied_at;
    const first = await mark();
    await new Promise((r) => setTimeout(r, 5));
    await o.call('POST', 'checklist/embed-copied');
    expect(await mark()).toBe(first);
    expect(await o.done()).toEqual(['embed']);
  });

  it('ticks "booking-link" alone when the link was copied or shared, and "embed" alone for the code', async () => {
    const link = await owner();
    const res = await link.call('POST', 'checklist/link-shared');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toContainEqual({ id: 'booking-link', done: true });
    expect(await link.done()).toEqual(['booking-link']);

    const code = await owner();
    await code.call('POST', 'checklist/embed-copied');
    expect(await code.done()).toEqual(['embed']);
  });

  it('ticks "test-booking" once the business has any booking, whatever its status', async () => {
    const o = await owner();
    await insertBooking(t.ctx, o.businessId, {
      day: '2026-12-01',
      startTime: '10:00',
      endTime: '11:00',
      status: 'cancelled',
    });
    expect(await o.done()).toEqual(['test-booking']);
  });

  it('stays dismissed once dismissed, for that business only', async () => {
    const o = await owner();
    const other = await owner();
    const res = await o.call('POST', 'checklist/dismiss');
    expect(res.statusCode).toBe(200);
    expect(res.json().dismissed).toBe(true);
    // Another device: a fresh read.
    expect((await o.call('GET', 'checklist')).json().dismissed).toBe(true);
    // Marks made later still count, and dismissing again changes nothing.
    await o.call('POST', 'checklist/embed-copied');
    const again = (await o.call('POST', 'checklist/dismiss')).json();
    expect(again.dismissed).toBe(true);
    expect(again.items).toContainEqual({ id: 'embed', done: true });
    expect((await other.call('GET', 'checklist')).json().dismissed).toBe(false);
  });

  it('needs the owner’s session', async () => {
    for (const [method, url] of [
      ['GET', 'checklist'],
      ['POST', 'checklist/embed-copied'],
      ['POST', 'checklist/link-shared'],
      ['POST', 'checklist/dismiss'],
    ] as const) {
      expect((await t.app.inject({ method, url: `${base}/${url}` })).statusCode).toBe(401);
    }
  });
});
