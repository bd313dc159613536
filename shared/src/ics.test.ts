import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { blockedUid, bookingUid, buildIcs, foldLine, type IcsEvent, ownEventOf } from './ics.ts';

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
