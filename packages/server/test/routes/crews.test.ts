/**
 * Crews (issue 25; docs/decisions/023) through the API, on SQLite and PostgreSQL: the first
 * crew every business has, the owner's crew calls and their refusals, slots across crews with
 * their own hours and services, a booking going to the free crew that drives least, the owner
 * moving a job to another crew (and undoing it), a customer's move keeping its crew, plan
 * visits keeping theirs, and the database's guard keyed on the crew.
 */
import { randomUUID } from 'node:crypto';
import type { AvailabilityEntry } from '@slotwise/shared/api';
import { WEEKDAYS } from '@slotwise/shared/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availableTimes,
  book,
  bookAndToken,
  bookBody,
  DAY,
  detailer,
  engineApp,
  SATURDAY,
  type Shop,
  START_CLOCK,
} from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';
import { insertBooking } from './dashboard/fixtures.ts';

const OXNARD = '1, Oxnard, CA 93030, USA';
const BEVERLY_HILLS = '1, Beverly Hills, CA 90210, USA';
const CREWS = '/api/business-dashboard/crews';

/** Every weekday closed but the ones given. */
function week(open: Partial<Record<(typeof WEEKDAYS)[number], [string, string]>>): AvailabilityEntry[] {
  return WEEKDAYS.map((day) => ({
    day,
    startTime: open[day]?.[0] ?? null,
    endTime: open[day]?.[1] ?? null,
  }));
}

describe.each(storages())('crews on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let main: string;
  beforeAll(async () => {
    t = await engineApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = START_CLOCK;
    shop = await detailer(t, `crews-${randomUUID()}@example.com`);
    main = (await t.ctx.repos.crews.list(shop.businessId))[0]!.id;
  });

  const owner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: shop.auth, ...(payload ? { payload } : {}) });
  async function addCrew(body: Record<string, unknown>): Promise<string> {
    const res = await owner('POST', CREWS, { color: '#1d4ed8', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id;
  }
  const crewOf = async (bookingId: string) =>
    (await t.ctx.db.selectFrom('bookings').select('crew_id').where('id', '=', bookingId).executeTakeFirstOrThrow())
      .crew_id;
  const widget = (over: Record<string, string> = {}) => ({
    businessId: shop.businessId,
    date: DAY,
    serviceId: shop.fullId,
    ...over,
  });

  it('gives every business one crew, and lists it with the mail setting', async () => {
    const res = await owner('GET', CREWS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      crews: [
        {
          _id: main,
          name: 'Main crew',
          color: '#0f766e',
          active: true,
          hours: null,
          startAddress: null,
          serviceIds: null,
          member: null,
        },
      ],
      nameCrewInMails: false,
      lateThresholdMinutes: 20,
    });
    const mails = await owner('PUT', `${CREWS}-settings/mails`, { nameCrewInMails: true });
    expect(mails.json().nameCrewInMails).toBe(true);
  });

  it('adds, edits and removes a crew, refusing what would leave a business without one or strand a job', async () => {
    const bad = await owner('POST', CREWS, { name: '', color: 'blue' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const stranger = await owner('POST', CREWS, { name: 'Van', color: '#000000', serviceIds: [randomUUID()] });
    expect(stranger.json().code).toBe('SERVICE_NOT_FOUND');
    const nowhere = await owner('POST', CREWS, { name: 'Van', color: '#000000', startAddress: 'Nowhere at all zzz' });
    expect(nowhere.statusCode).toBe(400);

    const van = await addCrew({ name: 'Van', startAddress: OXNARD, serviceIds: [shop.quickId] });
    const edited = await owner('PUT', `${CREWS}/${van}`, {
      name: 'Van 2',
      color: '#B45309',
      hours: week({ Saturday: ['09:00', '13:00'] }),
      serviceIds: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Van 2', color: '#b45309', startAddress: null, serviceIds: null });
    expect(edited.json().hours).toHaveLength(7);

    // The only other crew paused: the main crew may not be paused or removed.
    await owner('PUT', `${CREWS}/${van}`, { name: 'Van 2', color: '#b45309', active: false });
    const pause = await owner('PUT', `${CREWS}/${main}`, { name: 'Main crew', color: '#0f766e', active: false });
    expect(pause.statusCode).toBe(409);
    expect(pause.json().code).toBe('LAST_CREW');
    expect((await owner('DELETE', `${CREWS}/${main}`)).json().code).toBe('LAST_CREW');

    // A crew with a job from today on is kept: its jobs would lose their crew.
    await owner('PUT', `${CREWS}/${van}`, { name: 'Van 2', color: '#b45309', active: true });
    await insertBooking(t.ctx, shop.businessId, { day: DAY, startTime: '10:00', endTime: '11:00', crewId: van });
    const busy = await owner('DELETE', `${CREWS}/${van}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('CREW_HAS_BOOKINGS');
    const spare = await addCrew({ name: 'Spare' });
    const removed = await owner('DELETE', `${CREWS}/${spare}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().crews.map((c: { name: string }) => c.name)).toEqual(['Main crew', 'Van 2']);
    expect((await owner('PUT', `${CREWS}/${randomUUID()}`, { name: 'X', color: '#000000' })).json().code).toBe(
      'CREW_NOT_FOUND',
    );
  });

  it('books two customers at one time on two crews, and refuses the third', async () => {
    const truck = await addCrew({ name: 'Truck 2' });
    const first = await bookAndToken(t, bookBody(shop, { customerEmail: 'one@example.com' }));
    expect(await availableTimes(t, widget())).toContain('10:00');
    const second = await bookAndToken(t, bookBody(shop, { customerEmail: 'two@example.com' }));
    expect(new Set([await crewOf(first.bookingId), await crewOf(second.bookingId)])).toEqual(new Set([main, truck]));
    expect(await availableTimes(t, widget())).not.toContain('10:00');
    const third = await book(t, bookBody(shop, { customerEmail: 'three@example.com' }));
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('SLOT_TAKEN');
  });

  it('offers a crew’s own hours on a day the business is closed, and gives it the job', async () => {
    expect(await availableTimes(t, widget({ date: SATURDAY }))).toEqual([]);
    const weekend = await addCrew({ name: 'Weekend', hours: week({ Saturday: ['09:00', '13:00'] }) });
    expect(await availableTimes(t, widget({ date: SATURDAY }))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
    const month = await t.app.inject({
      url: `/api/customer/available-days?businessId=${shop.businessId}&month=2026-12&serviceId=${shop.fullId}`,
    });
    const status = (d: string) => month.json().days.find((x: { date: string }) => x.date === d).status;
    expect(status(SATURDAY)).toBe('free');
    expect(status('2026-12-06')).toBe('closed');
    const made = await bookAndToken(t, bookBody(shop, { date: SATURDAY, time: '09:00' }));
    expect(await crewOf(made.bookingId)).toBe(weekend);
    const late = await book(t, bookBody(shop, { date: SATURDAY, time: '12:30' }));
    expect(late.json().code).toBe('RUNS_PAST_CLOSING');
  });

  it('gives a job only to a crew that does the service', async () => {
    const washer = await addCrew({ name: 'Washer', serviceIds: [shop.quickId] });
    await bookAndToken(t, bookBody(shop, { customerEmail: 'one@example.com' }));
    // The main crew is busy at 10:00; the washer does not do a Full Detail.
    expect(await availableTimes(t, widget())).not.toContain('10:00');
    expect((await book(t, bookBody(shop, { customerEmail: 'two@example.com' }))).statusCode).toBe(409);
    expect(await availableTimes(t, widget({ serviceId: shop.quickId }))).toContain('10:00');
    const wash = await bookAndToken(t, bookBody(shop, { serviceId: shop.quickId, customerEmail: 'three@example.com' }));
    expect(await crewOf(wash.bookingId)).toBe(washer);
  });

  it('gives the job to the free crew that adds the least driving, ties to the crew with fewer jobs', async () => {
    const res = await owner('PUT', '/api/business-dashboard/settings/operations', {
      travel: { enabled: true, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
    });
    expect(res.statusCode).toBe(200);
    const oxnard = await addCrew({ name: 'Oxnard truck', startAddress: OXNARD });
    // Beverly Hills to Oxnard is 45 miles, 90 minutes at 30 mph: only the Oxnard truck is there by 11:00.
    const far = await bookAndToken(
      t,
      bookBody(shop, { address: OXNARD, time: '11:00', customerEmail: 'o@example.com' }),
    );
    expect(await crewOf(far.bookingId)).toBe(oxnard);
    // Santa Monica (7 mi from Beverly Hills) at 15:00: the main crew adds 14 minutes, the Oxnard truck far more.
    const near = await bookAndToken(t, bookBody(shop, { time: '15:00', customerEmail: 's@example.com' }));
    expect(await crewOf(near.bookingId)).toBe(main);
    // Travel off: no drive to weigh, so the crew with fewer jobs that day takes the next one.
    await owner('PUT', '/api/business-dashboard/settings/operations', {
      travel: { enabled: false, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
    });
    await bookAndToken(t, bookBody(shop, { time: '17:00', customerEmail: 'x@example.com' })); // main: 2 jobs
    const tie = await bookAndToken(t, bookBody(shop, { time: '13:00', customerEmail: 'y@example.com' }));
    expect(await crewOf(tie.bookingId)).toBe(oxnard);
  });

  it('offers a far customer a time only the crew starting near them can drive to, until that crew is taken', async () => {
    const res = await owner('PUT', '/api/business-dashboard/settings/operations', {
      travel: { enabled: true, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
    });
    expect(res.statusCode).toBe(200);
    const far = widget({ address: OXNARD });
    // From Beverly Hills the main crew drives 90 minutes to Oxnard: 11:30 is its first time there.
    expect((await availableTimes(t, far))[0]).toBe('11:30');
    const oxnard = await addCrew({ name: 'Oxnard truck', startAddress: OXNARD });
    expect((await availableTimes(t, far)).slice(0, 4)).toEqual(['10:00', '10:30', '11:00', '11:30']);
    const made = await bookAndToken(t, bookBody(shop, { address: OXNARD, customerEmail: 'o@example.com' }));
    expect(await crewOf(made.bookingId)).toBe(oxnard);
    // The main crew is free at 10:00 (a customer at home still gets it) but cannot be in Oxnard by
    // then: with the truck taken until 11:00, the far customer's morning starts at 11:00 again.
    expect((await availableTimes(t, widget({ address: BEVERLY_HILLS })))[0]).toBe('10:00');
    expect((await availableTimes(t, far)).slice(0, 2)).toEqual(['11:00', '11:30']);
  });

  it('lets the owner give a job to another crew, refusing a busy crew or one without the service, and undo it', async () => {
    const truck = await addCrew({ name: 'Truck 2' });
    const washer = await addCrew({ name: 'Washer', serviceIds: [shop.quickId] });
    const a = await bookAndToken(t, bookBody(shop, { customerEmail: 'a@example.com' }));
    const b = await bookAndToken(t, bookBody(shop, { customerEmail: 'b@example.com' }));
    const onMain = (await crewOf(a.bookingId)) === main ? a : b;
    const move = (bookingId: string, crewId: string, startTime = '10:00') =>
      owner('PUT', '/api/business-dashboard/booking/reschedule', {
        bookingId,
        newTime: { day: DAY, startTime },
        requestor: 'business',
        crewId,
      });
    const busy = await move(onMain.bookingId, truck);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('TIME_OVERLAPS');
    const noService = await move(onMain.bookingId, washer, '12:00');
    expect(noService.json().code).toBe('CREW_CANNOT_DO_SERVICE');
    expect((await move(onMain.bookingId, randomUUID(), '12:00')).json().code).toBe('CREW_NOT_FOUND');

    const moved = await move(onMain.bookingId, truck, '12:00');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().crewId).toBe(truck);
    expect(await crewOf(onMain.bookingId)).toBe(truck);
    const undone = await owner('POST', `/api/business-dashboard/booking/undo/${moved.json().undo.token}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().crewId).toBe(main);
    expect(await crewOf(onMain.bookingId)).toBe(main);

    // Another crew at the same time tells the customer nothing new: no mail is queued.
    const other = onMain.bookingId === a.bookingId ? b.bookingId : a.bookingId;
    await t.ctx.db.deleteFrom('bookings').where('id', '=', other).execute();
    const before = await t.ctx.db.selectFrom('mail_outbox').select('id').execute();
    const sameTime = await move(onMain.bookingId, truck);
    expect(sameTime.statusCode, sameTime.body).toBe(200);
    expect(await crewOf(onMain.bookingId)).toBe(truck);
    expect(await t.ctx.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('books a plan’s later visits on the crew of its first while that crew is free', async () => {
    const res = await owner('PUT', `/api/business-dashboard/service/edit/${shop.fullId}`, {
      serviceName: 'Full Detail',
      duration: 60,
      price: 120,
      plans: [{ frequency: 'weekly', discount: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const truck = await addCrew({ name: 'Truck 2' });
    await bookAndToken(t, bookBody(shop, { customerEmail: 'a@example.com' }));
    const plan = await book(t, bookBody(shop, { customerEmail: 'plan@example.com', frequency: 'weekly' }));
    expect(plan.statusCode, plan.body).toBe(201);
    const visits = await t.ctx.db
      .selectFrom('bookings')
      .select(['crew_id', 'day'])
      .where('customer_email', '=', 'plan@example.com')
      .orderBy('start_ms')
      .execute();
    expect(visits.length).toBeGreaterThan(3);
    // The first went to the truck (the main crew had 10:00); so do the rest, though the main crew is free then.
    expect(new Set(visits.map((v) => v.crew_id))).toEqual(new Set([truck]));
  });

  it('keeps a customer’s job on its crew when they move it and that crew is free', async () => {
    const truck = await addCrew({ name: 'Truck 2' });
    await bookAndToken(t, bookBody(shop, { customerEmail: 'a@example.com' }));
    const mine = await bookAndToken(t, bookBody(shop, { customerEmail: 'b@example.com' }));
    const crew = await crewOf(mine.bookingId);
    expect(crew).toBe(truck);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/reschedule',
      payload: { token: mine.token, newDateTime: `${DAY}T14:00` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await crewOf(mine.bookingId)).toBe(truck);
  });

  it('holds the database to one job per crew at a time, and lets two crews overlap', async () => {
    const truck = await addCrew({ name: 'Truck 2' });
    await insertBooking(t.ctx, shop.businessId, { day: DAY, startTime: '10:00', endTime: '11:00', crewId: main });
    await insertBooking(t.ctx, shop.businessId, { day: DAY, startTime: '10:00', endTime: '11:00', crewId: truck });
    await expect(
      insertBooking(t.ctx, shop.businessId, { day: DAY, startTime: '10:30', endTime: '11:30', crewId: truck }),
    ).rejects.toThrow();
  });

  it('holds the database to one job per crew when a job is moved onto another crew', async () => {
    const truck = await addCrew({ name: 'Truck 2' });
    await insertBooking(t.ctx, shop.businessId, { day: DAY, startTime: '10:00', endTime: '11:00', crewId: main });
    const job = await insertBooking(t.ctx, shop.businessId, {
      day: DAY,
      startTime: '10:30',
      endTime: '11:30',
      crewId: truck,
    });
    // Straight in the database, around the application's checks: the guard alone refuses it.
    const move = (set: { crew_id: string; start_ms?: number; end_ms?: number }) =>
      t.ctx.db.updateTable('bookings').set(set).where('id', '=', job).execute();
    await expect(move({ crew_id: main })).rejects.toThrow(/overlap/);
    expect(await crewOf(job)).toBe(truck);
    const { start_ms, end_ms } = await t.ctx.db
      .selectFrom('bookings')
      .select(['start_ms', 'end_ms'])
      .where('id', '=', job)
      .executeTakeFirstOrThrow();
    const half = 30 * 60_000;
    // Half an hour later, 11:00-12:00, the main crew is free: the same move goes through.
    await move({ crew_id: main, start_ms: Number(start_ms) + half, end_ms: Number(end_ms) + half });
    expect(await crewOf(job)).toBe(main);
  });
});
