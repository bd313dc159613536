/**
 * The owner's connected calendars through the API (issue 27; docs/decisions/025), on both
 * databases, against the stand-in calendar server on loopback (loopback allowed here by
 * CALENDAR_FETCH_ALLOW_PRIVATE, as only tests do): connecting, the busy events in the slots, the
 * month, the bookings and the owner's moves, travel, titles, our own feed read back, 304s,
 * failures in words, 24 hours of failure, one read across two instances, disconnecting.
 */
import { bookingUid } from '@slotwise/shared/ics';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readDueCalendars } from '../../../src/domain/connected-calendars.ts';
import { availableTimes, book, bookBody, type Clock, detailer, engineApp, type Shop } from '../../booking-fixtures.ts';
import { type CalendarStandIn, fixtureText, startCalendarStandIn } from '../../calendars/stand-in.ts';
import { createTestApp, storages, type TestApp } from '../../helpers.ts';

const ENCRYPTION_KEY = 'a test encryption key that is long enough';
const ENV = { ENCRYPTION_KEY, CALENDAR_FETCH_ALLOW_PRIVATE: 'on', CALENDAR_FETCH_TIMEOUT_MS: '1000' };
/** Monday 2027-03-01, 04:00 in Los Angeles: the fixtures' month. */
const MARCH_1 = Date.parse('2027-03-01T12:00:00Z');
/** Google's shape of a secret address: the part after private- is the secret. */
const SECRET = 'private-0123456789abcdef0123456789abcdef';
const SECRET_PATH = `/calendar/ical/sam%40example.com/${SECRET}/basic.ics`;

const cal = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, ...lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

describe.each(storages())('connected calendars on %s', (kind) => {
  let t: TestApp & { clock: Clock };
  let s: CalendarStandIn;
  const answers: string[] = [];

  beforeAll(async () => {
    s = await startCalendarStandIn({ slowMs: 3_000 });
    s.serve(SECRET_PATH, fixtureText('google.ics'));
    t = await engineApp(kind, { env: ENV });
    t.clock.now = MARCH_1;
  });
  afterAll(async () => {
    await t.close();
    await s.close();
  });

  async function call(shop: Shop, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const res = await t.app.inject({
      method,
      url: `/api/business-dashboard/${url}`,
      headers: shop.auth,
      ...(payload ? { payload } : {}),
    });
    answers.push(res.body);
    return res;
  }
  const connect = (shop: Shop, secretUrl: string, label = 'Personal', crewId: string | null = null) =>
    call(shop, 'POST', 'calendars', { label, secretUrl, crewId });
  const times = (shop: Shop, date: string, serviceId = shop.fullId) =>
    availableTimes(t, { businessId: shop.businessId, date, serviceId });

  describe('a Google calendar connected', () => {
    let shop: Shop;
    beforeAll(async () => {
      shop = await detailer(t);
    });

    it('is read at once and listed with a hint of its address, never the address', async () => {
      const res = await connect(shop, `${s.url}${SECRET_PATH}`);
      expect(res.statusCode, res.body).toBe(201);
      const { calendars, showTitles, canConnect } = res.json();
      expect(calendars).toEqual([
        {
          _id: expect.any(String),
          label: 'Personal',
          hint: `${new URL(s.url).host} ...cdef`,
          crewId: null,
          lastFetchedAt: new Date(MARCH_1).toISOString(),
          lastSuccessAt: new Date(MARCH_1).toISOString(),
          eventsFound: 8,
          lastError: null,
          stale: false,
        },
      ]);
      expect({ showTitles, canConnect }).toEqual({ showTitles: false, canConnect: true });
      const [row] = await t.ctx.db.selectFrom('calendar_connections').selectAll().execute();
      expect(row!.url_enc).not.toContain(SECRET);
      expect(row!.url_enc).toMatch(/^v1\./);
    });

    it('keeps the slots over its events, its moved occurrence and its busy all-day event; not over free, cancelled or excepted ones', async () => {
      // Wednesday 3: the weekly game, 15:00-16:30 (a 60-minute service cannot start 14:30-16:00).
      const wed = await times(shop, '2027-03-03');
      expect(wed).toContain('14:00');
      expect(wed).not.toContain('14:30');
      expect(wed).not.toContain('16:00');
      expect(wed).toContain('16:30');
      // Wednesday 17 it moved to Thursday 18, 10:00-11:30.
      expect(await times(shop, '2027-03-17')).toContain('15:00');
      const thu = await times(shop, '2027-03-18');
      expect(thu.slice(0, 2)).toEqual(['11:30', '12:00']);
      // The 24th is an EXDATE, the 31st cancelled; 15:00 local before the spring change (the 10th) and after it (April 7).
      expect(await times(shop, '2027-03-24')).toContain('15:00');
      expect(await times(shop, '2027-03-31')).toContain('15:00');
      expect(await times(shop, '2027-03-10')).not.toContain('15:00');
      expect(await times(shop, '2027-04-07')).not.toContain('15:00');
      // Friday 5, the supplier run all day; Tuesday 9, the dentist 9:00-10:00 (before the 10:00 opening: nothing lost).
      expect(await times(shop, '2027-03-05')).toEqual([]);
      expect((await times(shop, '2027-03-09'))[0]).toBe('10:00');
      const month = await t.app.inject({
        url: `/api/customer/available-days?businessId=${shop.businessId}&month=2027-03&serviceId=${shop.fullId}`,
      });
      const days = month.json().days as { date: string; status: string }[];
      expect(days.find((d) => d.date === '2027-03-05')?.status).toBe('full');
      expect(days.find((d) => d.date === '2027-03-04')?.status).toBe('free');
    });

    it("refuses a booking over an event, and the owner's move onto one, naming the calendar", async () => {
      const over = await book(t, bookBody(shop, { date: '2027-03-03', time: '15:00' }));
      expect(over.statusCode).toBe(409);
      expect(over.json().code).toBe('SLOT_TAKEN');
      const booked = await book(t, bookBody(shop, { date: '2027-03-03', time: '10:00' }));
      expect(booked.statusCode, booked.body).toBe(201);
      const moved = await call(shop, 'PUT', 'booking/reschedule', {
        bookingId: booked.json().bookingId,
        newTime: { day: '2027-03-03', startTime: '15:30' },
        requestor: 'business',
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toMatchObject({ code: 'TIME_OVERLAPS' });
      expect(moved.json().error).toContain('an event of your calendar "Personal" (2027-03-03 3:00 PM – 4:30 PM)');
    });

    it('shows its events to the owner as busy, with titles only when the owner chooses', async () => {
      const busy = await call(shop, 'GET', 'busy-times?from=2027-03-03&to=2027-03-05');
      expect(busy.json()).toEqual([
        {
          _id: expect.any(String),
          calendarId: expect.any(String),
          label: 'Personal',
          title: null,
          startTime: '2027-03-03T23:00:00.000Z',
          endTime: '2027-03-04T00:30:00.000Z',
          allDay: false,
          crewId: null,
        },
        expect.objectContaining({ startTime: '2027-03-05T08:00:00.000Z', allDay: true, title: null }),
      ]);
      const on = await call(shop, 'PUT', 'calendars-settings/titles', { showTitles: true });
      expect(on.json().showTitles).toBe(true);
      const titled = await call(shop, 'GET', 'busy-times?from=2027-03-03&to=2027-03-05');
      expect(titled.json().map((b: { title: string }) => b.title)).toEqual(['Soccer game', 'Supplier run']);
      await call(shop, 'PUT', 'calendars-settings/titles', { showTitles: false });
      expect((await call(shop, 'GET', 'busy-times?from=2027-03-01&to=2027-06-01')).statusCode).toBe(400);
    });

    it('reads an unchanged calendar with a conditional request, and a changed one anew', async () => {
      const [row] = await t.ctx.repos.connectedCalendars.list(shop.businessId);
      const before = s.count(SECRET_PATH);
      t.clock.now = MARCH_1 + 60_000;
      const again = await call(shop, 'POST', `calendars/${row!.id}/refresh`);
      expect(again.statusCode).toBe(200);
      expect(s.count(SECRET_PATH)).toBe(before + 1);
      expect(s.requests.at(-1)?.headers['if-none-match']).toBe(row!.etag);
      expect(again.json().calendars[0]).toMatchObject({
        lastFetchedAt: new Date(MARCH_1 + 60_000).toISOString(),
        eventsFound: 8,
      });
      // The owner deletes the dentist and moves nothing else.
      s.serve(
        SECRET_PATH,
        fixtureText('google.ics').replace(/BEGIN:VEVENT\r\nDTSTART:20270309[\s\S]*?END:VEVENT\r\n/, ''),
      );
      const changed = await call(shop, 'POST', `calendars/${row!.id}/refresh`);
      expect(changed.json().calendars[0].eventsFound).toBe(7);
      t.clock.now = MARCH_1;
    });

    it('is disconnected at once: its events stop blocking', async () => {
      const [row] = await t.ctx.repos.connectedCalendars.list(shop.businessId);
      const gone = await call(shop, 'DELETE', `calendars/${row!.id}`);
      expect(gone.json().calendars).toEqual([]);
      expect(await times(shop, '2027-03-05')).toContain('10:00');
      expect(
        await t.ctx.db.selectFrom('calendar_busy').selectAll().where('business_id', '=', shop.businessId).execute(),
      ).toEqual([]);
      expect((await call(shop, 'DELETE', `calendars/${row!.id}`)).json().code).toBe('CALENDAR_NOT_FOUND');
    });

    it('never logged or answered the secret address', () => {
      for (const text of [t.logs.join('\n'), answers.join('\n')]) expect(text).not.toContain(SECRET);
    });
  });

  it('iCloud and Outlook calendars (a floating time, New York times, a Windows zone) block what they say', async () => {
    const shop = await detailer(t);
    await connect(shop, `${s.url}/icloud.ics`, 'Family');
    const both = (await connect(shop, `${s.url}/outlook.ics`, 'Work')).json().calendars;
    const found = Object.fromEntries(both.map((c: { label: string; eventsFound: number }) => [c.label, c.eventsFound]));
    expect(found).toEqual({ Family: 5, Work: 6 });
    // Monday 8: parent-teacher call 14:00-15:00 New York = 11:00-12:00 here.
    const mon = await times(shop, '2027-03-08');
    expect(mon).toContain('10:00');
    expect(mon).not.toContain('10:30');
    expect(mon).not.toContain('11:30');
    expect(mon).toContain('12:00');
    // Friday 12: Outlook's all-day "Out of office".
    expect(await times(shop, '2027-03-12')).toEqual([]);
  });

  it("a crew's own calendar keeps only that crew busy; the owner's keeps everyone busy", async () => {
    const shop = await detailer(t);
    const crew = (await call(shop, 'POST', 'crews', { name: 'Truck 2', color: '#1d4ed8' })).json();
    s.serve(
      '/sam.ics',
      cal(
        vevent(
          'sam-1',
          'DTSTART;TZID=America/Los_Angeles:20270308T100000',
          'DTEND;TZID=America/Los_Angeles:20270308T110000',
          'SUMMARY:Dentist',
        ),
      ),
    );
    const tied = await connect(shop, `${s.url}/sam.ics`, "Sam's", crew._id);
    expect(tied.json().calendars[0].crewId).toBe(crew._id);
    expect(await times(shop, '2027-03-08')).toContain('10:00');
    const booked = await book(t, bookBody(shop, { date: '2027-03-08', time: '10:00' }));
    const row = await t.ctx.repos.bookings.find(shop.businessId, booked.json().bookingId);
    expect(row?.crew_id).not.toBe(crew._id);
    // The second customer at 10:00: the other crew is at the dentist.
    const second = await book(t, bookBody(shop, { date: '2027-03-08', time: '10:00', customerEmail: 'b@example.com' }));
    expect(second.json().code).toBe('SLOT_TAKEN');
    expect(await connect(shop, `${s.url}/sam.ics`, 'Nobody', '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11')).toMatchObject({
      statusCode: 404,
    });
  });

  it('never reads our own bookings and blocked times back as busy (the owner subscribed to our feed)', async () => {
    const shop = await detailer(t);
    const booked = await book(t, bookBody(shop, { date: '2027-03-04', time: '12:00' }));
    const bookingId = booked.json().bookingId as string;
    const other = await detailer(t);
    const theirs = (await book(t, bookBody(other, { date: '2027-03-04', time: '15:00' }))).json().bookingId as string;
    const publicUrl = t.config.publicUrl;
    s.serve(
      '/with-ours.ics',
      cal(
        vevent(
          bookingUid(bookingId, publicUrl),
          'DTSTART:20270304T200000Z',
          'DTEND:20270304T210000Z',
          'SUMMARY:Full Detail: Ada Lovelace',
        ),
        // The owner's own appointment with another business on this server: busy.
        vevent(bookingUid(theirs, publicUrl), 'DTSTART:20270304T230000Z', 'DTEND:20270305T000000Z', 'SUMMARY:Haircut'),
      ),
    );
    const res = await connect(shop, `${s.url}/with-ours.ics`);
    expect(res.json().calendars[0].eventsFound).toBe(1);
    expect(await times(shop, '2027-03-04', shop.quickId)).not.toContain('15:00');
    // The feed's own address is refused outright.
    const feed = await call(shop, 'GET', 'settings/calendar-feed');
    const refused = await connect(shop, feed.json().url);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^That is your Slotwise calendar feed/);
  });

  it('refuses to connect what cannot be read, saying why, and saves nothing', async () => {
    const shop = await detailer(t);
    s.fail('/gone.ics', 404);
    const cases: [string, RegExp][] = [
      [`${s.url}/gone.ics`, /answered 404: there is no calendar at this address any more/],
      [`${s.url}/slow.ics`, /did not answer within 1 seconds/],
      [`${s.url}/huge.ics`, /is larger than 10 MB/],
      [`${s.url}/page.html`, /answered a web page, not a calendar/],
    ];
    for (const [address, words] of cases) {
      const res = await connect(shop, address);
      expect(res.statusCode, address).toBe(422);
      expect(res.json().code).toBe('CALENDAR_UNREADABLE');
      expect(res.json().error).toMatch(words);
      expect(res.json().error).toMatch(/Nothing was saved\.$/);
    }
    expect(await t.ctx.repos.connectedCalendars.list(shop.businessId)).toEqual([]);
    const bad = await connect(shop, 'ftp://example.com/cal.ics');
    expect(bad.statusCode).toBe(400);
  });

  it("drives to and from an event's place when the owner travels, looking each place up once", async () => {
    const shop = await detailer(t);
    await call(shop, 'PUT', 'settings/operations', {
      travel: { enabled: true, speedMph: 30, bufferMinutes: 0 },
      maxDistanceMiles: null,
      changeCutoffHours: 0,
    });
    // Tuesday 9, 12:00-13:00 in Pasadena, about 20 miles from Santa Monica.
    s.serve(
      '/pasadena.ics',
      cal(
        vevent(
          'p-1',
          'DTSTART;TZID=America/Los_Angeles:20270309T120000',
          'DTEND;TZID=America/Los_Angeles:20270309T130000',
          'SUMMARY:Supplier',
          'LOCATION:Pasadena\\, CA 91101',
        ),
      ),
    );
    const locate = vi.spyOn(t.ctx.geocoder, 'locate');
    const res = await connect(shop, `${s.url}/pasadena.ics`, 'Work');
    expect(res.statusCode, res.body).toBe(201);
    expect(locate.mock.calls.filter(([text]) => text === 'Pasadena, CA 91101')).toHaveLength(1);
    const query = {
      businessId: shop.businessId,
      date: '2027-03-09',
      serviceId: shop.quickId,
      address: '5 Ocean Ave, Santa Monica, CA 90401, USA',
    };
    const free = await availableTimes(t, query);
    // 30 minutes at 11:30 would end where the drive to Pasadena must start; after 13:00 the drive back takes most of an hour.
    expect(free).not.toContain('13:00');
    expect(free).not.toContain('13:30');
    expect(free).toContain('14:30');
    const drives = await call(shop, 'GET', 'travel-blocks?from=2027-03-09&to=2027-03-09');
    expect(drives.json().length).toBeGreaterThan(0);
    const [row] = await t.ctx.repos.connectedCalendars.list(shop.businessId);
    await call(shop, 'POST', `calendars/${row!.id}/refresh`);
    expect(locate.mock.calls.filter(([text]) => text === 'Pasadena, CA 91101')).toHaveLength(1);
    locate.mockRestore();
  });

  it("keeps a failing calendar's last good events for 24 hours, then drops them and mails the owner once", async () => {
    t.clock.now = MARCH_1;
    const shop = await detailer(t);
    s.serve('/flaky.ics', fixtureText('google.ics'));
    const [connected] = (await connect(shop, `${s.url}/flaky.ics`, 'Flaky')).json().calendars;
    s.fail('/flaky.ics', 404);
    t.clock.now = MARCH_1 + 10 * 60_000;
    await readDueCalendars(t.ctx, t.app.log);
    let [row] = (await call(shop, 'GET', 'calendars')).json().calendars;
    expect(row).toMatchObject({
      lastError: `${new URL(s.url).host} answered 404: there is no calendar at this address any more; copy the address again from your calendar app.`,
      lastSuccessAt: connected.lastSuccessAt,
      stale: false,
    });
    expect(await times(shop, '2027-03-05')).toEqual([]);
    const mailsTo = async () =>
      t.ctx.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', shop.email)
        .where('subject', 'like', 'Your calendar%')
        .execute();
    t.clock.now = MARCH_1 + 24 * 3600_000 + 20 * 60_000;
    await readDueCalendars(t.ctx, t.app.log);
    [row] = (await call(shop, 'GET', 'calendars')).json().calendars;
    expect(row.stale).toBe(true);
    expect(await times(shop, '2027-03-05')).toContain('10:00');
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your calendar "Flaky" could not be read');
    expect(mails[0]!.text_body).toContain('answered 404');
    expect(mails[0]!.text_body).not.toContain('/flaky.ics');
    t.clock.now += 11 * 60_000;
    await readDueCalendars(t.ctx, t.app.log);
    expect(await mailsTo()).toHaveLength(1);
    // Back: read in full (no validators after its events were dropped), and blocking again.
    s.serve('/flaky.ics', fixtureText('google.ics'));
    await call(shop, 'POST', `calendars/${row._id}/refresh`);
    expect(s.requests.at(-1)?.headers['if-none-match']).toBeUndefined();
    [row] = (await call(shop, 'GET', 'calendars')).json().calendars;
    expect(row).toMatchObject({ stale: false, lastError: null, eventsFound: 8 });
    expect(await times(shop, '2027-03-05')).toEqual([]);
    t.clock.now = MARCH_1;
  });

  it('reads each calendar once per round however many instances run', async () => {
    t.clock.now = MARCH_1;
    const shop = await detailer(t);
    for (const n of [1, 2, 3]) s.serve(`/once-${n}.ics`, fixtureText('outlook.ics'));
    for (const n of [1, 2, 3]) await connect(shop, `${s.url}/once-${n}.ics`, `Calendar ${n}`);
    const second = await createTestApp(kind, { databaseUrl: t.databaseUrl, env: ENV, now: () => t.clock.now });
    try {
      const counts = () => [1, 2, 3].map((n) => s.count(`/once-${n}.ics`));
      expect(counts()).toEqual([1, 1, 1]);
      for (const round of [1, 2, 3]) {
        t.clock.now = MARCH_1 + round * 10 * 60_000 + 1;
        await Promise.all([readDueCalendars(t.ctx, t.app.log), readDueCalendars(second.ctx, second.app.log)]);
        expect(counts()).toEqual([1 + round, 1 + round, 1 + round]);
      }
    } finally {
      await second.close();
      t.clock.now = MARCH_1;
    }
  });

  it('refuses to connect without ENCRYPTION_KEY, and private addresses unless the operator allows them', async () => {
    const bare = await createTestApp(kind, { env: { CALENDAR_FETCH_ALLOW_PRIVATE: 'on' } });
    const guarded = await createTestApp(kind, { env: { ENCRYPTION_KEY } });
    try {
      for (const [app, code, status] of [
        [bare, 'CALENDARS_NOT_CONFIGURED', 409],
        [guarded, 'CALENDAR_UNREADABLE', 422],
      ] as const) {
        const shop = await detailer(app);
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/business-dashboard/calendars',
          headers: shop.auth,
          payload: { label: 'Personal', secretUrl: `${s.url}/google.ics` },
        });
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().code).toBe(code);
        if (app === guarded)
          expect(res.json().error).toBe(
            '127.0.0.1 is a private or local address. Slotwise only reads calendars on the public internet. Nothing was saved.'.replace(
              '127.0.0.1',
              new URL(s.url).host,
            ),
          );
      }
    } finally {
      await bare.close();
      await guarded.close();
    }
  });
});
