/**
 * iCalendar (RFC 5545) documents, the one writer for all of them: the owner's subscription
 * feed (METHOD:PUBLISH), the invitation each customer mail about a booking's time carries
 * (iTIP, RFC 5546: METHOD:REQUEST, and CANCEL when it is off), and the .ics file the widget's
 * confirmation offers. CRLF line ends, lines folded at 75 octets, TEXT values escaped, times in
 * UTC (a series' in its zone's wall time). No Node-only API: the widget bundles it.
 */
import { utcMsToLocal } from './time-zone.ts';

export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  uid: string;
  startMs: number;
  endMs: number;
  summary: string;
  description?: string | undefined;
  location?: string | null | undefined;
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  /** Last change, for clients that diff subscriptions. */
  updatedMs?: number | undefined;
  /** iTIP: each change a calendar app must apply over the copy it holds counts up (RFC 5546 2.1.4). */
  sequence?: number | undefined;
  organizer?: IcsPerson | undefined;
  attendee?: IcsPerson | undefined;
  /**
   * A series (a plan's visits): the rule, from this event on, in the zone's wall time, so a visit
   * stays at 10:00 across a daylight-saving change. The calendar then needs the zone's VTIMEZONE
   * (ics-time-zone.ts vtimezone, passed to buildIcs).
   */
  repeat?: { rrule: string; timeZone: string } | undefined;
}

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** One booking, one event, wherever it appears: the feed, the mails' invitations, the widget's file. */
export function bookingUid(bookingId: string, publicUrl: string): string {
  return `booking-${bookingId}@${new URL(publicUrl).host}`;
}

/** One plan, one series, in the file its customer imports (its visits' mails keep their bookings' UIDs). */
export function planUid(planId: string, publicUrl: string): string {
  return `plan-${planId}@${new URL(publicUrl).host}`;
}

/** One blocked time, one event, in the feed. */
export function blockedUid(blockedId: string, publicUrl: string): string {
  return `blocked-${blockedId}@${new URL(publicUrl).host}`;
}

const OWN_UID = /^(booking|blocked)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@(.+)$/i;

/**
 * What a UID of ours stands for (bookingUid, blockedUid) when it was written by the server at
 * `publicUrl`, else null: an owner's calendar that subscribes to our feed, or holds the
 * invitations we mailed, must not read our own events back as busy (docs/decisions/025).
 */
export function ownEventOf(uid: string, publicUrl: string): { kind: 'booking' | 'blocked'; id: string } | null {
  const m = OWN_UID.exec(uid.trim());
  if (!m || m[3]!.toLowerCase() !== new URL(publicUrl).host.toLowerCase()) return null;
  return { kind: m[1]!.toLowerCase() as 'booking' | 'blocked', id: m[2]!.toLowerCase() };
}

/**
 * RFC 5545 3.3.11: backslash, semicolon, comma and line breaks (CRLF, LF or a lone CR) are
 * escaped in TEXT; no other control character may appear, so they are dropped (HTAB stays).
 */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');
}

/** A parameter value (a CN): quoted, with the characters a quoted value cannot hold dropped (RFC 5545 3.2). */
function paramText(text: string): string {
  return `"${text.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

/** A code point's size in UTF-8, without encoding it (TextEncoder a character at a time was most of a booking's invitation). */
function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** RFC 5545 3.1: lines longer than 75 octets continue on the next line after a space, never splitting a character. */
export function foldLine(line: string): string {
  // At most 75 UTF-16 units of ASCII is at most 75 octets: most lines end here.
  if (line.length <= 75 && /^[\x00-\x7f]*$/.test(line)) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = utf8Octets(ch.codePointAt(0)!);
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with a space
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 20261204T170000Z. */
export function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** 20261204T100000: a wall time, for DTSTART;TZID=... */
export function wallStamp(day: string, time: string): string {
  return `${day.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/** DTSTART or DTEND: UTC, or the zone's wall time for a series (its rule counts in wall time). */
function when(name: 'DTSTART' | 'DTEND', ms: number, e: IcsEvent): string {
  if (!e.repeat) return `${name}:${utcStamp(ms)}`;
  const { day, time } = utcMsToLocal(ms, e.repeat.timeZone);
  return `${name};TZID=${e.repeat.timeZone}:${wallStamp(day, time)}`;
}

const person = (role: 'ORGANIZER' | 'ATTENDEE', p: IcsPerson, extra = '') =>
  `${role};CN=${paramText(p.name)}${extra}:mailto:${p.email}`;

/**
 * A calendar of `events`. `name`: the calendar's name (a subscription's; none for an
 * invitation). A feed asks subscribers to refresh every 15 minutes. `timeZones`: the VTIMEZONE
 * lines of the zones a series names (RFC 5545 3.6.5: each TZID needs one).
 */
export function buildIcs(
  method: IcsMethod,
  events: IcsEvent[],
  nowMs: number,
  name?: string,
  timeZones: string[] = [],
): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Slotwise//Bookings//EN', 'CALSCALE:GREGORIAN'];
  lines.push(`METHOD:${method}`);
  if (name) lines.push(`X-WR-CALNAME:${escapeText(name)}`);
  if (method === 'PUBLISH')
    // Apple and Outlook honour one of these.
    lines.push('REFRESH-INTERVAL;VALUE=DURATION:PT15M', 'X-PUBLISHED-TTL:PT15M');
  lines.push(...timeZones);
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${utcStamp(nowMs)}`,
      when('DTSTART', e.startMs, e),
      when('DTEND', e.endMs, e),
      `SUMMARY:${escapeText(e.summary)}`,
      `STATUS:${e.status}`,
    );
    if (e.repeat) lines.push(`RRULE:${e.repeat.rrule}`);
    if (e.updatedMs !== undefined) lines.push(`LAST-MODIFIED:${utcStamp(e.updatedMs)}`);
    if (e.sequence !== undefined) lines.push(`SEQUENCE:${e.sequence}`);
    if (e.organizer) lines.push(person('ORGANIZER', e.organizer));
    if (e.attendee) lines.push(person('ATTENDEE', e.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED'));
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
