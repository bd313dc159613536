/**
 * An iCalendar (RFC 5545) document for subscription by Google, Apple and
 * Outlook calendars: CRLF line ends, lines folded at 75 octets, TEXT values
 * escaped, times in UTC.
 */
export interface IcsEvent {
  uid: string;
  startMs: number;
  endMs: number;
  summary: string;
  description?: string;
  location?: string | null;
  status: 'TENTATIVE' | 'CONFIRMED';
  /** Last change, for clients that diff subscriptions. */
  updatedMs: number;
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

/** RFC 5545 3.1: lines longer than 75 octets continue on the next line after a space, never splitting a character. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
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

function utcStamp(ms: number): string {
  return `${new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

export function buildIcs(calendarName: string, events: IcsEvent[], nowMs: number): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    // Ask subscribers to refresh every 15 minutes (Apple and Outlook honour one of these).
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${utcStamp(nowMs)}`,
      `LAST-MODIFIED:${utcStamp(e.updatedMs)}`,
      `DTSTART:${utcStamp(e.startMs)}`,
      `DTEND:${utcStamp(e.endMs)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `STATUS:${e.status}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
