import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { blockedUid, bookingUid, buildIcs, foldLine, type IcsEvent, ownEventOf, planUid } from './ics.ts';
import { vtimezone } from './ics-time-zone.ts';
import { localToUtcMs } from './time-zone.ts';

const event: IcsEvent = {
  uid: bookingUid('7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11', 'https://book.example.com:8443/x'),
  startMs: Date.UTC(2026, 11, 4, 17, 0),
  endMs: Date.UTC(2026, 11, 4, 18, 30),
  summary: 'Full Detail, inside; out\\side',
  description: 'Line one\nLine two',
  location: '1100 Congress Ave, Austin, TX 78701, USA',
  status: 'TENTATIVE',
  sequence: 3,
  organizer: { name: 'Van "Shine" Mobile', email: 'no-reply@slotwise.local' },
  attendee: { name: 'Ana Street', email: 'ana@example.com' },
};

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const v = cal.getFirstSubcomponent('vevent');
  if (!v) throw new Error('no VEVENT');
  return { cal, v, e: new ICAL.Event(v) };
}

describe('bookingUid', () => {
  it('is the booking id at the public host, port included', () => {
    expect(event.uid).toBe('booking-7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11@book.example.com:8443');
  });
});

describe('buildIcs', () => {
  it('writes an invitation that ical.js reads back field for field', () => {
    const text = buildIcs('REQUEST', [event], Date.UTC(2026, 10, 27, 9, 0));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const { cal, v, e } = parse(text);
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(e.uid).toBe(event.uid);
    expect(e.sequence).toBe(3);
    expect(e.summary).toBe('Full Detail, inside; out\\side');
    expect(e.description).toBe('Line one\nLine two');
    expect(e.location).toBe(event.location);
    expect(e.startDate.toJSDate().getTime()).toBe(event.startMs);
    expect(e.endDate.toJSDate().getTime()).toBe(event.endMs);
    expect(v.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(v.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-27T09:00:00Z');
    expect(e.organizer).toBe('mailto:no-reply@slotwise.local');
    expect(v.getFirstProperty('organizer')?.getParameter('cn')).toBe('Van Shine Mobile');
    expect(e.attendees[0]?.getFirstValue()).toBe('mailto:ana@example.com');
  });

  it('writes a cancellation with the same UID', () => {
    const { cal, v, e } = parse(buildIcs('CANCEL', [{ ...event, status: 'CANCELLED', sequence: 4 }], 0));
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(e.uid).toBe(event.uid);
    expect(v.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('asks a subscription feed to refresh, and names it; an invitation carries neither', () => {
    const feed = buildIcs('PUBLISH', [], 0, 'Shine bookings');
    expect(feed).toContain('X-WR-CALNAME:Shine bookings\r\n');
    expect(feed).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    const invite = buildIcs('REQUEST', [event], 0);
    expect(invite).not.toContain('X-WR-CALNAME');
    expect(invite).not.toContain('REFRESH-INTERVAL');
  });
});

describe('foldLine', () => {
  it('never splits a character and keeps every octet', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
  it('fills each line to 75 octets, counting one- to four-octet characters as UTF-8 does', () => {
    const octets = (s: string) => new TextEncoder().encode(s).length;
    for (const ch of ['a', 'é', '€', '🚗']) {
      for (const length of [10, 74, 75, 76, 200]) {
        const line = `DESCRIPTION:${ch.repeat(length)}`;
        const parts = foldLine(line).split('\r\n');
        expect(parts.join('\r\n').replace(/\r\n /g, '')).toBe(line);
        parts.forEach((part, i) => {
          expect(octets(part)).toBeLessThanOrEqual(75);
          // Full: the next character would not have fitted.
          if (i < parts.length - 1) expect(octets(part) + octets(ch)).toBeGreaterThan(75);
        });
        if (octets(line) <= 75) expect(parts).toEqual([line]);
      }
    }
  });
});

describe('ownEventOf', () => {
  const id = '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11';
  const here = 'https://book.example.com:8443';
  it('knows a booking and a blocked time of ours by their UIDs', () => {
    expect(ownEventOf(bookingUid(id, here), here)).toEqual({ kind: 'booking', id });
    expect(ownEventOf(blockedUid(id, here), here)).toEqual({ kind: 'blocked', id });
    expect(ownEventOf(` BOOKING-${id.toUpperCase()}@Book.Example.com:8443 `, here)).toEqual({ kind: 'booking', id });
  });
  it('leaves alone the same shape written by another server, and everything else', () => {
    expect(ownEventOf(bookingUid(id, 'https://other.example.com'), here)).toBeNull();
    expect(ownEventOf(`booking-${id}`, here)).toBeNull();
    expect(ownEventOf('abc123@google.com', here)).toBeNull();
    expect(ownEventOf(`booking-not-a-uuid@book.example.com:8443`, here)).toBeNull();
  });
});

describe('a series (a plan)', () => {
  const zone = 'America/Los_Angeles';
  // Tuesdays at 10:00 in Los Angeles every 2 weeks from 6 October 2026: the clocks go back on 1 November.
  const startMs = localToUtcMs('2026-10-06', '10:00', zone);
  const series: IcsEvent = {
    uid: planUid('7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11', 'https://book.example.com'),
    startMs,
    endMs: startMs + 90 * 60_000,
    summary: 'Pool clean with Blue Water',
    status: 'TENTATIVE',
    repeat: { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', timeZone: zone },
  };

  it("repeats in the zone's wall time, across a daylight-saving change, as ical.js expands it", () => {
    const text = buildIcs('PUBLISH', [series], Date.UTC(2026, 9, 1), undefined, vtimezone(zone, startMs));
    expect(text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU\r\n');
    expect(text).toContain(`DTSTART;TZID=${zone}:20261006T100000\r\n`);
    const cal = new ICAL.Component(ICAL.parse(text));
    const tz = cal.getFirstSubcomponent('vtimezone');
    if (!tz) throw new Error('no VTIMEZONE');
    ICAL.TimezoneService.register(tz);
    try {
      const v = cal.getFirstSubcomponent('vevent');
      if (!v) throw new Error('no VEVENT');
      const e = new ICAL.Event(v);
      expect(e.uid).toBe('plan-7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11@book.example.com');
      expect(e.isRecurring()).toBe(true);
      const it = e.iterator();
      const visits = [0, 1, 2, 3].map(() => it.next()?.toUnixTime() ?? 0).map((s) => s * 1000);
      const plan = ['2026-10-06', '2026-10-20', '2026-11-03', '2026-11-17'].map((d) => localToUtcMs(d, '10:00', zone));
      expect(visits).toEqual(plan);
      // 10:00 before and after the change: 17:00 and then 18:00 in UTC.
      expect(new Date(visits[3] ?? 0).toISOString()).toBe('2026-11-17T18:00:00.000Z');
    } finally {
      ICAL.TimezoneService.remove(zone);
    }
  });

  it('gives a zone without daylight saving one observance, and a southern zone its own months', () => {
    const phoenix = vtimezone('America/Phoenix', startMs).join('\n');
    expect(phoenix).toMatch(/BEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:-0700\nTZOFFSETTO:-0700/);
    const sydney = vtimezone('Australia/Sydney', startMs).join('\n');
    expect(sydney).toContain('RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU');
    expect(sydney).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU');
    const newYork = vtimezone('America/New_York', startMs).join('\n');
    expect(newYork).toMatch(
      /BEGIN:DAYLIGHT\nDTSTART:20250309T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400/,
    );
    expect(newYork).toMatch(/BEGIN:STANDARD\nDTSTART:20251102T020000\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU/);
  });
});
