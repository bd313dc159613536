/**
 * "On my way" (issue 44 item 1; docs/decisions/048): the crew's tap on its phone, or the owner's on
 * the booking, tells the customer once per job, by text within the texts' rules (consent, STOP)
 * or else by mail, with the arrival from the crew's job before (or its start place) at the
 * business's speed; another crew's or business's job is not found; a double or racing tap sends
 * one message.
 */
import { formatClock } from '@slotwise/shared/clock';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import { driveMinutes } from '@slotwise/shared/travel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, crewMemberAuth, DAY, detailer, engineApp, LA, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
const SANTA_MONICA = '5 Ocean Ave, Santa Monica, CA 90401, USA';
const PASADENA = '100 E Colorado Blvd, Pasadena, CA 91101, USA';
/** 11:31 in Los Angeles on DAY: the 10:00 job is done, the others are ahead. */
const NOW = Date.parse(`${DAY}T19:31:00Z`);

describe.each(storages())('on my way on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let crewHeaders = { authorization: '' };
  let mainCrew = '';
  const jobs = {
    done: '',
    texted: '',
    mailed: '',
    stopped: '',
    racing: '',
    truck: '',
    tomorrow: '',
    elsewhere: '',
    unplaced: '',
    noEmail: '',
    started: '',
  };

  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const crew = () => crewHeaders;
  const tap = (id: string) => call('POST', `/api/crew/jobs/${id}/on-my-way`, crew());
  const ownerTap = (id: string, auth = shop.auth) => call('POST', `${d}/bookings/${id}/on-my-way`, auth);
  const sent = (id: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['channel', 'to_address', 'subject', 'text_body'])
      .where('booking_id', '=', id)
      .where('kind', '=', 'onMyWay')
      .execute();

  async function bookAt(time: string, over: Parameters<typeof bookBody>[1] = {}, s = shop, day = DAY) {
    const res = await book(t, bookBody(s, { time, date: day, serviceId: s.quickId, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  }
  const giveTo = (bookingId: string, crewId: string) =>
    t.ctx.db.updateTable('bookings').set({ crew_id: crewId }).where('id', '=', bookingId).execute();

  beforeAll(async () => {
    // Texts written to the log (TEXTS=log): the business can text without a Twilio account.
    t = await engineApp(kind, { env: { TEXTS: 'log' } });
    shop = await detailer(t);
    const crews = await call('GET', `${d}/crews`, shop.auth);
    mainCrew = crews.json().crews[0]._id;
    // The crew is a person, named to customers (Settings > Crews).
    expect((await call('PUT', `${d}/crews/${mainCrew}`, shop.auth, { name: 'Sam', color: '#0f766e' })).statusCode).toBe(
      200,
    );
    const truck = (await call('POST', `${d}/crews`, shop.auth, { name: 'Truck 2', color: '#1d4ed8' })).json()._id;
    expect((await call('PUT', `${d}/crews-settings/mails`, shop.auth, { nameCrewInMails: true })).statusCode).toBe(200);

    jobs.done = await bookAt('10:00', { address: SANTA_MONICA });
    jobs.texted = await bookAt('12:00', { address: PASADENA, textConsent: true, firstName: 'Dora' });
    jobs.mailed = await bookAt('13:00', { customerEmail: 'grace@example.com', firstName: 'Grace' });
    jobs.stopped = await bookAt('14:00', {
      textConsent: true,
      phoneNumber: '+1 5125550199',
      customerEmail: 'stop@example.com',
    });
    jobs.racing = await bookAt('15:00', { customerEmail: 'race@example.com' });
    jobs.unplaced = await bookAt('16:00', { customerEmail: 'unplaced@example.com' });
    jobs.noEmail = await bookAt('17:00', { customerEmail: 'gone@example.com' });
    jobs.started = await bookAt('18:00', { customerEmail: 'started@example.com' });
    jobs.truck = await bookAt('12:30', { customerEmail: 'truck@example.com' });
    jobs.tomorrow = await bookAt('12:00', { customerEmail: 'later@example.com' }, shop, '2026-12-03');
    for (const id of Object.values(jobs)) if (id) await giveTo(id, mainCrew);
    await giveTo(jobs.truck, truck);
    const other = await detailer(t);
    jobs.elsewhere = await bookAt('12:00', {}, other);
    for (const id of [jobs.done, jobs.texted, jobs.mailed])
      expect((await call('PUT', `${d}/booking/approve/${id}`, shop.auth)).statusCode).toBe(200);
    // The 14:00 customer agreed to texts, then replied STOP.
    await t.ctx.repos.texts.optOut(shop.businessId, '+15125550199', Date.now());

    crewHeaders = await crewMemberAuth(t, shop, mainCrew, 'sam@example.com');
    t.clock.now = NOW;
  });
  afterAll(() => t.close());

  it("texts a customer who agreed, naming the crew and the arrival from the crew's job before at the business's speed", async () => {
    const rows = await t.ctx.db
      .selectFrom('bookings')
      .select(['id', 'customer_lat', 'customer_lng'])
      .where('id', 'in', [jobs.done, jobs.texted])
      .execute();
    const at = (id: string) => {
      const r = rows.find((x) => x.id === id)!;
      return { lat: r.customer_lat!, lng: r.customer_lng! };
    };
    const drive = driveMinutes(at(jobs.done), at(jobs.texted), 30);
    // Santa Monica to Pasadena: a real drive, not the 0 of one place.
    expect(drive).toBeGreaterThan(20);
    const arrivalMs = Math.ceil((NOW + drive * 60_000) / 300_000) * 300_000;
    const arrival = formatClock(utcMsToLocal(arrivalMs, LA).time, '12h');

    const res = await tap(jobs.texted);
    expect(res.statusCode, res.body).toBe(200);
    const words = `Sam from Shiny Cars is on the way, arriving about ${arrival}.`;
    expect(res.json().sent).toEqual({ at: new Date(NOW).toISOString(), channel: 'text', arrival, words });
    expect(res.json().job).toMatchObject({ _id: jobs.texted, onMyWayAt: new Date(NOW).toISOString() });
    expect(res.body).not.toMatch(/total|price|deposit/i);
    expect(await sent(jobs.texted)).toEqual([
      // The approval texted this number first: no STOP line again.
      { channel: 'text', to_address: '+15551234567', subject: 'onMyWay', text_body: words },
    ]);

    // Once per job: the crew's second tap and the owner's are refused, and nothing more is sent.
    const again = await tap(jobs.texted);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ON_MY_WAY_ALREADY_SENT']);
    expect(again.json().error).toBe('The customer was told you are on the way at 11:31 AM: it is sent once per job.');
    const owner = await ownerTap(jobs.texted);
    expect([owner.statusCode, owner.json().code]).toEqual([409, 'ON_MY_WAY_ALREADY_SENT']);
    expect(await sent(jobs.texted)).toHaveLength(1);

    // Both sides read it.
    const schedule = (await call('GET', `/api/crew/schedule?from=${DAY}&to=${DAY}`, crew())).json();
    expect(schedule.jobs.find((j: { _id: string }) => j._id === jobs.texted).onMyWayAt).toBe(
      new Date(NOW).toISOString(),
    );
    const bookings = (await call('GET', `${d}/bookings`, shop.auth)).json().bookings;
    expect(bookings.find((b: { _id: string }) => b._id === jobs.texted).onMyWayAt).toBe(new Date(NOW).toISOString());
    expect(bookings.find((b: { _id: string }) => b._id === jobs.mailed).onMyWayAt).toBeUndefined();
  });

  it('mails a customer who did not agree to texts, and one who replied STOP', async () => {
    const mailed = await ownerTap(jobs.mailed);
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().sent).toMatchObject({
      channel: 'mail',
      arrival: expect.stringMatching(/^\d{1,2}:\d\d [AP]M$/),
    });
    expect(mailed.json().booking).toMatchObject({ _id: jobs.mailed, onMyWayAt: new Date(NOW).toISOString() });
    const [mail] = await sent(jobs.mailed);
    expect(mail).toMatchObject({ channel: 'mail', to_address: 'grace@example.com', subject: mailed.json().sent.words });
    expect(mail?.text_body).toContain(`Hi Grace,\n\n${mailed.json().sent.words}`);

    const stopped = await tap(jobs.stopped);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().sent.channel).toBe('mail');
    expect((await sent(jobs.stopped)).map((m) => [m.channel, m.to_address])).toEqual([['mail', 'stop@example.com']]);
  });

  it('sends one message when the crew and the owner tap at once', async () => {
    const answers = await Promise.all([tap(jobs.racing), ownerTap(jobs.racing), tap(jobs.racing)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('ON_MY_WAY_ALREADY_SENT');
    expect(await sent(jobs.racing)).toHaveLength(1);
  });

  it('says no time rather than a wrong one when the address is not on the map', async () => {
    await t.ctx.db
      .updateTable('bookings')
      .set({ customer_lat: null, customer_lng: null })
      .where('id', '=', jobs.unplaced)
      .execute();
    const res = await tap(jobs.unplaced);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sent).toMatchObject({ arrival: null, words: 'Sam from Shiny Cars is on the way to you now.' });
  });

  it('refuses, sending nothing, a customer it cannot reach, a job not today, one started, and another crew or business', async () => {
    await t.ctx.db.updateTable('bookings').set({ customer_email: '' }).where('id', '=', jobs.noEmail).execute();
    const unreachable = await tap(jobs.noEmail);
    expect([unreachable.statusCode, unreachable.json().code]).toEqual([409, 'CUSTOMER_UNREACHABLE']);
    // Nothing recorded: it may be tried again once the owner adds an e-mail.
    const row = await t.ctx.db
      .selectFrom('bookings')
      .select('on_my_way_at')
      .where('id', '=', jobs.noEmail)
      .executeTakeFirst();
    expect(row?.on_my_way_at).toBeNull();

    const later = await tap(jobs.tomorrow);
    expect([later.statusCode, later.json().code]).toEqual([409, 'JOB_NOT_TODAY']);
    expect((await call('PUT', `/api/crew/jobs/${jobs.started}/start`, crew())).statusCode).toBe(200);
    const started = await tap(jobs.started);
    expect([started.statusCode, started.json().code]).toEqual([409, 'JOB_ALREADY_STARTED']);
    // The owner's lists say when it was started, so the dashboard offers no On my way on it.
    const today: { _id: string; startedAt?: string }[] = (await call('GET', `${d}/bookings/today`, shop.auth)).json()
      .bookings;
    expect(today.filter((b) => b.startedAt).map((b) => b._id)).toEqual([jobs.started]);
    expect(Date.parse(today.find((b) => b._id === jobs.started)!.startedAt!)).toBe(t.clock.now);

    const theirs = await tap(jobs.truck);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'JOB_NOT_FOUND']);
    const elsewhere = await tap(jobs.elsewhere);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'JOB_NOT_FOUND']);
    const otherOwner = await detailer(t);
    const notTheirs = await ownerTap(jobs.truck, otherOwner.auth);
    expect([notTheirs.statusCode, notTheirs.json().code]).toEqual([404, 'BOOKING_NOT_FOUND']);
    // The owner's tap on its other crew's job is fine: the owner speaks for every crew.
    const owners = await ownerTap(jobs.truck);
    expect(owners.statusCode, owners.body).toBe(200);
    // Truck 2's name is not Sam: the customer reads which crew comes.
    expect(owners.json().sent.words).toMatch(/^Truck 2 from Shiny Cars is on the way/);

    for (const id of [jobs.noEmail, jobs.tomorrow, jobs.started, jobs.elsewhere]) expect(await sent(id)).toEqual([]);
  });
});
