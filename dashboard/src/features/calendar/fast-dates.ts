/**
 * Date math for react-big-calendar's localizer, faster than its defaults. Those
 * (date-arithmetic) take the start of a day with four Date copies and four local-time
 * setters, and the week view asks for starts of days thousands of times as it places
 * a week's events in its columns: a visible part of the first render with a busy week
 * (measured: bench/calendar.ts).
 * The answers are the same (fast-dates.test.ts compares them over random instants in
 * a zone with daylight saving); each start costs one Date.
 */
import type { DateLocalizer } from 'react-big-calendar';

type Unit = string | undefined;

/** The start of the unit holding `value`, in the browser's local time, as date-arithmetic's startOf. */
export function startOf(value: Date, unit: Unit, firstOfWeek = 0): Date {
  const d = new Date(value);
  switch (unit) {
    // Offsets change on whole minutes, so smaller units are plain arithmetic on the instant
    // (an hour that happens twice at a daylight-saving change keeps its own offset).
    case 'seconds':
      return new Date(+d - d.getMilliseconds());
    case 'minutes':
      return new Date(+d - d.getSeconds() * 1000 - d.getMilliseconds());
    case 'hours':
      return new Date(+d - d.getMinutes() * 60_000 - d.getSeconds() * 1000 - d.getMilliseconds());
    case 'day':
      return new Date(d.getFullYear(), d.getMonth(), d.getDate());
    case 'week':
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 7 - firstOfWeek) % 7));
    case 'month':
      return new Date(d.getFullYear(), d.getMonth(), 1);
    case 'year':
      return new Date(d.getFullYear(), 0, 1);
    default:
      // Milliseconds, no unit, or units the calendar never asks for here.
      return unit === undefined || unit === 'milliseconds' ? d : startOfSlow(d, unit, firstOfWeek);
  }
}

let slow: ((d: Date, unit: string, firstOfWeek?: number) => Date) | undefined;
function startOfSlow(d: Date, unit: string, firstOfWeek: number): Date {
  if (!slow) throw new Error(`startOf: unit ${unit} is not supported`);
  return slow(d, unit, firstOfWeek);
}

const key = (d: Date, unit: Unit) => (unit === undefined || unit === 'milliseconds' ? +d : +startOf(d, unit));
export const eq = (a: Date, b: Date, unit?: string) => key(a, unit) === key(b, unit);
export const neq = (a: Date, b: Date, unit?: string) => key(a, unit) !== key(b, unit);
export const gt = (a: Date, b: Date, unit?: string) => key(a, unit) > key(b, unit);
export const gte = (a: Date, b: Date, unit?: string) => key(a, unit) >= key(b, unit);
export const lt = (a: Date, b: Date, unit?: string) => key(a, unit) < key(b, unit);
export const lte = (a: Date, b: Date, unit?: string) => key(a, unit) <= key(b, unit);

export function inRange(day: Date, min: Date | null, max: Date | null, unit = 'day'): boolean {
  return (!min || gte(day, min, unit)) && (!max || lte(day, max, unit));
}

/** As react-big-calendar's own: does the event touch the range (zero-length events included)? */
export function inEventRange({
  event: { start, end },
  range: { start: rangeStart, end: rangeEnd },
}: {
  event: { start: Date; end: Date };
  range: { start: Date; end: Date };
}): boolean {
  const eventStart = startOf(start, 'day');
  const startsBeforeEnd = lte(eventStart, rangeEnd, 'day');
  const endsAfterStart = neq(eventStart, end, 'minutes')
    ? gt(end, rangeStart, 'minutes')
    : gte(end, rangeStart, 'minutes');
  return startsBeforeEnd && endsAfterStart;
}

/** Puts the faster functions on a localizer; its own startOf stays for units not handled here. */
export function withFastDates<L extends DateLocalizer>(localizer: L): L {
  const own = localizer as unknown as Record<string, unknown>;
  slow = own.startOf as typeof slow;
  Object.assign(own, {
    startOf,
    eq,
    neq,
    gt,
    gte,
    lt,
    lte,
    inRange,
    inEventRange,
    isSameDate: (a: Date, b: Date) => eq(a, b, 'day'),
    continuesPrior: (start: Date, first: Date) => lt(start, first, 'day'),
    continuesAfter: (start: Date, end: Date, last: Date) =>
      eq(start, end, 'minutes') ? gte(end, last, 'minutes') : gt(end, last, 'minutes'),
  });
  return localizer;
}
