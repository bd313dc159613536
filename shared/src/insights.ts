/**
 * Insights (issue 29, docs/decisions/029): the pure rules both sides use. What a funnel step
 * is, where a visit came from, the weeks of the money chart, a time's part of the day, the
 * "a wider area would have reached" sum, the drop-off between steps. No React, no Node-only
 * imports: the widget imports only the small constants at the top (its size budget).
 */
import { addDays } from './slots.ts';

/** The steps of the funnel, in order; each counted at most once per open of the booking form. */
export const FUNNEL_STEPS = ['opened', 'quoted', 'slot', 'booked'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/**
 * Where a visit came from: `site`, the widget on a website (pop-up or inline; the site's host
 * is the request's Origin, never what the page says); `page`, the business's own booking page
 * `/book/{slug}`; `qr`, that page opened from its QR code (`/book/{slug}?via=qr`).
 */
export const SOURCE_KINDS = ['site', 'page', 'qr'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The query parameter the QR code's address carries, so a visit from it counts as `qr`. */
export const QR_PARAM = 'via';
export const QR_VALUE = 'qr';

/** At most this many events in one beacon; the widget flushes before reaching it. */
export const BEACON_EVENTS_MAX = 20;

/** How much wider the service area the missed-work sum imagines. */
export const WIDER_MILES = 5;

/** The longest period the insights answer (a little over a year). */
export const INSIGHTS_RANGE_MAX_DAYS = 400;

/** The money chart: this many whole weeks before this one, this one, and this many after. */
export const WEEKS_BACK = 12;
export const WEEKS_AHEAD = 4;

export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  opened: 'Opened the booking form',
  quoted: 'Got a quote',
  slot: 'Chose a time',
  booked: 'Booked',
};

/** A source as the owner reads it: "example.com", "Booking page", "QR code"; a site with no host "A website". */
export function sourceLabel(kind: SourceKind, site: string): string {
  if (kind === 'page') return 'Booking page';
  if (kind === 'qr') return 'QR code';
  return site || 'A website';
}

/**
 * The host a site source is kept under: the Origin header's host, lower case, without a
 * leading "www."; '' for no Origin, an opaque one ("null") or one that is not http(s).
 */
export function siteOf(origin: string | undefined): string {
  if (!origin) return '';
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.host
      .toLowerCase()
      .replace(/^www\./, '')
      .slice(0, 253);
  } catch {
    return '';
  }
}

/**
 * The share of the previous step's visits lost at each step, in whole percent; null for the
 * first step and where the previous step counted none. A later step counting more than the one
 * before it (a visit whose opening was not counted) reads 0, never a negative loss.
 */
export function dropOffs(counts: readonly number[]): (number | null)[] {
  return counts.map((n, i) => {
    if (i === 0) return null;
    const before = counts[i - 1] ?? 0;
    if (before <= 0) return null;
    return Math.max(0, Math.round((1 - n / before) * 100));
  });
}

/** Morning before noon, afternoon to 5 PM, evening after: the full-times summary's parts of a day. */
export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

export function partOfDay(hhmm: string): DayPart {
  const hour = Number(hhmm.slice(0, 2));
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

/** The Sunday that starts the week of a day (weeks start on Sunday, as the widget's month grid). */
export function weekStart(day: string): string {
  return addDays(day, -sundayIndex(day));
}

/** 0 for Sunday ... 6 for Saturday, the heat grid's and the full-times summary's weekday numbers. */
export function sundayIndex(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The heat grid's and the full-times summary's weekday names, by sundayIndex. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The money chart's weeks: WEEKS_BACK before today's, today's, and WEEKS_AHEAD after, as their Sundays. */
export function chartWeeks(today: string): string[] {
  const first = addDays(weekStart(today), -7 * WEEKS_BACK);
  return Array.from({ length: WEEKS_BACK + 1 + WEEKS_AHEAD }, (_, i) => addDays(first, 7 * i));
}

/** A refused request, as the missed-work sum counts it: how far away it was and what it would have paid. */
export interface RefusedDemand {
  miles: number;
  count: number;
  valueCents: number;
}

/**
 * What a service area `extra` miles wider would have reached: the refused requests at most
 * `areaMiles + extra` away. Nothing without a service area (nothing was refused for distance).
 */
export function widerReach(
  refused: readonly RefusedDemand[],
  areaMiles: number | null,
  extra: number = WIDER_MILES,
): { requests: number; valueCents: number } {
  let requests = 0;
  let valueCents = 0;
  if (areaMiles === null) return { requests, valueCents };
  for (const r of refused) {
    if (r.miles <= areaMiles + extra) {
      requests += r.count;
      valueCents += r.valueCents;
    }
  }
  return { requests, valueCents };
}

/** A US ZIP code (5 digits) named at the end of an address ("..., Austin, TX 78701, USA"); '' when none. */
export function zipOf(address: string): string {
  const all = address.match(/\b\d{5}(?:-\d{4})?\b/g);
  const last = all?.[all.length - 1];
  return last ? last.slice(0, 5) : '';
}
