import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_ADDRESS_NOT_FOUND as ADDRESS_NOT_FOUND } from '../../../src/domain/places.ts';
import { createTestApp, onboardedOwner, storages, type TestApp } from '../../helpers.ts';
import { insertBooking } from './fixtures.ts';

const base = '/api/business-dashboard';
const DEFAULT_HOURS = [
  { day: 'Monday', startTime: '10:00', endTime: '19:00' },
  { day: 'Tuesday', startTime: '10:00', endTime: '19:00' },
  { day: 'Wednesday', startTime: '10:00', endTime: '19:00' },
  { day: 'Thursday', startTime: '10:00', endTime: '19:00' },
  { day: 'Friday', startTime: '10:00', endTime: '19:00' },
  { day: 'Saturday', startTime: null, endTime: null },
  { day: 'Sunday', startTime: null, endTime: null },
];

describe.each(storages())('dashboard settings on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof onboardedOwner>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await onboardedOwner(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${base}/${url}`, headers: owner.auth, payload: payload as object });

  it('tells the owner their business id', async () => {
    const res = await call('GET', 'business-details');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ businessId: owner.businessId });
  });

  describe('address and time zone', () => {
    beforeEach(async () => {
      await t.ctx.db.deleteFrom('bookings').execute();
      await call('PUT', 'address/update', { address: '12, Beverly Hills, CA 90210, USA' });
    });

    it('reads the address and updates it with new coordinates and time zone', async () => {
      expect((await call('GET', 'address')).json()).toEqual({ address: '12, Beverly Hills, CA 90210, USA' });
      const res = await call('PUT', 'address/update', { address: '5, Austin, TX 73301, USA' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        businessId: owner.businessId,
        address: '5, Austin, TX 73301, USA',
        timeZone: 'America/Chicago',
        onboarded: true,
      });
      expect((await call('GET', 'address')).json()).toEqual({ address: '5, Austin, TX 73301, USA' });
      const row = await t.ctx.db
        .selectFrom('businesses')
        .select(['lat', 'lng', 'time_zone'])
        .where('id', '=', owner.businessId)
        .executeTakeFirstOrThrow();
      expect(row.lat).toBeCloseTo(30.3, 0);
      expect(row.lng).toBeCloseTo(-97.7, 0);
      expect(row.time_zone).toBe('America/Chicago');
    });

    it('keeps the instants of existing bookings and shows them in the new zone', async () => {
      const id = await insertBooking(t.ctx, owner.businessId, {
        day: '2027-03-01',
        startTime: '10:00',
        endTime: '11:30',
      });
      const late = await insertBooking(t.ctx, owner.businessId, {
        day: '2027-03-01',
        startTime: '22:00',
        endTime: '22:30',
      });
      const before = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await call('PUT', 'address/update', { address: '5, Austin, TX 73301, USA' });
      const after = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect([after.start_ms, after.end_ms]).toEqual([before.start_ms, before.end_ms]);
      const list = (await call('GET', 'bookings')).json().bookings as { _id: string; bookingTime: object }[];
      expect(list.find((b) => b._id === id)?.bookingTime).toEqual({
        day: '2027-03-01',
        startTime: '12:00',
        endTime: '13:30',
      });
      // 22:00 in Los Angeles is midnight in Chicago: the booking moves to the next day.
      expect(list.find((b) => b._id === late)?.bookingTime).toEqual({
        day: '2027-03-02',
        startTime: '00:00',
        endTime: '00:30',
      });
    });

    it.each([
      [{ address: '7, Nowhere Land, ZZ' }, ADDRESS_NOT_FOUND],
      [{ address: 'Austin TX 73301' }, /^Add your business's street address/],
      [{ address: '' }, 'Address is required.'],
      [{}, 'Address is required.'],
      [{ address: `1, ${'x'.repeat(300)}` }, 'Address must be at most 300 characters.'],
    ])('refuses %j with 400 and keeps the old address', async (body, message) => {
      const res = await call('PUT', 'address/update', body);
      expect(res.statusCode).toBe(400);
      if (typeof message === 'string') expect(res.json().error).toBe(message);
      else expect(res.json().error).toMatch(message);
      expect((await call('GET', 'address')).json()).toEqual({ address: '12, Beverly Hills, CA 90210, USA' });
    });

    it('sets the time zone by IANA name, in its canonical spelling, rewriting shown booking times', async () => {
      const id = await insertBooking(t.ctx, owner.businessId, {
        day: '2027-03-01',
        startTime: '10:00',
        endTime: '11:00',
      });
      const res = await call('PUT', 'settings/time-zone', { timeZone: ' america/new_york ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ businessId: owner.businessId, timeZone: 'America/New_York' });
      const booking = (await call('GET', 'bookings')).json().bookings.find((b: { _id: string }) => b._id === id);
      expect(booking.bookingTime).toEqual({ day: '2027-03-01', startTime: '13:00', endTime: '14:00' });
      expect((await call('PUT', 'settings/time-zone', { timeZone: 'UTC' })).json().timeZone).toBe('UTC');
    });

    it.each([
      [{ timeZone: 'Mars/Olympus_Mons' }, 'Time zone must be an IANA name like America/New_York.'],
      [{ timeZone: '+05:00' }, 'Time zone must be an IANA name like America/New_York.'],
      [{ timeZone: 'x'.repeat(65) }, 'Time zone must be at most 64 characters.'],
      [{ timeZone: '' }, 'Time zone is required.'],
      [{}, 'Time zone is required.'],
    ])('refuses the time zone %j with 400', async (body, message) => {
      const res = await call('PUT', 'settings/time-zone', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      const profile = await t.app.inject({ url: '/api/onboarding/profile', headers: owner.auth });
      expect(profile.json().timeZone).toBe('America/Los_Angeles');
    });
  });

  describe('time format', () => {
    const profile = async () => (await t.app.inject({ url: '/api/onboarding/profile', headers: owner.auth })).json();
    const publicBusiness = async () =>
      (await t.app.inject({ url: `/api/customer/business/${owner.businessId}` })).json();

    it('starts on a 12-hour clock, switches to 24-hour and back, and the profile and the widget read it', async () => {
      expect((await profile()).timeFormat).toBe('12h');
      expect((await publicBusiness()).timeFormat).toBe('12h');

      const res = await call('PUT', 'settings/time-format', { timeFormat: '24h' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        businessId: owner.businessId,
        timeFormat: '24h',
        timeZone: 'America/Los_Angeles',
      });
      expect((await profile()).timeFormat).toBe('24h');
      expect((await publicBusiness()).timeFormat).toBe('24h');

      expect((await call('PUT', 'settings/time-format', { timeFormat: '12h' })).json().timeFormat).toBe('12h');
      expect((await profile()).timeFormat).toBe('12h');
    });

    it.each([[{ timeFormat: '12-hour' }], [{ timeFormat: 24 }], [{}]])(
      'refuses %j with 400 and keeps the clock',
      async (body) => {
        await call('PUT', 'settings/time-format', { timeFormat: '24h' });
        const res = await call('PUT', 'settings/time-format', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'VALIDATION_FAILED',
          error: expect.stringContaining('Time format must be "12h" (8:00 AM) or "24h" (08:00).'),
        });
        expect((await profile()).timeFormat).toBe('24h');
        await call('PUT', 'settings/time-format', { timeFormat: '12h' });
      },
    );
  });

  describe('business hours', () => {
    beforeEach(async () => {
      await t.ctx.db.deleteFrom('availability').execute();
    });

    it('answers the defaults when nothing is stored: Monday to Friday 10:00-19:00, weekend off', async () => {
      const res = await call('GET', 'availability');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULT_HOURS);
    });

    it('updates one day and answers all seven', async () => {
      const res = await call('PUT', 'availability/update-single', {
        day: 'Saturday',
        startTime: '09:00',
        endTime: '13:30',
      });
      expect(res.statusCode).toBe(200);
      const expected = DEFAULT_HOURS.map((d) =>
        d.day === 'Saturday' ? { day: 'Saturday', startTime: '09:00', endTime: '13:30' } : d,
      );
      expect(res.json()).toEqual(expected);
      const off = await call('PUT', 'availability/update-single', { day: 'Monday', startTime: null, endTime: null });
      expect(off.json()[0]).toEqual({ day: 'Monday', startTime: null, endTime: null });
      expect((await call('GET', 'availability')).json()).toEqual(off.json());
    });

    it('updates several days at once and keeps the ones not sent', async () => {
      const res = await call('PUT', 'availability/update', {
        businessHours: [
          { day: 'Tuesday', startTime: '08:00', endTime: '12:00' },
          { day: 'Sunday', startTime: '11:00', endTime: '15:00' },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        DEFAULT_HOURS.map((d) =>
          d.day === 'Tuesday'
            ? { day: 'Tuesday', startTime: '08:00', endTime: '12:00' }
            : d.day === 'Sunday'
              ? { day: 'Sunday', startTime: '11:00', endTime: '15:00' }
              : d,
        ),
      );
      const all = await call('PUT', 'availability/update', { businessHours: DEFAULT_HOURS });
      expect(all.json()).toEqual(DEFAULT_HOURS);
    });

    it.each([
      [{ day: 'Monday', startTime: '12:00', endTime: '09:00' }, 'End time must be after start time.'],
      [{ day: 'Monday', startTime: '12:00', endTime: '12:00' }, 'End time must be after start time.'],
      [
        { day: 'Monday', startTime: '09:00', endTime: null },
        'Give both a start and an end time, or neither for a day off.',
      ],
      [{ day: 'Funday', startTime: '09:00', endTime: '10:00' }, /Day must be one of: Monday/],
      [{ day: 'Monday', startTime: '9am', endTime: '10:00' }, /HH:MM/],
      [{ day: 'Monday', startTime: '24:00', endTime: '10:00' }, /HH:MM/],
    ])('refuses the single day %j with 400', async (body, message) => {
      const res = await call('PUT', 'availability/update-single', body);
      expect(res.statusCode).toBe(400);
      if (typeof message === 'string') expect(res.json().error).toBe(message);
      else expect(res.json().error).toMatch(message);
      expect((await call('GET', 'availability')).json()).toEqual(DEFAULT_HOURS);
    });

    it.each([
      [
        {
          businessHours: [
            { day: 'Monday', startTime: '09:00', endTime: '10:00' },
            { day: 'Monday', startTime: null, endTime: null },
          ],
        },
        'Monday appears more than once; send each day once.',
      ],
      [{ businessHours: [] }, 'Send at least one day.'],
      [{ businessHours: [...DEFAULT_HOURS, DEFAULT_HOURS[0]] }, 'Send at most seven days.'],
      [
        { businessHours: [{ day: 'Monday', startTime: '18:00', endTime: '09:00' }] },
        'End time must be after start time.',
      ],
      [{}, /businessHours/],
    ])('refuses the week %j with 400 and changes nothing', async (body, message) => {
      const res = await call('PUT', 'availability/update', body);
      expect(res.statusCode).toBe(400);
      if (typeof message === 'string') expect(res.json().error).toBe(message);
      else expect(res.json().error).toMatch(message);
      expect((await call('GET', 'availability')).json()).toEqual(DEFAULT_HOURS);
    });
  });
});
