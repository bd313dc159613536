/**
 * A VTIMEZONE (RFC 5545 3.6.5) for an IANA zone, written from what the runtime's Intl knows of it:
 * a series' DTSTART;TZID needs one, or calendar apps read its times as floating. Each change of
 * offset in the year before the series starts becomes a yearly rule (the 2nd Sunday of March, the
 * last Sunday of October), as the zones in use today change; a zone that does not change has one
 * observance. Server-side only (the widget links the file the booking answered).
 */
import { offsetAt } from './time-zone.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** -300 -> "-0500". */
function offsetText(minutes: number): string {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}${String(a % 60).padStart(2, '0')}`;
}

/** The instants the zone's offset changes in [fromMs, toMs): the first minute of each new offset. */
function changes(zone: string, fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let day = fromMs; day < toMs; day += DAY) {
    if (offsetAt(zone, day) === offsetAt(zone, day + DAY)) continue;
    let lo = day;
    let hi = day + DAY;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetAt(zone, mid) === offsetAt(zone, lo)) lo = mid;
      else hi = mid;
    }
    out.push(hi);
  }
  return out;
}

/** One observance: from the wall time the change happens at (in the old offset), yearly on its weekday of the month. */
function observance(zone: string, at: number): string[] {
  const from = offsetAt(zone, at - MINUTE);
  const to = offsetAt(zone, at);
  const wall = new Date(at + from * MINUTE);
  const date = wall.getUTCDate();
  const month = wall.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(wall.getUTCFullYear(), month + 1, 0)).getUTCDate();
  // A change in the month's last seven days is its last such weekday ("-1SU"), else its nth.
  const nth = date + 7 > daysInMonth ? -1 : Math.ceil(date / 7);
  const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${wall.toISOString().replace(/[-:]/g, '').slice(0, 15)}`,
    `RRULE:FREQ=YEARLY;BYMONTH=${month + 1};BYDAY=${nth}${WEEKDAYS[wall.getUTCDay()]}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE lines of `zone`, valid for a series starting at `startMs` and after. */
export function vtimezone(zone: string, startMs: number): string[] {
  const year = new Date(startMs).getUTCFullYear();
  // The year before the series' own: its rules start before the series' first visit.
  const seen = changes(zone, Date.UTC(year - 1, 0, 1), Date.UTC(year, 0, 1));
  const body = seen.length
    ? seen.flatMap((at) => observance(zone, at))
    : [
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        `TZOFFSETFROM:${offsetText(offsetAt(zone, startMs))}`,
        `TZOFFSETTO:${offsetText(offsetAt(zone, startMs))}`,
        'END:STANDARD',
      ];
  return ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...body, 'END:VTIMEZONE'];
}
