/**
 * Recurring service plans (docs/product.md#plans, docs/decisions/022): the frequencies an
 * owner may offer, a plan's recurrence rule (a small RFC 5545 RRULE subset), the days it
 * falls on, and its per-visit price. Pure: the server's materialiser, the quote, the widget
 * and the dashboard all use these, so a plan's dates and price are computed in one place.
 *
 * A plan keeps its visits' wall-clock time (the business's zone), so a series crossing a
 * daylight-saving change stays at 10:00; the instants are computed per visit day.
 */

export const PLAN_FREQUENCIES = ['weekly', 'every_2_weeks', 'every_4_weeks', 'monthly'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/** active: visits are booked ahead; paused: none are, the future ones were released; ended: for good. */
export const PLAN_STATUSES = ['active', 'paused', 'ended'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Visits are booked this many days ahead, on a rolling basis (jobs/plan-visits.ts). */
export const PLAN_AHEAD_DAYS = 56;
/** How many coming visits the widget shows before the customer books a plan. */
export const PLAN_PREVIEW_VISITS = 4;
/** The most plans a service may offer: one per frequency. */
export const PLAN_OFFERS_MAX = PLAN_FREQUENCIES.length;
/** A percent discount is a whole number of percent from 1 to this. */
export const PLAN_PERCENT_MAX = 90;

/** A discount per visit: a whole percent of the quote, or an amount in cents off it. */
export type PlanDiscountRule = { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number };

/** A frequency a service offers, as stored (amounts in cents); the wire's PlanOffer has dollars (contract/plans.schemas.ts toWireOffer). */
export interface StoredPlanOffer {
  frequency: PlanFrequency;
  discount: PlanDiscountRule | null;
}

const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'] as const;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
function toDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
export function addDays(day: string, n: number): string {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
}
/** 0 = Monday ... 6 = Sunday. */
function weekdayIndex(day: string): number {
  return (toUtc(day).getUTCDay() + 6) % 7;
}
/** Which of its weekday in the month the day is: 1 for the first Tuesday ... 5 for a fifth. */
function ordinalInMonth(day: string): number {
  return Math.ceil(Number(day.slice(8, 10)) / 7);
}

/** The rule a plan starting on `startDay` with this frequency is stored under. */
export function rruleOf(frequency: PlanFrequency, startDay: string): string {
  const byday = WEEKDAY_CODES[weekdayIndex(startDay)]!;
  switch (frequency) {
    case 'weekly':
      return `FREQ=WEEKLY;INTERVAL=1;BYDAY=${byday}`;
    case 'every_2_weeks':
      return `FREQ=WEEKLY;INTERVAL=2;BYDAY=${byday}`;
    case 'every_4_weeks':
      return `FREQ=WEEKLY;INTERVAL=4;BYDAY=${byday}`;
    case 'monthly':
      return `FREQ=MONTHLY;INTERVAL=1;BYDAY=${ordinalInMonth(startDay)}${byday}`;
  }
}

interface Rule {
  freq: 'WEEKLY' | 'MONTHLY';
  interval: number;
  weekday: number;
  /** MONTHLY only: the nth weekday of the month (1-5). */
  nth: number;
}

/** Reads the subset of RRULE that rruleOf writes; anything else is a programming error. */
export function parseRrule(rrule: string): Rule {
  const parts = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]));
  const m = /^([1-5]?)(MO|TU|WE|TH|FR|SA|SU)$/.exec(parts.BYDAY ?? '');
  const interval = Number(parts.INTERVAL ?? 1);
  if ((parts.FREQ !== 'WEEKLY' && parts.FREQ !== 'MONTHLY') || !m || !Number.isInteger(interval) || interval < 1)
    throw new Error(`Unsupported plan rule: ${rrule}`);
  const weekday = WEEKDAY_CODES.indexOf(m[2] as (typeof WEEKDAY_CODES)[number]);
  if (parts.FREQ === 'MONTHLY' && !m[1]) throw new Error(`A monthly plan rule names the nth weekday: ${rrule}`);
  return { freq: parts.FREQ, interval, weekday, nth: Number(m[1] || 0) };
}

/** The nth weekday (0 = Monday) of a month, or null when the month has no such day (a fifth Tuesday). */
function nthWeekdayOf(year: number, month: number, weekday: number, nth: number): string | null {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (weekday - ((first.getUTCDay() + 6) % 7) + 7) % 7;
  const date = 1 + offset + (nth - 1) * 7;
  const d = new Date(Date.UTC(year, month, date));
  return d.getUTCMonth() === month ? toDay(d) : null;
}

/**
 * The plan's days from `fromDay` to `lastDay` (inclusive), in order: every visit day of the rule
 * that started on `startDay`. A monthly rule on the fifth weekday skips the months without one
 * (RFC 5545); `skippedMonths` names them so a screen can say so.
 */
export function planDays(
  rrule: string,
  startDay: string,
  fromDay: string,
  lastDay: string,
): { days: string[]; skippedMonths: string[] } {
  const rule = parseRrule(rrule);
  const days: string[] = [];
  const skippedMonths: string[] = [];
  const from = fromDay < startDay ? startDay : fromDay;
  if (from > lastDay) return { days, skippedMonths };
  if (rule.freq === 'WEEKLY') {
    const step = rule.interval * 7;
    const gap = Math.round((toUtc(from).getTime() - toUtc(startDay).getTime()) / 86_400_000);
    let day = addDays(startDay, Math.ceil(gap / step) * step);
    for (; day <= lastDay; day = addDays(day, step)) days.push(day);
    return { days, skippedMonths };
  }
  const start = toUtc(startDay);
  for (let k = 0; ; k += rule.interval) {
    const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + k) / 12);
    const month = (start.getUTCMonth() + k) % 12;
    const monthStart = toDay(new Date(Date.UTC(year, month, 1)));
    if (monthStart > lastDay) break;
    const day = nthWeekdayOf(year, month, rule.weekday, rule.nth);
    if (day === null) {
      if (monthStart.slice(0, 7) >= from.slice(0, 7)) skippedMonths.push(monthStart.slice(0, 7));
      continue;
    }
    if (day >= from && day <= lastDay) days.push(day);
  }
  return { days, skippedMonths };
}

/** The first `count` visit days on or after `fromDay` (bounded to two years ahead). */
export function nextPlanDays(rrule: string, startDay: string, fromDay: string, count: number): string[] {
  return planDays(rrule, startDay, fromDay, addDays(fromDay, 731)).days.slice(0, count);
}

/** The price of one visit: the quote less the discount, never below zero; a percent rounds half up. */
export function visitPriceCents(quoteCents: number, discount: PlanDiscountRule | null): number {
  if (!discount) return quoteCents;
  const off =
    discount.kind === 'percent'
      ? Math.round((quoteCents * discount.percent) / 100)
      : Math.min(discount.cents, quoteCents);
  return Math.max(0, quoteCents - off);
}

/** "10% off", "$15 off" (whole dollars without cents), or null. */
export function discountText(discount: PlanDiscountRule | null): string | null {
  if (!discount) return null;
  if (discount.kind === 'percent') return `${discount.percent}% off`;
  const dollars = discount.cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)} off`;
}

/** "Weekly", "Every 2 weeks", "Every 4 weeks", "Monthly on the second Tuesday" (from its first day). */
export function frequencyLabel(frequency: PlanFrequency, startDay?: string): string {
  switch (frequency) {
    case 'weekly':
      return 'Weekly';
    case 'every_2_weeks':
      return 'Every 2 weeks';
    case 'every_4_weeks':
      return 'Every 4 weeks';
    case 'monthly':
      return startDay
        ? `Monthly on the ${ORDINALS[ordinalInMonth(startDay) - 1]} ${WEEKDAY_NAMES[weekdayIndex(startDay)]}`
        : 'Monthly';
  }
}

/** A plan as mails and pages name it: "your weekly Pool Cleaning", "your Lawn Mowing every 2 weeks". */
export function planName(frequency: PlanFrequency, serviceName: string): string {
  switch (frequency) {
    case 'weekly':
      return `your weekly ${serviceName}`;
    case 'monthly':
      return `your monthly ${serviceName}`;
    case 'every_2_weeks':
      return `your ${serviceName} every 2 weeks`;
    case 'every_4_weeks':
      return `your ${serviceName} every 4 weeks`;
  }
}

/** A monthly plan on a fifth weekday: the sentence that says some months have no visit. */
export function fifthWeekdayNote(frequency: PlanFrequency, startDay: string): string | null {
  if (frequency !== 'monthly' || ordinalInMonth(startDay) < 5) return null;
  return `Not every month has a fifth ${WEEKDAY_NAMES[weekdayIndex(startDay)]}: those months have no visit.`;
}
