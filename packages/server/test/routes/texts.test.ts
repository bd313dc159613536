/**
 * Texts and review requests (issue 26, docs/decisions/027) on the server, against the Twilio
 * stand-in (test/twilio/stand-in.ts): the owner's account checked and sealed, consent, the first
 * text's STOP line, STOP and START by a signed webhook, retries without duplicates, a failing
 * provider blocking neither booking nor mail, review requests once per completed job (every rating offered the public link), and no
 * credential in any log line or answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../src/jobs/reminders.ts';
import { sendDueReviewRequests } from '../../src/jobs/review-requests.ts';
import { book, bookBody, DAY, detailer, engineApp, type Shop } from '../booking-fixtures.ts';
import { storages, type TestApp } from '../helpers.ts';
import { signTwilio, startTwilioStandIn, type TwilioStandIn } from '../twilio/stand-in.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'f00dfeedc0ffee0123456789abcdef42';
const SENDER = '+15125550100';
const CUSTOMER = '+15125550123';
const ENCRYPTION_KEY = 'a test encryption key that is long enough';
const WEBHOOK = 'http://localhost:3000/api/webhooks/twilio';

describe.each(storages())('texts and review requests on %s', (kind) => {
  let t: TestApp & { clock: { now: number } };
  let shop: Shop;
  let twilio: TwilioStandIn;
  const answers: string[] = [];
  let day = 2;

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    twilio.addAccount({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, numbers: [SENDER], friendlyName: 'Shiny' });
    t = await engineApp(kind, { env: { ENCRYPTION_KEY, TEXTS: 'twilio', TWILIO_API_URL: twilio.url } });
    shop = await detailer(t);
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  const owner = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/business-dashboard/${url}`,
      headers: shop.auth,
      ...(payload ? { payload } : {}),
    });
    answers.push(res.body);
    return res;
  };
  /** A new weekday each time in December 2026, so bookings never meet. */
  const nextDay = () => {
    day += 1;
    const d = new Date(Date.UTC(2026, 11, day));
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) return nextDay();
    return d.toISOString().slice(0, 10);
  };
  const booked = async (over: Parameters<typeof bookBody>[1] = {}) => {
    const res = await book(t, bookBody(shop, { phoneNumber: CUSTOMER, date: nextDay(), ...over }));
    answers.push(res.body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bookingId as string;
  };
  const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to);
  const inbound = (from: string, body: string, signWith = AUTH_TOKEN) => {
    const params = { AccountSid: ACCOUNT_SID, From: from, To: SENDER, Body: body, MessageSid: 'SM1' };
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signTwilio(signWith, WEBHOOK, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };

  it('refuses a wrong auth token, then stores the right one sealed and never answers it', async () => {
    const wrong = await owner('PUT', 'settings/notifications/twilio', {
      accountSid: ACCOUNT_SID,
      authToken: 'ffffffffffffffffffffffffffffffff',
      sender: SENDER,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TWILIO_CREDENTIALS_INVALID');
    const notOurs = await owner('PUT', 'settings/notifications/twilio', {
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      sender: '+1 512 555 0199',
    });
    expect(notOurs.json().code).toBe('TWILIO_CREDENTIALS_INVALID');
    const ok = await owner('PUT', 'settings/notifications/twilio', {
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      sender: '(512) 555-0100',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().twilio).toMatchObject({ accountSid: ACCOUNT_SID, sender: SENDER, tokenHint: '...ef42' });
    const row = await t.ctx.db.selectFrom('twilio_accounts').selectAll().executeTakeFirstOrThrow();
    expect(row.auth_token_enc).not.toContain(AUTH_TOKEN);
  });

  it('texts a consenting customer, the first text saying who sends it and how to stop; nobody else', async () => {
    await booked({ phoneNumber: '+15125550177' });
    const id = await booked({ textConsent: true });
    await t.ctx.mail.flush();
    expect(textsTo('+15125550177')).toEqual([]);
    const [received] = textsTo(CUSTOMER);
    expect(received?.body).toMatch(/^Shiny Cars: request received: Full Detail, /);
    expect(received?.body).toMatch(/Reply STOP to opt out\.$/);
    expect(received?.body).toMatch(/http:\/\/localhost:3000\/s\/[A-Za-z0-9]{10}/);
    expect(received?.from).toBe(SENDER);
    // The short link leads to the booking's manage page on our own origin.
    const code = /\/s\/([A-Za-z0-9]+)/.exec(received!.body)![1];
    const short = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toMatch(/^\/customer\/reschedule\?token=/);

    expect((await owner('PUT', `booking/approve/${id}`)).statusCode).toBe(200);
    await t.ctx.mail.flush();
    const approved = textsTo(CUSTOMER)[1];
    expect(approved?.body).toMatch(/^Shiny Cars: confirmed: Full Detail, /);
    expect(approved?.body).not.toContain('STOP');
  });

  it('honours STOP from a signed webhook: no reminder text, the mail still goes; START texts again', async () => {
    const id = await booked({ textConsent: true, date: DAY });
    await owner('PUT', `booking/approve/${id}`);
    // Within a day of its start (10:00 in Los Angeles on DAY).
    t.clock.now = Date.parse(`${DAY}T19:00:00Z`) - 24 * 3_600_000;
    await t.ctx.mail.flush();
    const before = textsTo(CUSTOMER).length;

    const forged = await inbound(CUSTOMER, 'STOP', 'ffffffffffffffffffffffffffffffff');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code, forged.body).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stop = await inbound('(512) 555-0123', 'stop');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');

    expect(await sendDueReminders(t.ctx)).toBeGreaterThan(0);
    await t.ctx.mail.flush();
    expect(textsTo(CUSTOMER).length).toBe(before);
    const reminderMail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['sent_at'])
      .where('booking_id', '=', id)
      .where('channel', '=', 'mail')
      .where('subject', 'like', 'Reminder:%')
      .executeTakeFirstOrThrow();
    expect(reminderMail.sent_at).not.toBeNull();

    const help = await inbound(CUSTOMER, 'HELP');
    expect(help.body).toContain('<Message>Shiny Cars: texts about your booking.');
    await inbound(CUSTOMER, 'START');
    await booked({ textConsent: true });
    await t.ctx.mail.flush();
    expect(textsTo(CUSTOMER).length).toBe(before + 1);
  });

  it('opts a STOP out of every business texting from that number, and START back in', async () => {
    // The owner's second business, on the same Twilio account and number.
    const other = await detailer(t);
    const connected = await t.app.inject({
      method: 'PUT',
      url: '/api/business-dashboard/settings/notifications/twilio',
      headers: other.auth,
      payload: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: SENDER },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const phone = '+15125550177';
    const optedOut = () =>
      t.ctx.db
        .selectFrom('text_opt_outs')
        .select('business_id')
        .where('phone_number', '=', phone)
        .orderBy('business_id')
        .execute()
        .then((rows) => rows.map((r) => r.business_id));
    expect((await inbound(phone, 'STOP')).statusCode).toBe(200);
    expect(await optedOut()).toEqual([shop.businessId, other.businessId].sort());
    expect((await inbound(phone, 'START')).statusCode).toBe(200);
    expect(await optedOut()).toEqual([]);
    // Signed with another token, it changes nothing for either.
    expect((await inbound(phone, 'STOP', 'ffffffffffffffffffffffffffffffff')).statusCode).toBe(400);
    expect(await optedOut()).toEqual([]);
  });

  it('retries a text Twilio could not take, without sending it twice; the booking and its mail never wait', async () => {
    twilio.failNext(1);
    const first = await book(t, bookBody(shop, { phoneNumber: '+15125550144', date: nextDay(), textConsent: true }));
    expect(first.statusCode).toBe(201);
    await t.ctx.mail.flush();
    expect(textsTo('+15125550144')).toEqual([]);
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['channel', 'sent_at', 'attempts'])
      .where('booking_id', '=', first.json().bookingId)
      .execute();
    expect(rows.find((r) => r.channel === 'mail')?.sent_at).not.toBeNull();
    expect(rows.find((r) => r.channel === 'text')).toMatchObject({ sent_at: null, attempts: 1 });

    twilio.throttleNext(1, 30);
    t.clock.now += 11_000;
    await t.ctx.mail.flush();
    expect(textsTo('+15125550144')).toEqual([]);
    // 429's Retry-After (30 s) is waited out, not the shorter backoff.
    t.clock.now += 21_000;
    await t.ctx.mail.flush();
    expect(textsTo('+15125550144')).toEqual([]);
    t.clock.now += 10_000;
    await t.ctx.mail.flush();
    await t.ctx.mail.flush();
    expect(textsTo('+15125550144')).toHaveLength(1);
  });

  it('sends a text whose answer was lost once: the retry finds it at Twilio and does not send it again', async () => {
    twilio.dropAnswerNext(1);
    await booked({ phoneNumber: '+15125550155', textConsent: true });
    await t.ctx.mail.flush();
    expect(textsTo('+15125550155')).toHaveLength(1);
    const [row] = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'attempts'])
      .where('channel', '=', 'text')
      .where('to_address', '=', '+15125550155')
      .execute();
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    t.clock.now += 11_000;
    await t.ctx.mail.flush();
    expect(textsTo('+15125550155')).toHaveLength(1);
    const after = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('sent_at')
      .where('channel', '=', 'text')
      .where('to_address', '=', '+15125550155')
      .executeTakeFirstOrThrow();
    expect(after.sent_at).not.toBeNull();
  });

  it('a hanging SMS provider holds up only texts: the next mail goes while a text waits at Twilio', async () => {
    const release = twilio.holdAnswers();
    const posts = () => twilio.requests.filter((r) => r.method === 'POST').length;
    const before = posts();
    await booked({ phoneNumber: '+15125550133', textConsent: true, customerEmail: 'hang-1@example.com' });
    const flushing = t.ctx.mail.flush();
    await expect.poll(posts, { timeout: 10_000 }).toBeGreaterThan(before);
    const second = await booked({ customerEmail: 'hang-2@example.com' });
    t.ctx.mail.kick();
    const mailOf = (id: string) =>
      t.ctx.db
        .selectFrom('mail_outbox')
        .select('sent_at')
        .where('booking_id', '=', id)
        .where('channel', '=', 'mail')
        .execute();
    await expect
      .poll(async () => (await mailOf(second)).every((m) => m.sent_at !== null), { timeout: 10_000 })
      .toBe(true);
    expect(textsTo('+15125550133')).toHaveLength(0);
    release();
    await flushing;
    expect(textsTo('+15125550133')).toHaveLength(1);
  });

  it("gives a plan's visits the customer's yes to texts, the ones booked later too", async () => {
    const offered = await owner('PUT', `service/edit/${shop.fullId}`, {
      serviceName: 'Full Detail',
      duration: 60,
      price: 120,
      plans: [{ frequency: 'weekly', discount: { kind: 'percent', percent: 10 } }],
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const res = await book(
      t,
      bookBody(shop, {
        phoneNumber: '+15125550188',
        date: nextDay(),
        time: '15:00',
        frequency: 'weekly',
        textConsent: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const planId = res.json().plan.planId as string;
    const plan = await t.ctx.db
      .selectFrom('plans')
      .select('text_consent')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(plan.text_consent).toBe(1);
    const visits = await t.ctx.db.selectFrom('bookings').select('text_consent').where('plan_id', '=', planId).execute();
    expect(visits.length).toBeGreaterThan(1);
    expect(visits.every((v) => v.text_consent === 1)).toBe(true);
  });

  it("holds a decline's text with its mail: an undo takes both back, none is sent", async () => {
    const id = await booked({ phoneNumber: '+15125550166', textConsent: true });
    await t.ctx.mail.flush();
    expect(textsTo('+15125550166')).toHaveLength(1);
    const declined = await owner('PUT', `booking/decline/${id}`, {});
    expect(declined.statusCode, declined.body).toBe(200);
    const held = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['channel', 'next_attempt_at'])
      .where('booking_id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
    expect(held.map((r) => r.channel).sort()).toEqual(['mail', 'text']);
    expect(held.every((r) => r.next_attempt_at > t.clock.now)).toBe(true);
    const undone = await owner('POST', `booking/undo/${encodeURIComponent(declined.json().undo.token)}`);
    expect(undone.statusCode, undone.body).toBe(200);
    t.clock.now += 60_000;
    await t.ctx.mail.flush();
    expect(textsTo('+15125550166')).toHaveLength(1);
  });

  it('sends one review request per completed job, none for a declined one; every rating is offered the review link', async () => {
    const settings = await owner('GET', 'settings/notifications');
    const update = await owner('PUT', 'settings/notifications', {
      ownerTexts: false,
      reminder2h: false,
      textsOff: [],
      reviewUrl: 'https://g.page/r/shiny-cars/review',
      reviewDelayHours: 2,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(settings.json().messages.find((m: { kind: string }) => m.kind === 'reminder').preview.segments).toBe(1);

    const declined = await booked({ textConsent: true });
    await owner('PUT', `booking/decline/${declined}`, {});
    expect((await owner('PUT', `booking/complete/${declined}`)).json().code).toBe('BOOKING_NOT_APPROVED');
    const done = await booked({ textConsent: true });
    await owner('PUT', `booking/approve/${done}`);
    expect((await owner('PUT', `booking/complete/${done}`)).json().status).toBe('completed');

    expect(await sendDueReviewRequests(t.ctx)).toBe(0);
    t.clock.now += 2 * 3_600_000;
    expect(await sendDueReviewRequests(t.ctx)).toBe(1);
    expect(await sendDueReviewRequests(t.ctx)).toBe(0);
    await t.ctx.mail.flush();
    const requests = textsTo(CUSTOMER).filter((m) => m.body.includes('How did we do?'));
    expect(requests).toHaveLength(1);
    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['booking_id', 'text_body'])
      .where('subject', 'like', 'How did your%')
      .execute();
    expect(mails.map((m) => m.booking_id)).toEqual([done]);

    const page = /\/s\/([A-Za-z0-9]+)/.exec(requests[0]!.body)![1];
    const to = (await t.app.inject({ method: 'GET', url: `/s/${page}` })).headers.location as string;
    expect(to).toMatch(/^\/review\//);
    expect((await t.app.inject({ method: 'GET', url: to })).body).toContain('How did your Full Detail go, Ada?');
    const five = await t.app.inject({
      method: 'POST',
      url: to,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'rating=5',
    });
    const two = await t.app.inject({
      method: 'POST',
      url: to,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'rating=2',
    });
    // No review gating (docs/decisions/027): every rating is offered the public review link and the
    // optional private note alike, on the very same page; nothing sends anyone on by itself.
    for (const answer of [five, two]) {
      expect(answer.body).toContain('<a class="cta" href="https://g.page/r/shiny-cars/review">Leave a review</a>');
      expect(answer.body).toContain('Only the owner reads this');
      expect(answer.body).toContain('(optional)');
      expect(answer.body).not.toContain('http-equiv="refresh"');
    }
    expect(two.body).toBe(five.body);
    const noted = await t.app.inject({
      method: 'POST',
      url: `${to}/comment`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'comment=The+wheels+were+still+dirty.',
    });
    // The note is an extra, not instead of the link: the thanks still offers it.
    expect(noted.body).toContain('href="https://g.page/r/shiny-cars/review"');
    const overview = (await owner('GET', 'reviews')).json();
    expect(overview).toMatchObject({ average: 2, count: 1 });
    expect(overview.recent[0]).toMatchObject({ rating: 2, comment: 'The wheels were still dirty.', firstName: 'Ada' });
  });

  it('sends the owner a test text through the outbox', async () => {
    const res = await owner('POST', 'settings/notifications/test');
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.mail.flush();
    expect(twilio.messages.at(-1)?.body).toContain('this is a test text from Slotwise');
  });

  it('never writes a credential to a log line or an answer', () => {
    const basic = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64');
    const everything = [...t.logs, ...answers].join('\n');
    expect(everything).not.toContain(AUTH_TOKEN);
    expect(everything).not.toContain(basic);
    expect(everything).toContain('text sent');
    // A short link stands for a manage link, a review link is the rating's key: masked in logs too.
    const logs = t.logs.join('\n');
    expect(logs).not.toMatch(/\/s\/[A-Za-z0-9]{10}/);
    expect(logs).not.toMatch(/\/review\/[A-Za-z0-9_-]{20,}/);
    expect(logs).toContain('/s/[REDACTED]');
  });
});
