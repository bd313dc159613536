/**
 * Running late (issue 44 item 2; docs/decisions/049): the crew's Start job and Mark completed
 * project the rest of its day; each customer whose arrival slips past the owner's threshold gets
 * one text (within consent and STOP) or else one mail with the new time and the reschedule link,
 * and another only when it moves again by more than the threshold; the crew's and the owner's
 * screens read the projected time; another crew's or business's jobs are never touched; racing
 * or repeated taps tell nobody twice.
 */
import { formatClock } from '@slotwise/shared/clock';
import { utcMsToLocal } from '@slotwise/shared/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageTokenFor } from '../../src/domain/manage-token.ts';
import { book, bookBody, crewMemberAuth, DAY, detailer, engineApp, LA, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
/** 10:00 in Los Angeles on DAY, plus minutes. */
const la = (minutes: number) => Date.parse(`${DAY}T18:00:00Z`) + minutes * 60_000;
const clock = (ms: number) => formatClock(utcMsToLocal(ms, LA).time, '12h');
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(storages())('running late on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let crewHeaders = { authorization: '' };
  const jobs = { first: '', texted: '', mailed: '', stopped: '', near: '', waits: '', truck: '', elsewhere: '' };

  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const crew = () => crewHeaders;
  const tap = (id: string, action: 'start' | 'complete') => call('PUT', `/api/crew/jobs/${id}/${action}`, crew());
  const told = (id: string) =>
    t.ctx.db
      .selectFrom('mail_outbox')
      .select(['channel', 'to_address', 'subject', 'text_body'])
      .where('booking_id', '=', id)
      .where('kind', '=', 'runningLate')
      .orderBy('created_at')
      .execute();
  const schedule = async () =>
    (await call('GET', `/api/crew/schedule?from=${DAY}&to=${DAY}`, crew())).json().jobs as {
      _id: string;
      projectedStart: string | null;
    }[];
  const ownerBookings = async (s = shop) =>
    (await call('GET', `${d}/bookings`, s.auth)).json().bookings as { _id: string; projectedStart?: string }[];
  const threshold = (minutes: number) =>
    call('PUT', `${d}/crews-settings/mails`, shop.auth, { nameCrewInMails: true, lateThresholdMinutes: minutes });

  async function bookAt(time: string, over: Parameters<typeof bookBody>[1] = {}, s = shop) {
    const res = await book(t, bookBody(s, { time, date: DAY, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  }

  beforeAll(async () => {
    // Texts written to the log (TEXTS=log): the business can text without a Twilio account.
    t = await engineApp(kind, { env: { TEXTS: 'log' } });
    shop = await detailer(t);
    const mainCrew = (await call('GET', `${d}/crews`, shop.auth)).json().crews[0]._id;
    expect((await call('PUT', `${d}/crews/${mainCrew}`, shop.auth, { name: 'Sam', color: '#0f766e' })).statusCode).toBe(
      200,
    );
    // Every job at the same address: no drive between them (the drives are the projection's unit tests).
    jobs.first = await bookAt('10:00');
    jobs.texted = await bookAt('11:00', { serviceId: shop.quickId, textConsent: true, firstName: 'Dora' });
    jobs.mailed = await bookAt('11:30', { customerEmail: 'grace@example.com', firstName: 'Grace' });
    jobs.stopped = await bookAt('12:30', {
      serviceId: shop.quickId,
      textConsent: true,
      phoneNumber: '+1 5125550199',
      customerEmail: 'stop@example.com',
    });
    jobs.near = await bookAt('13:30', { serviceId: shop.quickId, customerEmail: 'near@example.com' });
    jobs.waits = await bookAt('15:00', { customerEmail: 'waits@example.com' });
    // The main crew is busy at 10:00: a second crew, Truck 2, takes this one.
    const truck = (await call('POST', `${d}/crews`, shop.auth, { name: 'Truck 2', color: '#1d4ed8' })).json()._id;
    jobs.truck = await bookAt('11:00', { customerEmail: 'truck@example.com' });
    await t.ctx.db.updateTable('bookings').set({ crew_id: truck }).where('id', '=', jobs.truck).execute();
    const other = await detailer(t);
    jobs.elsewhere = await bookAt('11:00', { textConsent: true }, other);
    await t.ctx.repos.texts.optOut(shop.businessId, '+15125550199', Date.now());

    crewHeaders = await crewMemberAuth(t, shop, mainCrew, 'sam@example.com');
  });
  afterAll(() => t.close());

  it("keeps the owner's threshold in Settings > Crews, 20 minutes to start with, within bounds", async () => {
    expect((await call('GET', `${d}/crews`, shop.auth)).json().lateThresholdMinutes).toBe(20);
    const low = await threshold(4);
    expect([low.statusCode, low.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(low.json().error).toContain('5 minutes or more');
    const set = await threshold(45);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ nameCrewInMails: true, lateThresholdMinutes: 45 });
    // Left out, it stays as it is.
    const kept = await call('PUT', `${d}/crews-settings/mails`, shop.auth, { nameCrewInMails: true });
    expect(kept.json().lateThresholdMinutes).toBe(45);
  });

  it('a start 40 minutes late under a 45-minute threshold tells nobody, once however many taps, and the screens show the projected day', async () => {
    t.clock.now = la(40);
    const answers = await Promise.all([tap(jobs.first, 'start'), tap(jobs.first, 'start'), tap(jobs.first, 'start')]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    for (const id of Object.values(jobs)) expect(await told(id)).toEqual([]);

    const mine = await schedule();
    const projected = (id: string) => mine.find((j) => j._id === id)?.projectedStart;
    expect(projected(jobs.first)).toBeNull();
    expect(projected(jobs.texted)).toBe(iso(la(100)));
    expect(projected(jobs.mailed)).toBe(iso(la(130)));
    expect(projected(jobs.stopped)).toBe(iso(la(190)));
    expect(projected(jobs.near)).toBe(iso(la(220)));
    // The crew waits for the 15:00 job: on time.
    expect(projected(jobs.waits)).toBeNull();

    const owners = await ownerBookings();
    expect(owners.find((b) => b._id === jobs.texted)?.projectedStart).toBe(iso(la(100)));
    expect(owners.find((b) => b._id === jobs.waits)?.projectedStart).toBeUndefined();
    // Another crew's job, and another business's, are not this crew's day.
    expect(owners.find((b) => b._id === jobs.truck)?.projectedStart).toBeUndefined();
    const untouched = await t.ctx.db
      .selectFrom('bookings')
      .select(['projected_start_ms', 'late_told_ms'])
      .where('id', 'in', [jobs.truck, jobs.elsewhere])
      .execute();
    expect(untouched).toEqual([
      { projected_start_ms: null, late_told_ms: null },
      { projected_start_ms: null, late_told_ms: null },
    ]);
  });

  it('a job that runs long past the threshold tells each later customer once, by text within consent and STOP, else by mail', async () => {
    expect((await threshold(20)).statusCode).toBe(200);
    // The 10:00 job (an hour) is completed at 11:45: 45 minutes late for everyone after.
    t.clock.now = la(105);
    const done = await tap(jobs.first, 'complete');
    expect(done.statusCode, done.body).toBe(200);
    // A second tap changes nothing and tells nobody again.
    expect((await tap(jobs.first, 'complete')).statusCode).toBe(200);

    const [text] = await told(jobs.texted);
    expect(await told(jobs.texted)).toHaveLength(1);
    expect(text).toMatchObject({ channel: 'text', to_address: '+15551234567' });
    expect(text?.text_body).toMatch(
      new RegExp(
        `^Sam from Shiny Cars is running late: your 11:00 AM Quick Wash now starts about ${clock(la(105))}\\. Keep it, or pick another time: http://\\S+/s/\\w+`,
      ),
    );
    expect(clock(la(105))).toBe('11:45 AM');

    const mailed = await told(jobs.mailed);
    expect(mailed.map((m) => [m.channel, m.to_address, m.subject])).toEqual([
      [
        'mail',
        'grace@example.com',
        'Sam from Shiny Cars is running late: your 11:30 AM Full Detail now starts about 12:15 PM.',
      ],
    ]);
    expect(mailed[0]?.text_body).toMatch(/pick another time:\n\S+\/customer\/reschedule\?token=/);
    // Agreed to texts, then replied STOP: a mail.
    expect((await told(jobs.stopped)).map((m) => [m.channel, m.to_address])).toEqual([['mail', 'stop@example.com']]);
    // 15 minutes late, within the threshold: shown, not told.
    expect(await told(jobs.near)).toEqual([]);
    expect((await schedule()).find((j) => j._id === jobs.near)?.projectedStart).toBe(iso(la(225)));
    for (const id of [jobs.waits, jobs.truck, jobs.elsewhere]) expect(await told(id)).toEqual([]);
  });

  it('tells again only those whose arrival moved by more than the threshold since they were told', async () => {
    // The crew starts the 11:00 job at 12:30: 45 minutes after what Dora was told.
    t.clock.now = la(150);
    expect((await tap(jobs.texted, 'start')).statusCode).toBe(200);
    // Dora's job is started: nothing more to her.
    expect(await told(jobs.texted)).toHaveLength(1);
    expect((await told(jobs.mailed)).map((m) => m.subject)).toEqual([
      'Sam from Shiny Cars is running late: your 11:30 AM Full Detail now starts about 12:15 PM.',
      'Sam from Shiny Cars is running late: your 11:30 AM Full Detail now starts about 1:00 PM.',
    ]);
    expect(await told(jobs.stopped)).toHaveLength(2);
    expect((await told(jobs.near)).map((m) => m.subject)).toEqual([
      'Sam from Shiny Cars is running late: your 1:30 PM Quick Wash now starts about 2:30 PM.',
    ]);
    // 14:30 + 30 minutes reaches the 15:00 job on time.
    expect(await told(jobs.waits)).toEqual([]);

    // The customer's link reads the new time and may still move it past the change cut-off (the
    // business made them wait); a customer not told keeps the cut-off.
    await t.ctx.db
      .updateTable('businesses')
      .set({ change_cutoff_hours: 24 })
      .where('id', '=', shop.businessId)
      .execute();
    const managed = async (id: string) =>
      (await call('GET', `/api/customer/booking?token=${manageTokenFor(t.config.jwtSecret, id)}`)).json();
    const grace = await managed(jobs.mailed);
    expect(grace.projectedStart).toBe(iso(la(180)));
    expect(grace.changeLocked).toBeUndefined();
    const waits = await managed(jobs.waits);
    expect(waits.projectedStart).toBeUndefined();
    expect(waits.changeLocked).toMatchObject({ reason: expect.any(String) });
    // Past the booked 11:30, before the told 13:00: the link still works.
    t.clock.now = la(100);
    expect((await managed(jobs.mailed)).projectedStart).toBe(iso(la(180)));

    // Completing it on time for the new plan moves nobody by more than the threshold.
    t.clock.now = la(180);
    expect((await tap(jobs.texted, 'complete')).statusCode).toBe(200);
    expect(await told(jobs.mailed)).toHaveLength(2);
    expect(await told(jobs.near)).toHaveLength(1);

    // The 12:30 customer, told 2:00 PM, picks another time: the delay was about the old one, and goes with it.
    const moved = await call(
      'PUT',
      '/api/customer/reschedule',
      {},
      { token: manageTokenFor(t.config.jwtSecret, jobs.stopped), newDateTime: '2026-12-03T12:00' },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await t.ctx.db
      .selectFrom('bookings')
      .select(['projected_start_ms', 'late_told_ms'])
      .where('id', '=', jobs.stopped)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ projected_start_ms: null, late_told_ms: null });
    expect((await ownerBookings()).find((b) => b._id === jobs.stopped)?.projectedStart).toBeUndefined();
  });
});
