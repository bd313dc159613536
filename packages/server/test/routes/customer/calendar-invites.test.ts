/**
 * Every customer mail about a booking's time carries an iCalendar invitation (issue 22, item 4):
 * REQUEST while the booking stands (tentative until approved), CANCEL when it is off, one UID
 * for the booking and a SEQUENCE that counts up with each change, so calendar apps update the
 * same event on a move and remove it on a cancellation. Read as a mail client does: the MIME
 * part off a real SMTP conversation, parsed with ical.js.
 */
import type { BookResponse } from '@slotwise/shared/api';
import { buildIcs } from '@slotwise/shared/ics';
import { localToUtcMs } from '@slotwise/shared/time-zone';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  bookAndToken,
  bookBody,
  CUSTOMER_ADDRESS,
  detailer,
  engineApp,
  LA,
  type Shop,
} from '../../booking-fixtures.ts';
import { storages, type TestApp } from '../../helpers.ts';
import { decodeQuotedPrintable, type ReceivedMail, startSmtp } from '../../smtp.ts';

interface Invite {
  method: string;
  /** The Content-Type's method parameter, which must match METHOD (RFC 6047). */
  partMethod: string;
  uid: string;
  sequence: number;
  status: string;
  startMs: number;
  endMs: number;
  location: string;
  attendee: string;
  organizer: string;
}

/** The text/calendar part of a raw mail, decoded and parsed. */
function inviteIn(mail: ReceivedMail): Invite {
  const lines = mail.raw.split(/\r?\n/);
  const start = lines.findIndex((l) => /^Content-Type: text\/calendar/i.test(l));
  if (start < 0) throw new Error(`no text/calendar part in:\n${mail.raw}`);
  let i = start;
  const headers: string[] = [];
  while (lines[i] !== '') headers.push(lines[i++]!);
  const header = headers.join(' ');
  const body: string[] = [];
  for (i++; i < lines.length && !lines[i]!.startsWith('--'); i++) body.push(lines[i]!);
  const encoding = /Content-Transfer-Encoding: *([\w-]+)/i.exec(header)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.join(''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(decodeQuotedPrintable(body.join('\r\n')), 'latin1').toString('utf8')
        : body.join('\r\n');
  const cal = new ICAL.Component(ICAL.parse(text));
  const v = cal.getFirstSubcomponent('vevent');
  if (!v) throw new Error('no VEVENT');
  const e = new ICAL.Event(v);
  return {
    method: String(cal.getFirstPropertyValue('method')),
    partMethod: /method=("?)(\w+)\1/i.exec(header)?.[2] ?? '',
    uid: e.uid,
    sequence: e.sequence,
    status: String(v.getFirstPropertyValue('status')),
    startMs: e.startDate.toJSDate().getTime(),
    endMs: e.endDate.toJSDate().getTime(),
    location: e.location,
    attendee: String(e.attendees[0]?.getFirstValue()),
    organizer: e.organizer,
  };
}

describe.each(storages())('calendar invitations in the customer mails on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await engineApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Slotwise <bookings@slotwise.test>' } });
    shop = await detailer(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const customerMails = async (to: string) => {
    await t.ctx.mail.flush();
    return smtp.received.filter((m) => m.to.includes(to));
  };

  it('sends one event through received, approved, moved and cancelled, counting SEQUENCE up', async () => {
    const to = 'invite-journey@example.com';
    const { bookingId, token } = await bookAndToken(t, bookBody(shop, { customerEmail: to }));
    const [received] = await customerMails(to);
    const first = inviteIn(received!);
    expect(first).toMatchObject({
      method: 'REQUEST',
      partMethod: 'REQUEST',
      uid: `booking-${bookingId}@localhost:3000`,
      status: 'TENTATIVE',
      startMs: Date.parse('2026-12-02T18:00:00Z'),
      endMs: Date.parse('2026-12-02T19:00:00Z'),
      location: CUSTOMER_ADDRESS,
      attendee: `mailto:${to}`,
      organizer: 'mailto:bookings@slotwise.test',
    });
    // The owner's notice is not an invitation: the owner's calendar takes the feed.
    const owner = smtp.received.filter((m) => m.to.includes(shop.email));
    expect(owner.length).toBeGreaterThan(0);
    expect(owner.every((m) => !/text\/calendar/i.test(m.raw))).toBe(true);

    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/booking/approve/${bookingId}`,
      headers: shop.auth,
    });
    expect(approved.statusCode).toBe(200);
    const confirmed = inviteIn((await customerMails(to))[1]!);
    expect(confirmed).toMatchObject({ method: 'REQUEST', uid: first.uid, status: 'CONFIRMED' });
    expect(confirmed.sequence).toBeGreaterThan(first.sequence);

    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/reschedule',
      payload: { token, newDateTime: '2026-12-03T11:00' },
    });
    expect(moved.statusCode).toBe(200);
    const move = inviteIn((await customerMails(to))[2]!);
    expect(move).toMatchObject({ method: 'REQUEST', uid: first.uid, startMs: Date.parse('2026-12-03T19:00:00Z') });
    expect(move.sequence).toBeGreaterThan(confirmed.sequence);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/confirm-cancel?token=${encodeURIComponent(token)}`,
    });
    expect(cancelled.statusCode).toBe(200);
    const cancel = inviteIn((await customerMails(to))[3]!);
    expect(cancel).toMatchObject({ method: 'CANCEL', partMethod: 'CANCEL', uid: first.uid, status: 'CANCELLED' });
    expect(cancel.sequence).toBeGreaterThan(move.sequence);
  });

  it("queues a decline's CANCEL with the mail it holds for the undo", async () => {
    const to = 'invite-declined@example.com';
    const res = await book(t, bookBody(shop, { customerEmail: to, time: '14:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().calendarEvent).toEqual({
      uid: `booking-${res.json().bookingId}@localhost:3000`,
      startsAt: '2026-12-02T22:00:00.000Z',
      endsAt: '2026-12-02T23:00:00.000Z',
    });
    const declined = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/booking/decline/${res.json().bookingId}`,
      headers: shop.auth,
      payload: {},
    });
    expect(declined.statusCode).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'calendar_body'])
      .where('to_address', '=', to)
      .execute();
    // Both are queued within one millisecond of the fixtures' clock: their order in the table says nothing.
    expect(rows.map((r) => r.subject).sort()).toEqual([
      'Booking declined: Full Detail',
      'Booking request received: Full Detail',
    ]);
    const decline = rows.find((r) => r.subject === 'Booking declined: Full Detail');
    expect(decline?.calendar_body).toMatch(/^METHOD:CANCEL\r$/m);
    expect(decline?.calendar_body).toContain(`UID:booking-${res.json().bookingId}@localhost:3000`);
  });
  it("gives a plan's booking its series: the plan's rule from the first visit in the business's zone, expanding to its visits", async () => {
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/business-dashboard/service/edit/${shop.quickId}`,
      headers: shop.auth,
      payload: {
        serviceName: 'Quick Wash',
        duration: 30,
        price: 25.5,
        plans: [{ frequency: 'every_2_weeks', discount: null }],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await book(
      t,
      bookBody(shop, { serviceId: shop.quickId, customerEmail: 'series@example.com', frequency: 'every_2_weeks' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as BookResponse;
    const series = answer.calendarEvent.series;
    expect(series).toMatchObject({
      uid: `plan-${answer.plan?.planId}@localhost:3000`,
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
      timeZone: LA,
    });
    // The file the widget offers, written as it writes it.
    const text = buildIcs(
      'PUBLISH',
      [
        {
          uid: series!.uid,
          startMs: Date.parse(answer.calendarEvent.startsAt),
          endMs: Date.parse(answer.calendarEvent.endsAt),
          summary: 'Quick Wash with Shiny Cars',
          status: 'TENTATIVE',
          repeat: series,
        },
      ],
      t.ctx.now(),
      undefined,
      series!.vtimezone,
    );
    expect(text).toContain('DTSTART;TZID=America/Los_Angeles:20261202T100000\r\n');
    const cal = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.register(cal.getFirstSubcomponent('vtimezone')!);
    try {
      const it = new ICAL.Event(cal.getFirstSubcomponent('vevent')!).iterator();
      const visits = answer.plan!.visits.map((v) => v.date);
      expect(visits.length).toBeGreaterThan(2);
      const expanded = visits.map(() => it.next()!.toJSDate().getTime());
      expect(expanded).toEqual(visits.map((day) => localToUtcMs(day, '10:00', LA)));
    } finally {
      ICAL.TimezoneService.remove(LA);
    }
  });
});
