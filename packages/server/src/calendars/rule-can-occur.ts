/**
 * Whether a recurrence rule (an RRULE's value, "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30") can ever
 * give an occurrence, decided before ical.js iterates it (issue 39; docs/decisions/031). ical.js
 * looks for a rule's next occurrence inside one call that never returns when there is none: a
 * daily (hourly, minutely, secondly) rule on February 30 or April 31 froze the whole server.
 * calendars/expand.ts drops an event whose rule cannot occur, before asking for its iterator; the
 * sandbox (calendars/sandbox.ts) is the second line, for rules that occur but too rarely to find.
 *
 * The day parts (BYMONTH, BYMONTHDAY, BYYEARDAY, BYDAY with its ordinals) are checked together
 * over every kind of year there is: 365 or 366 days, starting on each of the 7 weekdays. Month
 * lengths and weekdays depend on nothing else, so a rule no day of those 14 years matches can
 * never occur (February has 29 days in some: day 29 of February is possible, 30 never). A rule
 * with BYWEEKNO is checked only for values in range: its weeks straddle years.
 * A rule this cannot read (an unknown FREQ, a value that is not a number) is left to ical.js,
 * which refuses it (the event is dropped there).
 */

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

interface ByDay {
  /** 0 Sunday ... 6 Saturday */
  weekday: number;
  /** The nth such weekday of the month or year (negative: from its end); 0 for every one. */
  nth: number;
}

/** A rule's parts by name; null when a value cannot be read. */
function partsOf(rule: string): Map<string, string[]> | null {
  const parts = new Map<string, string[]>();
  for (const piece of rule
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    if (eq <= 0) return null;
    parts.set(piece.slice(0, eq).trim().toUpperCase(), piece.slice(eq + 1).split(','));
  }
  return parts;
}

/** The integers of a part in [-max, max] less 0 (or [min, max] when min >= 0); undefined when absent, null when unreadable. */
function numbers(parts: Map<string, string[]>, name: string, min: number, max: number): number[] | undefined | null {
  const values = parts.get(name);
  if (values === undefined) return undefined;
  const out: number[] = [];
  for (const v of values) {
    if (!/^\s*[+-]?\d+\s*$/.test(v)) return null;
    const n = Number.parseInt(v, 10);
    if (min >= 0 ? n >= min && n <= max : n !== 0 && Math.abs(n) <= max) out.push(n);
  }
  return out;
}

function byDays(parts: Map<string, string[]>): ByDay[] | undefined | null {
  const values = parts.get('BYDAY');
  if (values === undefined) return undefined;
  const out: ByDay[] = [];
  for (const v of values) {
    const m = /^\s*([+-]?\d{1,3})?\s*(SU|MO|TU|WE|TH|FR|SA)\s*$/i.exec(v);
    if (!m) return null;
    out.push({ weekday: WEEKDAYS.indexOf(m[2]!.toUpperCase()), nth: m[1] ? Number.parseInt(m[1], 10) : 0 });
  }
  return out;
}

/** Whether `value` (1-based, from the start) or its count from the end (-1 the last) is among `wanted`. */
const among = (wanted: number[], value: number, total: number) =>
  wanted.some((w) => (w > 0 ? w === value : total + 1 + w === value));

/** Whether some day of a year of this kind matches the day parts. */
function someDayMatches(
  leap: boolean,
  firstWeekday: number,
  scope: 'month' | 'year' | 'none',
  f: {
    months?: number[];
    monthDays?: number[];
    yearDays?: number[];
    days?: ByDay[];
  },
): boolean {
  const yearLength = leap ? 366 : 365;
  let yearDay = 0;
  for (let month = 1; month <= 12; month++) {
    const monthLength = MONTH_DAYS[month - 1]! + (leap && month === 2 ? 1 : 0);
    for (let day = 1; day <= monthLength; day++) {
      yearDay++;
      if (f.months && !f.months.includes(month)) continue;
      if (f.monthDays && !among(f.monthDays, day, monthLength)) continue;
      if (f.yearDays && !among(f.yearDays, yearDay, yearLength)) continue;
      if (f.days) {
        const weekday = (firstWeekday + yearDay - 1) % 7;
        // The nth of this weekday in the month (or year), counted from each end.
        const [index, count] =
          scope === 'year'
            ? [Math.ceil(yearDay / 7), Math.ceil(yearDay / 7) + Math.floor((yearLength - yearDay) / 7)]
            : [Math.ceil(day / 7), Math.ceil(day / 7) + Math.floor((monthLength - day) / 7)];
        const hit = f.days.some(
          (d) => d.weekday === weekday && (d.nth === 0 || scope === 'none' || among([d.nth], index, count)),
        );
        if (!hit) continue;
      }
      return true;
    }
  }
  return false;
}

/**
 * Whether the rule can give an occurrence at all (false: no date ever matches it, or one of its
 * BY parts holds no value in range). True when in doubt.
 */
export function ruleCanOccur(rule: string): boolean {
  const parts = partsOf(rule);
  if (!parts) return true;
  const freq = parts.get('FREQ')?.[0]?.trim().toUpperCase();
  const months = numbers(parts, 'BYMONTH', 1, 12);
  const monthDays = numbers(parts, 'BYMONTHDAY', -1, 31);
  const yearDays = numbers(parts, 'BYYEARDAY', -1, 366);
  const weeks = numbers(parts, 'BYWEEKNO', -1, 53);
  const positions = numbers(parts, 'BYSETPOS', -1, 366);
  const hours = numbers(parts, 'BYHOUR', 0, 23);
  const minutes = numbers(parts, 'BYMINUTE', 0, 59);
  const seconds = numbers(parts, 'BYSECOND', 0, 60);
  const days = byDays(parts);
  const all = [months, monthDays, yearDays, weeks, positions, hours, minutes, seconds, days];
  if (all.some((p) => p === null)) return true;
  // A part given with no value in range matches nothing.
  if (all.some((p) => p !== undefined && p !== null && p.length === 0)) return false;
  // BYDAY's ordinals count within the month (MONTHLY, or YEARLY with BYMONTH) or the year (YEARLY);
  // with BYWEEKNO (weeks straddling years) or another FREQ they are not checked here.
  const scope: 'month' | 'year' | 'none' =
    weeks !== undefined
      ? 'none'
      : freq === 'MONTHLY' || (freq === 'YEARLY' && months !== undefined)
        ? 'month'
        : freq === 'YEARLY'
          ? 'year'
          : 'none';
  const filters = {
    ...(months ? { months } : {}),
    ...(monthDays ? { monthDays } : {}),
    ...(yearDays ? { yearDays } : {}),
    ...(days ? { days } : {}),
  };
  for (const leap of [false, true])
    for (let firstWeekday = 0; firstWeekday < 7; firstWeekday++)
      if (someDayMatches(leap, firstWeekday, scope, filters)) return true;
  return false;
}
