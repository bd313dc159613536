import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BusyEvent,
  type ExpandWindow,
  expandCalendar as expandWithNotes,
  MAX_BUSY_EVENTS,
  NotICalendar,
} from './expand.ts';

const expandCalendar = async (text: string, window: ExpandWindow) => (await expandWithNotes(text, window)).events;

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/calendars/fixtures/${name}`, import.meta.url), 'utf8');
const iso = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
/** Each event as "start/end title", in UTC, seconds dropped. */
const rows = (events: BusyEvent[]) => events.map((e) => `${iso(e.startMs)}/${iso(e.endMs)} ${e.title}`);

const LA_MARCH = {
  startMs: Date.parse('2027-03-01T08:00:00Z'),
  endMs: Date.parse('2027-05-30T07:00:00Z'),
  timeZone: 'America/Los_Angeles',
};

describe('expandCalendar: the RFC 5545 examples', () => {
  let events: BusyEvent[];
  beforeAll(async () => {
    events = await expandCalendar(fixture('rfc5545.ics'), {
      startMs: Date.parse('1997-09-01T04:00:00Z'),
      endMs: Date.parse('1998-01-01T05:00:00Z'),
      timeZone: 'America/New_York',
    });
  });

  it('expands a daily rule less its EXDATE, moves the overridden occurrence and drops the cancelled one', () => {
    expect(rows(events.filter((e) => e.title.startsWith('Daily')))).toEqual([
      '1997-09-02T13:00Z/1997-09-02T14:00Z Daily for 10 occurrences',
      '1997-09-03T13:00Z/1997-09-03T14:00Z Daily for 10 occurrences',
      '1997-09-04T13:00Z/1997-09-04T14:00Z Daily for 10 occurrences',
      '1997-09-06T13:00Z/1997-09-06T14:00Z Daily for 10 occurrences',
      '1997-09-07T18:00Z/1997-09-07T19:00Z Daily for 10 occurrences (this one in the afternoon)',
      '1997-09-09T13:00Z/1997-09-09T14:00Z Daily for 10 occurrences',
      '1997-09-10T13:00Z/1997-09-10T14:00Z Daily for 10 occurrences',
      '1997-09-11T13:00Z/1997-09-11T14:00Z Daily for 10 occurrences',
    ]);
  });

  it('keeps 9:00 on the wall across the end of daylight saving (every other week, MO,WE,FR, 25 times)', () => {
    const starts = events.filter((e) => e.title.startsWith('Every other week')).map((e) => iso(e.startMs));
    expect(starts).toHaveLength(25);
    expect(starts.slice(0, 3)).toEqual(['1997-09-01T13:00Z', '1997-09-03T13:00Z', '1997-09-05T13:00Z']);
    // October 26, 1997 the clocks went back: 9:00 EST is 14:00 UTC.
    expect(starts.slice(11, 13)).toEqual(['1997-10-17T13:00Z', '1997-10-27T14:00Z']);
    expect(starts.at(-1)).toBe('1997-12-22T14:00Z');
  });

  it('reads a UTC event and an all-day span; drops events marked free and cancelled ones', () => {
    expect(rows(events.filter((e) => !/^(Daily|Every)/.test(e.title)))).toEqual([
      '1997-09-03T16:30Z/1997-09-03T19:00Z Annual Employee Review',
      '1997-10-28T05:00Z/1997-10-31T05:00Z French Spring Holiday',
    ]);
    expect(events.find((e) => e.title === 'French Spring Holiday')?.allDay).toBe(true);
  });
});

describe('expandCalendar: exports as Google, iCloud and Outlook write them', () => {
  it('Google: a weekly event across the spring change, an EXDATE, a moved and a cancelled occurrence, all-day busy and free days', async () => {
    const events = await expandCalendar(fixture('google.ics'), LA_MARCH);
    expect(rows(events)).toEqual([
      '2027-03-03T23:00Z/2027-03-04T00:30Z Soccer game',
      '2027-03-05T08:00Z/2027-03-06T08:00Z Supplier run',
      '2027-03-09T17:00Z/2027-03-09T18:00Z Dentist',
      '2027-03-10T23:00Z/2027-03-11T00:30Z Soccer game',
      '2027-03-18T17:00Z/2027-03-18T18:30Z Soccer game (moved to Thursday)',
      '2027-04-07T22:00Z/2027-04-07T23:30Z Soccer game',
      '2027-04-14T22:00Z/2027-04-14T23:30Z Soccer game',
      '2027-04-21T22:00Z/2027-04-21T23:30Z Soccer game',
    ]);
    expect(events.find((e) => e.title === 'Dentist')?.location).toBe('12 Main St, Beverly Hills, CA 90210, USA');
    expect(events[0]?.uid).toBe('5p3c1ktq2v0kq4l0q7m8n9r0s1@google.com');
  });

  it('iCloud: New York times for a Los Angeles business, a floating time read in the business zone, a daily rule', async () => {
    expect(rows(await expandCalendar(fixture('icloud.ics'), LA_MARCH))).toEqual([
      '2027-03-08T19:00Z/2027-03-08T20:00Z Parent-teacher call',
      // No zone: 8:00 where the business is (Pacific Standard Time).
      '2027-03-09T16:00Z/2027-03-09T17:00Z Gym',
      '2027-03-15T16:00Z/2027-03-15T17:00Z School pick-up duty',
      '2027-03-16T16:00Z/2027-03-16T17:00Z School pick-up duty',
      '2027-03-17T16:00Z/2027-03-17T17:00Z School pick-up duty',
    ]);
  });

  it('Outlook: a Windows zone name read from its VTIMEZONE, free and cancelled meetings dropped, an all-day absence', async () => {
    const events = await expandCalendar(fixture('outlook.ics'), LA_MARCH);
    expect(rows(events)).toEqual([
      '2027-03-01T17:00Z/2027-03-01T17:30Z Supplier call',
      '2027-03-08T17:00Z/2027-03-08T17:30Z Supplier call',
      '2027-03-12T08:00Z/2027-03-13T08:00Z Out of office',
      '2027-03-15T16:00Z/2027-03-15T16:30Z Supplier call',
      '2027-03-22T16:00Z/2027-03-22T16:30Z Supplier call',
      '2027-03-29T16:00Z/2027-03-29T16:30Z Supplier call',
    ]);
    expect(events[0]?.location).toBeNull();
  });
});

describe('expandCalendar: the window and the limits', () => {
  const cal = (...events: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
  const vevent = (uid: string, ...lines: string[]) =>
    ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

  it('keeps what overlaps the window, clipped to nothing outside it', async () => {
    const text = cal(
      vevent('before', 'DTSTART:20270228T200000Z', 'DTEND:20270301T090000Z', 'SUMMARY:Night before'),
      vevent('gone', 'DTSTART:20270227T200000Z', 'DTEND:20270227T210000Z', 'SUMMARY:Gone by'),
      vevent('far', 'DTSTART:20270701T200000Z', 'DTEND:20270701T210000Z', 'SUMMARY:Past the horizon'),
    );
    expect(rows(await expandCalendar(text, LA_MARCH))).toEqual(['2027-02-28T20:00Z/2027-03-01T09:00Z Night before']);
  });

  it('finds an occurrence moved into the window from beyond it, and a series begun long ago', async () => {
    const text = cal(
      vevent(
        'w',
        'DTSTART:19900105T170000Z',
        'DTEND:19900105T180000Z',
        'RRULE:FREQ=DAILY',
        'SUMMARY:Every day since 1990',
      ),
      vevent('m', 'DTSTART:20270601T170000Z', 'DTEND:20270601T180000Z', 'RRULE:FREQ=WEEKLY;COUNT=2', 'SUMMARY:Later'),
      vevent(
        'm',
        'RECURRENCE-ID:20270608T170000Z',
        'DTSTART:20270302T170000Z',
        'DTEND:20270302T180000Z',
        'SUMMARY:Brought forward',
      ),
    );
    const events = await expandCalendar(text, LA_MARCH);
    expect(events.filter((e) => e.title === 'Every day since 1990')).toHaveLength(90);
    expect(rows(events.filter((e) => e.title !== 'Every day since 1990'))).toEqual([
      '2027-03-02T17:00Z/2027-03-02T18:00Z Brought forward',
    ]);
  });

  it(`keeps at most ${MAX_BUSY_EVENTS} events, the earliest; a malformed event costs only itself`, async () => {
    const text = cal(
      vevent(
        'many',
        'DTSTART:20270301T170000Z',
        'DTEND:20270301T170500Z',
        'RRULE:FREQ=MINUTELY;INTERVAL=10',
        'SUMMARY:x',
      ),
      vevent('bad', 'DTSTART:20270301T170000Z', 'DTEND:20270301T180000Z', 'RRULE:FREQ=SOMETIMES', 'SUMMARY:bad'),
    );
    const events = await expandCalendar(text, LA_MARCH);
    expect(events).toHaveLength(MAX_BUSY_EVENTS);
    expect(iso(events[0]!.startMs)).toBe('2027-03-01T17:00Z');
  });

  it("never lets one series' moved occurrence move another's at the same time", async () => {
    const text = cal(
      vevent('a', 'DTSTART:20270302T170000Z', 'DTEND:20270302T180000Z', 'RRULE:FREQ=DAILY;COUNT=2', 'SUMMARY:A'),
      vevent('b', 'DTSTART:20270302T170000Z', 'DTEND:20270302T180000Z', 'RRULE:FREQ=DAILY;COUNT=2', 'SUMMARY:B'),
      vevent(
        'b',
        'RECURRENCE-ID:20270302T170000Z',
        'DTSTART:20270305T170000Z',
        'DTEND:20270305T180000Z',
        'SUMMARY:B moved',
      ),
    );
    expect(rows(await expandCalendar(text, LA_MARCH))).toEqual([
      '2027-03-02T17:00Z/2027-03-02T18:00Z A',
      '2027-03-03T17:00Z/2027-03-03T18:00Z A',
      '2027-03-03T17:00Z/2027-03-03T18:00Z B',
      '2027-03-05T17:00Z/2027-03-05T18:00Z B moved',
    ]);
  });

  it('refuses text that is not iCalendar', async () => {
    await expect(expandCalendar('<!doctype html><html>Sign in</html>', LA_MARCH)).rejects.toThrow(NotICalendar);
    await expect(expandCalendar('BEGIN:VCARD\r\nEND:VCARD', LA_MARCH)).rejects.toThrow(NotICalendar);
  });

  it('drops an event whose rule can never occur, before ical.js searches for it for ever; the others count', async () => {
    const text = cal(
      vevent(
        'feb30',
        'DTSTART:20270301T170000Z',
        'DTEND:20270301T180000Z',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
        'SUMMARY:Never',
      ),
      vevent(
        'apr31',
        'DTSTART:20270301T170000Z',
        'DTEND:20270301T180000Z',
        'RRULE:FREQ=SECONDLY;BYMONTH=4;BYMONTHDAY=31',
        'SUMMARY:Never either',
      ),
      vevent('ok', 'DTSTART:20270302T170000Z', 'DTEND:20270302T180000Z', 'SUMMARY:Dentist'),
    );
    const started = Date.now();
    const { events, neverOccurring } = await expandWithNotes(text, LA_MARCH);
    expect(rows(events)).toEqual(['2027-03-02T17:00Z/2027-03-02T18:00Z Dentist']);
    expect(neverOccurring).toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
