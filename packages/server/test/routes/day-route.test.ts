/**
 * The day's route (issue 44 item 7; docs/decisions/054): the owner reads a crew's day in driving
 * order with the drives and a suggested order, applies it (every moved customer told once, through
 * the calendar's move path), a stale apply moves nothing (ROUTE_CHANGED), another owner's crew is
 * not found, and a crew member reads their own crew's day only, with no suggestion.
 */
import { driveMinutes } from '@slotwise/shared/travel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, crewMemberAuth, DAY, detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
const HOME = { lat: 34.0, lng: -118.4 };
/** Places due east of the start place: 0.1 degree of longitude is about 5.7 miles there. */
const east = (tenths: number) => ({ lat: 34.0, lng: -118.4 + tenths / 10 });

describe.each(storages())('the day route on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  let crewAuth = { authorization: '' };
  let mainCrew = '';
  let truck = '';
  const jobs = { far: '', near: '', middle: '', truck: '' };

  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const route = (auth = shop.auth, crewId = mainCrew, pinned = '') =>
    call('GET', `${d}/crews/${crewId}/route?day=${DAY}${pinned ? `&pinned=${pinned}` : ''}`, auth);
  const movedMails = (id: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('booking_id', '=', id)
      .where('subject', 'like', 'Booking moved:%')
      .execute();
  const times = async () =>
    Object.fromEntries(
      (
        await t.ctx.db
          .selectFrom('bookings')
          .select(['id', 'start_time'])
          .where('id', 'in', [jobs.far, jobs.near, jobs.middle])
          .execute()
      ).map((r) => [r.id, r.start_time]),
    );

  async function bookAt(
    time: string,
    email: string,
    address: string,
    place: { lat: number; lng: number },
    s = shop,
    date = DAY,
  ) {
    const res = await book(t, bookBody(s, { time, date, serviceId: s.quickId, customerEmail: email, address }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bookingId as string;
    await t.ctx.db
      .updateTable('bookings')
      .set({ customer_lat: place.lat, customer_lng: place.lng })
      .where('id', '=', id)
      .execute();
    return id;
  }

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
    await t.ctx.db
      .updateTable('businesses')
      .set({ lat: HOME.lat, lng: HOME.lng, travel_speed_mph: 30 })
      .where('id', '=', shop.businessId)
      .execute();
    mainCrew = (await call('GET', `${d}/crews`, shop.auth)).json().crews[0]._id;
    truck = (await call('POST', `${d}/crews`, shop.auth, { name: 'Truck 2', color: '#1d4ed8' })).json()._id;
    // Booked in a poor order: out far, back near, out again.
    jobs.far = await bookAt('10:00', 'far@example.com', '30 Far Rd, Los Angeles, CA 90001, USA', east(3));
    jobs.near = await bookAt('12:00', 'near@example.com', '10 Near St, Los Angeles, CA 90001, USA', east(1));
    jobs.middle = await bookAt('14:00', 'middle@example.com', '20 Mid Ave, Los Angeles, CA 90001, USA', east(2));
    jobs.truck = await bookAt('11:00', 'truck@example.com', '40 Truck Way, Los Angeles, CA 90001, USA', east(4));
    await t.ctx.db
      .updateTable('bookings')
      .set({ crew_id: mainCrew })
      .where('id', 'in', [jobs.far, jobs.near, jobs.middle])
      .execute();
    await t.ctx.db.updateTable('bookings').set({ crew_id: truck }).where('id', '=', jobs.truck).execute();

    crewAuth = await crewMemberAuth(t, shop, mainCrew, 'sam@example.com');
  });
  afterAll(() => t.close());

  it('shows the day in booked order with the drive to each stop, the total, and the directions', async () => {
    const res = await route();
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day.booked.stops.map((s: { bookingId: string }) => s.bookingId)).toEqual([jobs.far, jobs.near, jobs.middle]);
    const [first, second] = day.booked.stops;
    expect(first.drive).toMatchObject({ minutes: driveMinutes(HOME, east(3), 30), fromStart: true });
    expect(second.drive).toMatchObject({ minutes: driveMinutes(east(3), east(1), 30), fromStart: false });
    expect(first.drive.miles).toBeGreaterThan(10);
    expect(first).toMatchObject({ customerName: 'Ada Lovelace', serviceName: 'Quick Wash', fixed: null });
    expect(first.time).toMatchObject({ day: DAY, startTime: '10:00', endTime: '10:30' });
    expect(day.booked.driveMinutes).toBe(
      day.booked.stops.reduce((sum: number, s: { drive: { minutes: number } }) => sum + s.drive.minutes, 0),
    );
    const link = new URL(day.booked.directions[0]);
    expect(link.searchParams.get('origin')).toBe('12, Beverly Hills, CA 90210, USA');
    expect(link.searchParams.get('waypoints')).toBe(
      '30 Far Rd, Los Angeles, CA 90001, USA|10 Near St, Los Angeles, CA 90001, USA',
    );
    // Another crew's job is not on this crew's route.
    expect(JSON.stringify(day)).not.toContain(jobs.truck);
  });

  it('suggests the driving order near, middle, far, saving drive, with the moved jobs named', async () => {
    const day = (await route()).json();
    expect(day.suggestion.stops.map((s: { bookingId: string }) => s.bookingId)).toEqual([
      jobs.near,
      jobs.middle,
      jobs.far,
    ]);
    expect(day.suggestion.savedMinutes).toBe(day.booked.driveMinutes - day.suggestion.driveMinutes);
    expect(day.suggestion.savedMinutes).toBeGreaterThan(0);
    expect(day.suggestion.moved.length).toBeGreaterThan(0);
  });

  it('keeps a pinned job at its time in the suggestion', async () => {
    const day = (await route(shop.auth, mainCrew, jobs.far)).json();
    const far = (day.suggestion?.stops ?? day.booked.stops).find(
      (s: { bookingId: string }) => s.bookingId === jobs.far,
    );
    expect(far).toMatchObject({ fixed: 'pinned', time: { startTime: '10:00' } });
  });

  it("refuses another owner's crew as not found, for reading and applying", async () => {
    expect((await route(other.auth)).json().code).toBe('CREW_NOT_FOUND');
    const res = await call('POST', `${d}/crews/${mainCrew}/route`, other.auth, {
      day: DAY,
      moves: [{ bookingId: jobs.far, startTime: '15:00' }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CREW_NOT_FOUND');
  });

  it('refuses a stale suggestion with ROUTE_CHANGED and moves nothing', async () => {
    const before = await times();
    const res = await call('POST', `${d}/crews/${mainCrew}/route`, shop.auth, {
      day: DAY,
      moves: [{ bookingId: jobs.far, startTime: '18:00' }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('ROUTE_CHANGED');
    expect(await times()).toEqual(before);
    expect(await movedMails(jobs.far)).toEqual([]);
  });

  it("shows a crew member their own crew's day, with no suggestion", async () => {
    const res = await call('GET', `/api/crew/route?day=${DAY}`, crewAuth);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day.crew._id).toBe(mainCrew);
    expect(day.booked.stops.map((s: { bookingId: string }) => s.bookingId)).toEqual([jobs.far, jobs.near, jobs.middle]);
    expect(day.suggestion).toBeNull();
    expect(JSON.stringify(day)).not.toContain(jobs.truck);
    expect(JSON.stringify(day)).not.toMatch(/price|total|deposit/i);
  });

  it('applies the suggestion: each moved booking at its new time, each moved customer told once', async () => {
    const day = (await route()).json();
    const moves = day.suggestion.stops
      .filter((s: { bookingId: string }) => day.suggestion.moved.includes(s.bookingId))
      .map((s: { bookingId: string; time: { startTime: string } }) => ({
        bookingId: s.bookingId,
        startTime: s.time.startTime,
      }));
    const res = await call('POST', `${d}/crews/${mainCrew}/route`, shop.auth, { day: DAY, moves });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moved).toBe(moves.length);
    // The day is now in driving order: no better one.
    expect(res.json().route.suggestion).toBeNull();
    expect(res.json().route.booked.stops.map((s: { bookingId: string }) => s.bookingId)).toEqual([
      jobs.near,
      jobs.middle,
      jobs.far,
    ]);
    const now = await times();
    for (const m of moves) {
      expect(now[m.bookingId]).toBe(m.startTime);
      expect(await movedMails(m.bookingId)).toHaveLength(1);
    }
    for (const id of [jobs.far, jobs.near, jobs.middle].filter(
      (i) => !moves.some((m: { bookingId: string }) => m.bookingId === i),
    ))
      expect(await movedMails(id)).toEqual([]);
    // Applying the same again is stale: the day changed.
    const again = await call('POST', `${d}/crews/${mainCrew}/route`, shop.auth, { day: DAY, moves });
    expect(again.json().code).toBe('ROUTE_CHANGED');
  });

  it('refuses a suggestion read before the owner dragged a job, and moves nothing', async () => {
    const THURSDAY = '2026-12-03';
    const a = await bookAt('10:00', 'thu-far@example.com', '30 Far Rd, Los Angeles, CA 90001, USA', east(3));
    const b = await bookAt('12:00', 'thu-near@example.com', '10 Near St, Los Angeles, CA 90001, USA', east(1));
    // Booked on DAY (after the others); moved to Thursday by the owner's drag, each to its time there.
    for (const [id, time] of [
      [a, '10:00'],
      [b, '12:00'],
    ] as const) {
      const version = (
        await t.ctx.db.selectFrom('bookings').select('version').where('id', '=', id).executeTakeFirstOrThrow()
      ).version;
      const moved = await call('PUT', `${d}/booking/reschedule`, shop.auth, {
        bookingId: id,
        newTime: { day: THURSDAY, startTime: time },
        requestor: 'business',
        crewId: mainCrew,
        version,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const read = (await call('GET', `${d}/crews/${mainCrew}/route?day=${THURSDAY}`, shop.auth)).json();
    expect(read.suggestion.moved.length).toBeGreaterThan(0);
    const moves = read.suggestion.stops
      .filter((s: { bookingId: string }) => read.suggestion.moved.includes(s.bookingId))
      .map((s: { bookingId: string; time: { startTime: string } }) => ({
        bookingId: s.bookingId,
        startTime: s.time.startTime,
      }));
    // Meanwhile the owner drags the near job an hour later.
    const version = (
      await t.ctx.db.selectFrom('bookings').select('version').where('id', '=', b).executeTakeFirstOrThrow()
    ).version;
    const drag = await call('PUT', `${d}/booking/reschedule`, shop.auth, {
      bookingId: b,
      newTime: { day: THURSDAY, startTime: '13:00' },
      requestor: 'business',
      version,
    });
    expect(drag.statusCode, drag.body).toBe(200);
    const before = await t.ctx.db
      .selectFrom('bookings')
      .select(['id', 'start_time'])
      .where('id', 'in', [a, b])
      .execute();
    const res = await call('POST', `${d}/crews/${mainCrew}/route`, shop.auth, { day: THURSDAY, moves });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROUTE_CHANGED', error: expect.stringContaining('nothing was moved') });
    expect(
      await t.ctx.db.selectFrom('bookings').select(['id', 'start_time']).where('id', 'in', [a, b]).execute(),
    ).toEqual(before);
  });

  it('lets two jobs swap times in one apply (each set aside first), and tells both customers once', async () => {
    // Saturday is open 10:00-12:30 here: the near job cannot keep 11:30 and still leave time for the
    // far one, so both move, the near one into the far one's time.
    const SATURDAY = '2026-12-05';
    expect(
      (
        await call('PUT', `${d}/availability/update-single`, shop.auth, {
          day: 'Saturday',
          startTime: '10:00',
          endTime: '12:30',
        })
      ).statusCode,
    ).toBe(200);
    const far = await bookAt(
      '10:30',
      'sat-far@example.com',
      '30 Far Rd, Los Angeles, CA 90001, USA',
      east(3),
      shop,
      SATURDAY,
    );
    const near = await bookAt(
      '11:30',
      'sat-near@example.com',
      '10 Near St, Los Angeles, CA 90001, USA',
      east(1),
      shop,
      SATURDAY,
    );
    await t.ctx.db.updateTable('bookings').set({ crew_id: mainCrew }).where('id', 'in', [far, near]).execute();
    const read = (await call('GET', `${d}/crews/${mainCrew}/route?day=${SATURDAY}`, shop.auth)).json();
    expect(read.suggestion.stops.map((s: { bookingId: string }) => s.bookingId)).toEqual([near, far]);
    expect([...read.suggestion.moved].sort()).toEqual([far, near].sort());
    const nearAt = read.suggestion.stops[0].time.startTime as string;
    // The near job's new time overlaps the far job's booked one: only a swap in one step can do it.
    expect(nearAt < '11:00').toBe(true);
    const moves = read.suggestion.stops.map((s: { bookingId: string; time: { startTime: string } }) => ({
      bookingId: s.bookingId,
      startTime: s.time.startTime,
    }));
    const res = await call('POST', `${d}/crews/${mainCrew}/route`, shop.auth, { day: SATURDAY, moves });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('bookings')
      .select(['id', 'start_time', 'start_ms'])
      .where('id', 'in', [far, near])
      .execute();
    for (const m of moves) expect(rows.find((r) => r.id === m.bookingId)!.start_time).toBe(m.startTime);
    expect(rows.every((r) => r.start_ms > 0)).toBe(true);
    expect(await movedMails(far)).toHaveLength(1);
    expect(await movedMails(near)).toHaveLength(1);
  });
});
