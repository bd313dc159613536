/**
 * A crew's own login (issue 25; docs/decisions/024): the owner invites by e-mail, the crew member
 * sets a password from the mailed link and logs in, reads only their own crew's jobs (never a
 * price), starts and completes them in order, and subscribes to their own feed; the owner resends
 * or removes the access. Bookings are given their crew directly in the database: the booking
 * engine that assigns crews is written beside this.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, bookBody, type Clock, DAY, detailer, engineApp, type Shop, START_CLOCK } from '../booking-fixtures.ts';
import { onboardedOwner, storages, type TestApp } from '../helpers.ts';

const d = '/api/business-dashboard';
const PASSWORD = 'crew member password 1';
/** 10:05 in Los Angeles on DAY (a Wednesday), after the 10:00 job's start. */
const ON_THE_DAY = Date.parse(`${DAY}T18:05:00Z`);

describe.each(storages())('crew access on %s', (kind) => {
  let t: TestApp & { clock: Clock };
  let shop: Shop;
  let mainCrew: string;
  let truck: string;
  const seen = new Set<string>();
  /** The jobs: two on the main crew, one on Truck 2, one of another business. */
  const jobs = { first: '', second: '', truck: '', elsewhere: '' };

  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** The newest invitation link mailed to `email` (a token not read before). */
  async function mailedToken(email: string): Promise<string> {
    const rows = await t.ctx.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).execute();
    const tokens = rows
      .map((r) => /\/crew\/join\?token=([A-Za-z0-9_%-]+)/.exec(r.text_body)?.[1])
      .filter((x): x is string => Boolean(x))
      .map(decodeURIComponent)
      .filter((x) => !seen.has(x));
    expect(tokens, `one new invitation link to ${email}`).toHaveLength(1);
    seen.add(tokens[0]!);
    return tokens[0]!;
  }

  async function bookAt(time: string, over: Parameters<typeof bookBody>[1] = {}, s = shop) {
    const res = await book(t, bookBody(s, { time, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  }

  const giveTo = (bookingId: string, crewId: string) =>
    t.ctx.db.updateTable('bookings').set({ crew_id: crewId }).where('id', '=', bookingId).execute();

  async function invite(crewId: string, email: string, auth = shop.auth) {
    return call('POST', `${d}/crews/${crewId}/member`, auth, { email });
  }

  /** Invites, accepts with PASSWORD, and answers the crew member's session token. */
  async function crewMember(crewId: string, email: string): Promise<string> {
    expect((await invite(crewId, email)).statusCode).toBe(201);
    const res = await call(
      'POST',
      '/api/auth/crew-invitation',
      {},
      { token: await mailedToken(email), password: PASSWORD },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  }

  beforeAll(async () => {
    t = await engineApp(kind);
    shop = await detailer(t);
    const crews = await call('GET', `${d}/crews`, shop.auth);
    mainCrew = crews.json().crews[0]._id;
    const created = await call('POST', `${d}/crews`, shop.auth, { name: 'Truck 2', color: '#1d4ed8' });
    expect(created.statusCode).toBe(201);
    truck = created.json()._id;
    jobs.first = await bookAt('10:00', { firstName: 'Ada', lastName: 'Lovelace' });
    jobs.second = await bookAt('13:00', { firstName: 'Alan', lastName: 'Turing', customerEmail: 'alan@example.com' });
    jobs.truck = await bookAt('15:00', { firstName: 'Grace', lastName: 'Hopper', customerEmail: 'grace@example.com' });
    await giveTo(jobs.first, mainCrew);
    await giveTo(jobs.second, mainCrew);
    await giveTo(jobs.truck, truck);
    const other = await detailer(t);
    jobs.elsewhere = await bookAt('10:00', { firstName: 'Edsger', lastName: 'Dijkstra' }, other);
    const otherCrew = (await call('GET', `${d}/crews`, other.auth)).json().crews[0]._id;
    await giveTo(jobs.elsewhere, otherCrew);
    await t.app.inject({ method: 'PUT', url: `${d}/booking/approve/${jobs.first}`, headers: shop.auth });
  });
  afterAll(() => t.close());

  it('invites by e-mail, opens the link, sets the password and logs the crew member in to their own kind of session', async () => {
    const email = 'sam.crew@example.com';
    const invited = await invite(mainCrew, 'Sam.Crew@Example.com');
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().member).toEqual({ email, status: 'invited' });
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirst();
    expect(mail?.subject).toBe('Shiny Cars invited you to Slotwise');
    expect(mail?.text_body).toContain("see Main crew's jobs");
    const token = await mailedToken(email);

    const status = await call('GET', `/api/auth/crew-invitation?token=${encodeURIComponent(token)}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({ email, crewName: 'Main crew', businessName: 'Shiny Cars' });

    const short = await call('POST', '/api/auth/crew-invitation', {}, { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    // Not a login yet: an invited e-mail without a password logs in like an unknown one.
    const early = await call('POST', '/api/auth/login', {}, { email, password: PASSWORD });
    expect(early.statusCode).toBe(401);

    const accepted = await call('POST', '/api/auth/crew-invitation', {}, { token, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const claims = JSON.parse(Buffer.from(accepted.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ email, k: 'crew' });

    const login = await call('POST', '/api/auth/login', {}, { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().account).toBe('crew');
    const owner = await call('POST', '/api/auth/login', {}, { email: shop.email, password: 'correct horse battery' });
    expect(owner.json().account).toBe('owner');

    const crews = await call('GET', `${d}/crews`, shop.auth);
    expect(crews.json().crews.find((c: { _id: string }) => c._id === mainCrew).member).toEqual({
      email,
      status: 'active',
    });
    // The link works once.
    const again = await call('POST', '/api/auth/crew-invitation', {}, { token, password: 'another password' });
    expect([again.statusCode, again.json().code]).toEqual([410, 'CREW_INVITE_USED']);
    // No password or token in the logs.
    const logs = t.logs.join('\n');
    for (const secret of [PASSWORD, token, accepted.json().token]) expect(logs).not.toContain(secret);
  });

  it("answers the crew's own jobs only, with no price, and refuses owner tokens", async () => {
    const token = (
      await call('POST', '/api/auth/login', {}, { email: 'sam.crew@example.com', password: PASSWORD })
    ).json().token as string;
    const res = await call('GET', `/api/crew/schedule?from=${DAY}&to=${DAY}`, bearer(token));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      crew: { _id: mainCrew, name: 'Main crew' },
      businessName: 'Shiny Cars',
      email: 'sam.crew@example.com',
      timeZone: 'America/Los_Angeles',
      today: '2026-12-01',
      from: DAY,
      to: DAY,
    });
    expect(body.jobs.map((j: { _id: string }) => j._id)).toEqual([jobs.first, jobs.second]);
    expect(body.jobs[0]).toEqual({
      _id: jobs.first,
      bookingTime: { day: DAY, startTime: '10:00', endTime: '11:00' },
      serviceName: 'Full Detail',
      customerName: 'Ada Lovelace',
      phoneNumber: '+15551234567',
      customerAddress: '5 Ocean Ave, Santa Monica, CA 90401, USA',
      // The owner's notes on the place (none here): nothing else of the client's record (docs/decisions/037).
      placeNotes: null,
      status: 'approved',
      startedAt: null,
      notes: 'Vehicle size: SUV',
      payable: false,
      onMyWayAt: null,
      projectedStart: null,
    });
    expect(body.jobs[1].status).toBe('pending');
    for (const word of ['total', 'price', 'deposit', 'paid', 'quote', 'Grace', 'Hopper', 'Edsger', 'customerEmail'])
      expect(res.body).not.toContain(word);

    // Today and the next six days by default.
    const week = (await call('GET', '/api/crew/schedule', bearer(token))).json();
    expect([week.from, week.to]).toEqual(['2026-12-01', '2026-12-07']);
    expect(week.jobs).toHaveLength(2);
    expect((await call('GET', `/api/crew/schedule?from=${DAY}&to=2026-12-01`, bearer(token))).statusCode).toBe(400);
    expect((await call('GET', '/api/crew/schedule?from=2026-12-01&to=2027-03-01', bearer(token))).statusCode).toBe(400);

    const ownerHere = await call('GET', '/api/crew/schedule', shop.auth);
    expect([ownerHere.statusCode, ownerHere.json().code]).toEqual([401, 'SESSION_EXPIRED']);
    const crewThere = await call('GET', `${d}/crews`, bearer(token));
    expect([crewThere.statusCode, crewThere.json().code]).toEqual([401, 'SESSION_EXPIRED']);
    expect(crewThere.json().error).toMatch(/crew member's login/);
  });

  it('starts and completes a job in order, from its day on, each tap harmless when repeated', async () => {
    const token = (
      await call('POST', '/api/auth/login', {}, { email: 'sam.crew@example.com', password: PASSWORD })
    ).json().token as string;
    const tap = (id: string, what: 'start' | 'complete') => call('PUT', `/api/crew/jobs/${id}/${what}`, bearer(token));

    const tooEarly = await tap(jobs.first, 'start');
    expect([tooEarly.statusCode, tooEarly.json().code]).toEqual([409, 'JOB_NOT_TODAY']);
    expect(tooEarly.json().error).toBe('This job is on Wednesday, December 2, 2026: start it on the day.');

    t.clock.now = ON_THE_DAY;
    try {
      const notStarted = await tap(jobs.first, 'complete');
      expect([notStarted.statusCode, notStarted.json().code]).toEqual([409, 'JOB_NOT_STARTED']);

      const started = await tap(jobs.first, 'start');
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({
        _id: jobs.first,
        status: 'started',
        startedAt: new Date(ON_THE_DAY).toISOString(),
      });
      t.clock.now += 60_000;
      const again = await tap(jobs.first, 'start');
      expect(again.json()).toEqual(started.json());

      const done = await tap(jobs.first, 'complete');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().status).toBe('completed');
      expect((await tap(jobs.first, 'complete')).json()).toEqual(done.json());
      // The crew's completion issued the job's invoice, once (docs/decisions/043); the crew's answer names no price.
      const invoices = await t.ctx.db
        .selectFrom('invoices')
        .select(['number', 'state'])
        .where('booking_id', '=', jobs.first)
        .execute();
      expect(invoices).toEqual([{ number: expect.any(Number), state: 'open' }]);
      expect(JSON.stringify(done.json())).not.toMatch(/total|price|amount/i);
      // Its pay code, for the customer to scan at the door: the pay link as an SVG QR code, no amount.
      expect(done.json().payable).toBe(true);
      const code = await call('GET', `/api/crew/jobs/${jobs.first}/pay-code`, bearer(token));
      expect(code.statusCode, code.body).toBe(200);
      expect(code.json()).toMatchObject({
        number: invoices[0]!.number,
        url: expect.stringMatching(/^http:\/\/localhost:3000\/customer\/invoice\?token=/),
        svg: expect.stringMatching(/^<svg [^>]*viewBox=/),
      });
      expect(code.body).not.toMatch(/total|price|amount|due/i);
      const view = await call(
        'GET',
        `/api/invoice-link?token=${new URL(code.json().url).searchParams.get('token')}`,
        {},
      );
      expect(view.json().number).toBe(invoices[0]!.number);
      // A job not done has none; one paid has nothing to pay; another crew's is not found.
      const none = await call('GET', `/api/crew/jobs/${jobs.second}/pay-code`, bearer(token));
      expect([none.statusCode, none.json().code]).toEqual([404, 'INVOICE_NOT_FOUND']);
      const theirs = await call('GET', `/api/crew/jobs/${jobs.truck}/pay-code`, bearer(token));
      expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'JOB_NOT_FOUND']);
      const asOwner = await call('GET', `/api/crew/jobs/${jobs.first}/pay-code`, shop.auth);
      expect([asOwner.statusCode, asOwner.json().code]).toEqual([401, 'SESSION_EXPIRED']);
      expect((await tap(jobs.first, 'start')).json()).toEqual(done.json());
      // Paid in cash at the door: nothing to scan any more.
      const bill = (await call('GET', `${d}/bookings/${jobs.first}/bill`, shop.auth)).json();
      const cash = await call(
        'POST',
        `${d}/invoices/${bill.invoice._id}/payments`,
        { ...shop.auth, 'idempotency-key': randomUUID() },
        { method: 'cash', amount: bill.balance.due },
      );
      expect(cash.statusCode, cash.body).toBe(200);
      const paid = await call('GET', `/api/crew/jobs/${jobs.first}/pay-code`, bearer(token));
      expect([paid.statusCode, paid.json().code]).toEqual([409, 'INVOICE_PAID']);
      const schedule = (await call('GET', `/api/crew/schedule?from=${DAY}&to=${DAY}`, bearer(token))).json();
      expect(schedule.jobs.find((j: { _id: string }) => j._id === jobs.first).payable).toBe(false);
      const row = await t.ctx.db
        .selectFrom('bookings')
        .select(['status', 'version'])
        .where('id', '=', jobs.first)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('completed');
      // The owner sees it completed.
      const owner = await call('GET', `${d}/bookings?from=${DAY}&to=${DAY}`, shop.auth);
      expect(owner.json().bookings.find((b: { _id: string }) => b._id === jobs.first).status).toBe('completed');

      // A pending job may be started too (the crew is on site); another crew's job, or another business's, is not found.
      expect((await tap(jobs.second, 'start')).json().status).toBe('started');
      for (const id of [jobs.truck, jobs.elsewhere]) {
        const refused = await tap(id, 'start');
        expect([refused.statusCode, refused.json().code]).toEqual([404, 'JOB_NOT_FOUND']);
        expect(refused.body).not.toMatch(/Grace|Edsger/);
      }
      // The customer cancels the started job: it can no longer be completed.
      await t.ctx.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', jobs.second).execute();
      const cancelled = await tap(jobs.second, 'complete');
      expect([cancelled.statusCode, cancelled.json().code]).toEqual([409, 'JOB_NOT_ACTIVE']);
      expect(cancelled.json().error).toMatch(/was cancelled/);
      await t.ctx.db.updateTable('bookings').set({ status: 'pending' }).where('id', '=', jobs.second).execute();
    } finally {
      t.clock.now = START_CLOCK;
    }
  });

  it("serves the crew member's own calendar feed, without prices, until it is revoked", async () => {
    const token = (
      await call('POST', '/api/auth/login', {}, { email: 'sam.crew@example.com', password: PASSWORD })
    ).json().token as string;
    const { feedUrl } = (await call('GET', '/api/crew/schedule', bearer(token))).json();
    const path = feedUrl.replace('http://localhost:3000', '');
    expect(path).toContain(`crewId=${mainCrew}`);
    const feed = await call('GET', path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/text\/calendar/);
    expect(feed.body).toContain('Alan Turing');
    expect(feed.body).toContain('Main crew jobs');
    for (const word of ['Total', '$', 'Grace', 'Edsger', 'alan@example.com']) expect(feed.body).not.toContain(word);
    // The owner's feed stays everything, each job naming its crew.
    const ownerFeed = (await call('GET', `${d}/settings/calendar-feed`, shop.auth))
      .json()
      .url.replace('http://localhost:3000', '');
    const everything = await call('GET', ownerFeed);
    expect(everything.body).toContain('Grace');
    expect(everything.body).toContain('Crew: Truck 2');
    // Another crew's id with this token, or a made-up token, is refused.
    expect((await call('GET', path.replace(mainCrew, truck))).statusCode).toBe(404);
    expect((await call('GET', path.replace(/token=[^&]+/, 'token=nope'))).statusCode).toBe(404);

    const revoked = await call('POST', '/api/crew/calendar-feed/revoke', bearer(token));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().url).not.toBe(feedUrl);
    expect((await call('GET', path)).statusCode).toBe(404);
    expect((await call('GET', revoked.json().url.replace('http://localhost:3000', ''))).statusCode).toBe(200);
  });

  it('refuses an invitation to a crew that has a login, to an e-mail that has one, and a signup with a crew e-mail', async () => {
    const exists = await invite(mainCrew, 'someone.else@example.com');
    expect([exists.statusCode, exists.json().code]).toEqual([409, 'CREW_MEMBER_EXISTS']);
    const owners = await invite(truck, shop.email);
    expect([owners.statusCode, owners.json().code]).toEqual([409, 'CREW_EMAIL_TAKEN']);
    const others = await invite(truck, 'sam.crew@example.com');
    expect([others.statusCode, others.json().code]).toEqual([409, 'CREW_EMAIL_TAKEN']);
    const signup = await call(
      'POST',
      '/api/auth/signup',
      {},
      {
        email: 'sam.crew@example.com',
        password: 'long enough pw',
        phoneNumber: '+1 5551234567',
      },
    );
    expect([signup.statusCode, signup.json().code]).toEqual([409, 'EMAIL_TAKEN']);
    // Another owner cannot touch this business's crews.
    const stranger = await onboardedOwner(t.app);
    for (const [method, url] of [
      ['POST', `${d}/crews/${truck}/member`],
      ['POST', `${d}/crews/${mainCrew}/member/resend`],
      ['DELETE', `${d}/crews/${mainCrew}/member`],
    ] as const) {
      const res = await call(
        method,
        url,
        stranger.auth,
        method === 'POST' && url.endsWith('member') ? { email: 'x@example.com' } : undefined,
      );
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'CREW_NOT_FOUND']);
    }
    expect((await call('GET', `${d}/crews`, shop.auth)).json().crews[0].member.email).toBe('sam.crew@example.com');
  });

  it('lets an invitation expire after 7 days; Resend mails a new link (at most one a minute) and ends the old one', async () => {
    const email = 'tess.truck@example.com';
    expect((await invite(truck, email)).statusCode).toBe(201);
    const first = await mailedToken(email);
    const tooSoon = await call('POST', `${d}/crews/${truck}/member/resend`, shop.auth);
    expect([tooSoon.statusCode, tooSoon.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(tooSoon.headers['retry-after']).toBe('60');

    t.clock.now = START_CLOCK + 8 * 86_400_000;
    try {
      const expired = await call('GET', `/api/auth/crew-invitation?token=${first}`);
      expect([expired.statusCode, expired.json().code]).toEqual([410, 'CREW_INVITE_EXPIRED']);
      const late = await call('POST', '/api/auth/crew-invitation', {}, { token: first, password: PASSWORD });
      expect([late.statusCode, late.json().code]).toEqual([410, 'CREW_INVITE_EXPIRED']);

      const resent = await call('POST', `${d}/crews/${truck}/member/resend`, shop.auth);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().member).toEqual({ email, status: 'invited' });
      const second = await mailedToken(email);
      const old = await call('GET', `/api/auth/crew-invitation?token=${first}`);
      expect([old.statusCode, old.json().code]).toEqual([404, 'CREW_INVITE_INVALID']);
      const accepted = await call('POST', '/api/auth/crew-invitation', {}, { token: second, password: PASSWORD });
      expect(accepted.statusCode).toBe(200);
      const schedule = await call('GET', `/api/crew/schedule?from=${DAY}&to=${DAY}`, bearer(accepted.json().token));
      expect(schedule.json().jobs.map((j: { customerName: string }) => j.customerName)).toEqual(['Grace Hopper']);
    } finally {
      t.clock.now = START_CLOCK;
    }
  });

  it('a Resend to an active login sets a new password and ends the older sessions', async () => {
    const email = 'tess.truck@example.com';
    const before = (await call('POST', '/api/auth/login', {}, { email, password: PASSWORD })).json().token as string;
    t.clock.now = START_CLOCK + 9 * 86_400_000;
    try {
      const resent = await call('POST', `${d}/crews/${truck}/member/resend`, shop.auth);
      expect(resent.json().member.status).toBe('active');
      const mail = await t.ctx.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', email)
        .where('created_at', '=', t.clock.now)
        .executeTakeFirst();
      expect(mail?.subject).toBe('Set a new password for your Shiny Cars crew login');
      // The old password still works until the link is used.
      expect((await call('GET', '/api/crew/schedule', bearer(before))).statusCode).toBe(200);
      const token = await mailedToken(email);
      const reset = await call('POST', '/api/auth/crew-invitation', {}, { token, password: 'a brand new password' });
      expect(reset.statusCode).toBe(200);
      expect((await call('GET', '/api/crew/schedule', bearer(before))).statusCode).toBe(401);
      expect((await call('GET', '/api/crew/schedule', bearer(reset.json().token))).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/login', {}, { email, password: PASSWORD })).statusCode).toBe(401);
    } finally {
      t.clock.now = START_CLOCK;
    }
  });

  it('Remove access ends the sessions, the link and the feed at once; a crew member for another crew is then free', async () => {
    const email = 'rita.removed@example.com';
    const removedCrew = (await call('POST', `${d}/crews`, shop.auth, { name: 'Van 3', color: '#b45309' })).json()._id;
    const token = await crewMember(removedCrew, email);
    const feedUrl = (await call('GET', '/api/crew/schedule', bearer(token)))
      .json()
      .feedUrl.replace('http://localhost:3000', '');
    expect((await call('GET', feedUrl)).statusCode).toBe(200);

    const removed = await call('DELETE', `${d}/crews/${removedCrew}/member`, shop.auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().member).toBeNull();
    const after = await call('GET', '/api/crew/schedule', bearer(token));
    expect([after.statusCode, after.json().code]).toEqual([401, 'SESSION_EXPIRED']);
    expect((await call('GET', feedUrl)).statusCode).toBe(404);
    expect((await call('POST', '/api/auth/login', {}, { email, password: PASSWORD })).statusCode).toBe(401);
    // Twice is harmless; a resend now has nobody to mail.
    expect((await call('DELETE', `${d}/crews/${removedCrew}/member`, shop.auth)).statusCode).toBe(200);
    const resend = await call('POST', `${d}/crews/${removedCrew}/member/resend`, shop.auth);
    expect([resend.statusCode, resend.json().code]).toEqual([404, 'CREW_MEMBER_NOT_FOUND']);
    // The e-mail may be invited again.
    expect((await invite(removedCrew, email)).statusCode).toBe(201);
    await mailedToken(email);
  });

  it('removing the crew itself removes its login', async () => {
    const email = 'val.van@example.com';
    const van = (await call('POST', `${d}/crews`, shop.auth, { name: 'Van 4', color: '#7c3aed' })).json()._id;
    const token = await crewMember(van, email);
    expect((await call('DELETE', `${d}/crews/${van}`, shop.auth)).statusCode).toBe(200);
    expect((await call('GET', '/api/crew/schedule', bearer(token))).statusCode).toBe(401);
    expect(
      await t.ctx.db.selectFrom('crew_members').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });
});
