/**
 * Job steps, a service's checklist (issue 44 item 5; docs/decisions/050): the owner sets a
 * service's steps (validated, with the trade's steps offered); the crew reads and ticks them on its
 * own jobs only, each tick kept with who and when; the first tick keeps the job's own copy, so a
 * later edit of the service leaves it alone; a tick and the owner's at once both count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFor } from '../../src/domain/manage-token.ts';
import { book, bookBody, crewMemberAuth, DAY, detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
const NOW = Date.parse(`${DAY}T18:00:00Z`);
const STEPS = ['Pre-rinse', 'Hand wash', 'Dry'];

describe.each(storages())('job steps on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let other: Shop;
  let crewHeaders = { authorization: '' };
  const jobs = { first: '', second: '', racing: '', truck: '', elsewhere: '' };

  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const crew = () => crewHeaders;
  const crewTick = (id: string, step: number, done = true) =>
    call('PUT', `/api/crew/jobs/${id}/steps/${step}`, crew(), { done });
  const ownerTick = (id: string, step: number, done = true, auth = shop.auth) =>
    call('PUT', `${d}/bookings/${id}/steps/${step}`, auth, { done });
  const setSteps = (steps: unknown, showOnReceipt = false, serviceId = shop.quickId, auth = shop.auth) =>
    call('PUT', `${d}/services/${serviceId}/steps`, auth, { steps, showOnReceipt });

  async function bookAt(time: string, s = shop) {
    const res = await book(t, bookBody(s, { time, date: DAY, serviceId: s.quickId }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  }
  const giveTo = (bookingId: string, crewId: string) =>
    t.ctx.db.updateTable('bookings').set({ crew_id: crewId }).where('id', '=', bookingId).execute();

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    other = await detailer(t);
    const mainCrew = (await call('GET', `${d}/crews`, shop.auth)).json().crews[0]._id;
    expect((await call('PUT', `${d}/crews/${mainCrew}`, shop.auth, { name: 'Sam', color: '#0f766e' })).statusCode).toBe(
      200,
    );
    const truck = (await call('POST', `${d}/crews`, shop.auth, { name: 'Truck 2', color: '#1d4ed8' })).json()._id;
    jobs.first = await bookAt('10:00');
    jobs.second = await bookAt('11:00');
    jobs.racing = await bookAt('12:00');
    jobs.truck = await bookAt('13:00');
    jobs.elsewhere = await bookAt('10:00', other);
    for (const id of [jobs.first, jobs.second, jobs.racing]) await giveTo(id, mainCrew);
    await giveTo(jobs.truck, truck);
    // Approved before the clock reaches its time: it is completed (and invoiced) in the receipt's test.
    expect((await call('PUT', `${d}/booking/approve/${jobs.first}`, shop.auth)).statusCode).toBe(200);

    crewHeaders = await crewMemberAuth(t, shop, mainCrew, 'sam.steps@example.com');
    t.clock.now = NOW;
  });
  afterAll(() => t?.close());

  it("a service added by the owner has no steps, and offers its trade's", async () => {
    const res = await call('GET', `${d}/services/${shop.quickId}/steps`, shop.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      steps: [],
      showOnReceipt: false,
      templateSteps: expect.arrayContaining(['Pre-rinse', 'Wheels and tires', 'Final walk-around with customer']),
    });
  });

  it('refuses steps that are too many, too long, blank or twice, saying which', async () => {
    const cases: [unknown, string][] = [
      [Array.from({ length: 31 }, (_, i) => `Step ${i}`), 'At most 30 steps.'],
      [['x'.repeat(121)], 'Step must be at most 120 characters.'],
      [['  '], 'Step is required.'],
      [['Dry', 'dry'], 'Two steps have the same words'],
    ];
    for (const [steps, words] of cases) {
      const res = await setSteps(steps);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().error).toContain(words);
    }
    expect((await call('GET', `${d}/services/${shop.quickId}/steps`, shop.auth)).json().steps).toEqual([]);
  });

  it("another owner's service is not found, and is left alone", async () => {
    const res = await setSteps(['Theirs'], false, shop.quickId, other.auth);
    expect([res.statusCode, res.json().code]).toEqual([404, 'SERVICE_NOT_FOUND']);
    expect((await call('GET', `${d}/services/${shop.quickId}/steps`, other.auth)).statusCode).toBe(404);
  });

  it('the owner sets the steps; the crew reads them on its job, none ticked', async () => {
    const res = await setSteps([' Pre-rinse ', 'Hand wash', 'Dry'], true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ steps: STEPS, showOnReceipt: true });
    const job = await call('GET', `/api/crew/jobs/${jobs.first}/steps`, crew());
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().steps).toEqual(STEPS.map((text, step) => ({ step, text, doneAt: null, doneBy: null })));
  });

  it('a tick keeps who and when; a second tick keeps the first; an untick clears it', async () => {
    const res = await crewTick(jobs.first, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().steps[1]).toEqual({
      step: 1,
      text: 'Hand wash',
      doneAt: new Date(NOW).toISOString(),
      doneBy: 'Sam',
    });
    t.clock.now = NOW + 60_000;
    const again = await crewTick(jobs.first, 1);
    expect(again.json().steps[1].doneAt).toBe(new Date(NOW).toISOString());
    const owner = await ownerTick(jobs.first, 2);
    expect(owner.json().steps[2]).toMatchObject({ doneAt: new Date(NOW + 60_000).toISOString(), doneBy: 'Owner' });
    // The owner reads the same record.
    const read = await call('GET', `${d}/bookings/${jobs.first}/steps`, shop.auth);
    expect(read.json().steps.map((s: { doneBy: string | null }) => s.doneBy)).toEqual([null, 'Sam', 'Owner']);
    const off = await crewTick(jobs.first, 2, false);
    expect(off.json().steps[2]).toMatchObject({ doneAt: null, doneBy: null });
  });

  it("the job keeps its copy when the service's steps change later; a job not ticked reads the new ones", async () => {
    expect((await setSteps(['Foam', 'Rinse'], true)).statusCode).toBe(200);
    const ticked = await call('GET', `/api/crew/jobs/${jobs.first}/steps`, crew());
    expect(ticked.json().steps.map((s: { text: string }) => s.text)).toEqual(STEPS);
    expect(ticked.json().steps[1].doneBy).toBe('Sam');
    const fresh = await call('GET', `/api/crew/jobs/${jobs.second}/steps`, crew());
    expect(fresh.json().steps.map((s: { text: string }) => s.text)).toEqual(['Foam', 'Rinse']);
  });

  it("the crew's and the owner's first ticks at once keep one copy and both ticks", async () => {
    expect((await setSteps(STEPS)).statusCode).toBe(200);
    const [a, b] = await Promise.all([crewTick(jobs.racing, 0), ownerTick(jobs.racing, 2)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.ctx.db
      .selectFrom('job_steps')
      .select(['position', 'done_by'])
      .where('booking_id', '=', jobs.racing)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { position: 0, done_by: 'Sam' },
      { position: 1, done_by: null },
      { position: 2, done_by: 'Owner' },
    ]);
  });

  it('a step the job does not have is STEP_NOT_FOUND', async () => {
    const res = await crewTick(jobs.first, 3);
    expect([res.statusCode, res.json().code]).toEqual([404, 'STEP_NOT_FOUND']);
    const fresh = await ownerTick(jobs.second, 5);
    expect([fresh.statusCode, fresh.json().code]).toEqual([404, 'STEP_NOT_FOUND']);
    const freshOff = await ownerTick(jobs.second, 5, false);
    expect([freshOff.statusCode, freshOff.json().code]).toEqual([404, 'STEP_NOT_FOUND']);
    // Unticking a step of a job never ticked changes nothing and keeps no copy.
    const off = await crewTick(jobs.second, 0, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().steps.every((s: { doneAt: string | null }) => s.doneAt === null)).toBe(true);
    const rows = await t.ctx.db
      .selectFrom('job_steps')
      .select('position')
      .where('booking_id', '=', jobs.second)
      .execute();
    expect(rows).toEqual([]);
  });

  it("another crew's job and another business's are JOB_NOT_FOUND to the crew, and nothing is ticked", async () => {
    for (const id of [jobs.truck, jobs.elsewhere]) {
      for (const res of [await call('GET', `/api/crew/jobs/${id}/steps`, crew()), await crewTick(id, 0)])
        expect([res.statusCode, res.json().code]).toEqual([404, 'JOB_NOT_FOUND']);
    }
    const b = await ownerTick(jobs.first, 0, true, other.auth);
    expect([b.statusCode, b.json().code]).toEqual([404, 'BOOKING_NOT_FOUND']);
    const rows = await t.ctx.db
      .selectFrom('job_steps')
      .select('booking_id')
      .where('booking_id', 'in', [jobs.truck, jobs.elsewhere])
      .execute();
    expect(rows).toEqual([]);
    const first = await call('GET', `${d}/bookings/${jobs.first}/steps`, shop.auth);
    expect(first.json().steps[0].doneAt).toBeNull();
  });

  it("the receipt shows the job's ticked steps only when the owner switched it on for the service", async () => {
    const done = await call('PUT', `${d}/booking/complete/${jobs.first}`, shop.auth);
    expect(done.statusCode, done.body).toBe(200);
    const invoice = await t.ctx.db
      .selectFrom('invoices')
      .select('id')
      .where('booking_id', '=', jobs.first)
      .executeTakeFirstOrThrow();
    const token = linkTokenFor(t.config.jwtSecret, 'invoice-pay-token-v1', invoice.id);
    const receipt = async () => (await call('GET', `/api/invoice-link?token=${token}`)).json().workDone;
    expect((await setSteps(STEPS, false)).statusCode).toBe(200);
    expect(await receipt()).toEqual([]);
    // The job's own copy, ticked: "Hand wash" by Sam; the service's steps now are not what was done.
    expect((await setSteps(['Foam', 'Rinse'], true)).statusCode).toBe(200);
    expect(await receipt()).toEqual(['Hand wash']);
  });

  it('the ticks go with their booking (decision 012): a booking deleted takes its steps with it', async () => {
    const count = async () =>
      (await t.ctx.db.selectFrom('job_steps').select('position').where('booking_id', '=', jobs.racing).execute())
        .length;
    expect(await count()).toBe(STEPS.length);
    await t.ctx.db.deleteFrom('bookings').where('id', '=', jobs.racing).execute();
    expect(await count()).toBe(0);
  });

  it('never answers a price to the crew', async () => {
    const res = await call('GET', `/api/crew/jobs/${jobs.first}/steps`, crew());
    for (const word of ['price', 'total', 'deposit']) expect(res.body).not.toContain(word);
  });
});
