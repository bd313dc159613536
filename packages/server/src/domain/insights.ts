/**
 * Insights on the server (issue 29; docs/decisions/029): what a beacon counts, what a quote or a
 * booking adds to the demand by ZIP code, and the answers of the three owner calls laid out from the
 * rows repositories/insights.ts sums by day. The rules both sides use (steps, sources, weeks, parts
 * of the day, the wider area's sum, the ZIP of an address) are shared/src/insights.ts.
 */
import type { FunnelEvent, InsightsDrive, InsightsFunnel, InsightsMissed, InsightsWork } from '@slotwise/shared/api';
import { type LatLng, milesBetween } from '@slotwise/shared/geo';
import {
  DAY_PARTS,
  type DayPart,
  FUNNEL_STEPS,
  type FunnelStep,
  partOfDay,
  type SourceKind,
  siteOf,
  sourceLabel,
  sundayIndex,
  WIDER_MILES,
  weekStart,
  widerReach,
  zipOf,
} from '@slotwise/shared/insights';
import { toDollars } from '@slotwise/shared/money';
import { addDays } from '@slotwise/shared/slots';
import { todayIn } from '@slotwise/shared/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { zipPlace } from '../geocoder/offline.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingDay, insightsRepository } from '../repositories/insights.ts';
import type { CrewPlan } from './crews.ts';
import { ADVICE_MIN_JOBS, driveProfit, type ProfitGroup } from './drive-profit.ts';
import { homeOf, locationOf } from './places.ts';

type Rows<K extends 'demandByZip' | 'funnelByDay' | 'funnelBySource' | 'fullTaps' | 'bookingsAhead' | 'profitJobs'> =
  Awaited<ReturnType<ReturnType<typeof insightsRepository>[K]>>;

// ---------- the beacon ----------

/**
 * Where a beacon's visit came from, as counted: a `page` or `qr` visit happens on our own booking
 * page, so a batch claiming one from another site's Origin counts as that site (anyone can copy
 * the page's data-source="page" onto their own page). Without an Origin the claim stands: there
 * is nothing to check it against. `site` is the host kept for a site ('' otherwise).
 */
export function beaconSource(
  claimed: SourceKind,
  origin: string | undefined,
  ownOrigin: string,
): { source: SourceKind; site: string } {
  const from = siteOf(origin);
  const source = claimed !== 'site' && from && from !== siteOf(ownOrigin) ? 'site' : claimed;
  return { source, site: source === 'site' ? from : '' };
}

/** A full day wanted counts only from yesterday (a late batch) to two years ahead: no booking window is longer. */
const TAP_DAYS_BEFORE = 1;
const TAP_DAYS_AHEAD = 731;

/**
 * The rows one beacon adds: each step once however often the batch repeats it (the widget counts a
 * step once per open of the form; a repeat is a retry or a bug, never a second visit), and each full
 * day or part of a day wanted once (a customer tapping the same full day again is the same wish).
 * `counted` is how many rows of one count that made.
 */
export function beaconRows(
  businessId: string,
  day: string,
  source: SourceKind,
  site: string,
  events: readonly FunnelEvent[],
): { steps: Database['funnel_days'][]; taps: Database['full_taps'][]; counted: number } {
  const steps = new Set<FunnelStep>();
  const taps = new Map<string, { wanted_day: string; part: DayPart | '' }>();
  const earliest = addDays(day, -TAP_DAYS_BEFORE);
  const latest = addDays(day, TAP_DAYS_AHEAD);
  for (const e of events) {
    if (e.type !== 'full') steps.add(e.type);
    else if (e.date >= earliest && e.date <= latest) {
      const part = e.time ? partOfDay(e.time) : '';
      taps.set(`${e.date} ${part}`, { wanted_day: e.date, part });
    }
  }
  return {
    steps: [...steps].map((step) => ({ business_id: businessId, day, source_kind: source, site, step, count: 1 })),
    taps: [...taps.values()].map((t) => ({ business_id: businessId, day, ...t, count: 1 })),
    counted: steps.size + taps.size,
  };
}

// ---------- demand, from the quote and booking calls ----------

/** Whole miles from the business, rounded up (the wider area's sum compares them to the area); 0 without a home. */
function demandMiles(home: LatLng | null, at: LatLng): number {
  return home ? Math.ceil(milesBetween(home, at)) : 0;
}

export interface Demand {
  outcome: Database['quote_demand']['outcome'];
  /** The address as the customer sent it: its ZIP code is what is kept (zipOf). */
  address: string;
  located: LatLng;
  valueCents: number;
}

/**
 * Adds one request to the business's demand of today. Called after the customer's answer is
 * computed, never inside the business's lock (docs/decisions/029); a failure is logged and
 * swallowed: a count is never worth a customer's failed quote or booking.
 */
export async function recordDemand(
  ctx: AppContext,
  log: FastifyBaseLogger,
  business: Pick<Business, 'id' | 'time_zone' | 'lat' | 'lng'>,
  demand: Demand,
): Promise<void> {
  try {
    await ctx.repos.insights.countDemand({
      business_id: business.id,
      day: todayIn(business.time_zone, ctx.now()),
      zip: zipOf(demand.address),
      outcome: demand.outcome,
      miles: demandMiles(homeOf(business), demand.located),
      count: 1,
      value_cents: demand.valueCents,
    });
  } catch (err) {
    log.warn({ err, businessId: business.id, outcome: demand.outcome }, 'insights: demand not counted');
  }
}

// ---------- the funnel ----------

type Counts = Record<FunnelStep, number>;
const zero = (): Counts => ({ opened: 0, quoted: 0, slot: 0, booked: 0 });
const isStep = (s: string): s is FunnelStep => (FUNNEL_STEPS as readonly string[]).includes(s);

/** Every day from `from` to `to`, both included (a period is at most 400 days: InsightsQuery). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export function funnelAnswer(
  from: string,
  to: string,
  byDay: Rows<'funnelByDay'>,
  bySource: Rows<'funnelBySource'>,
): InsightsFunnel {
  const days = new Map(daysOf(from, to).map((d) => [d, zero()]));
  const totals = zero();
  for (const r of byDay) {
    const counts = days.get(r.day);
    if (!counts || !isStep(r.step)) continue;
    counts[r.step] += r.n;
    totals[r.step] += r.n;
  }
  const sources = new Map<string, { kind: SourceKind; site: string; counts: Counts }>();
  for (const r of bySource) {
    if (!isStep(r.step)) continue;
    const key = `${r.kind} ${r.site}`;
    const source = sources.get(key) ?? { kind: r.kind as SourceKind, site: r.site, counts: zero() };
    source.counts[r.step] += r.n;
    sources.set(key, source);
  }
  return {
    from,
    to,
    totals,
    sources: [...sources.values()]
      .sort(
        (a, b) =>
          b.counts.opened - a.counts.opened || b.counts.booked - a.counts.booked || a.site.localeCompare(b.site),
      )
      .map((s) => ({ ...s.counts, kind: s.kind, site: s.site, label: sourceLabel(s.kind, s.site) })),
    days: [...days].map(([day, counts]) => ({ ...counts, day })),
  };
}

// ---------- money and work ----------

/** The money chart's weeks (shared/src/insights.ts chartWeeks) from its bookings by day and status. */
export function workWeeks(
  weeks: readonly string[],
  days: readonly BookingDay[],
  collected: ReadonlyMap<string, number>,
): InsightsWork['weeks'] {
  const sums = new Map(
    weeks.map((w) => [w, { booked: [0, 0], completed: [0, 0], cancelled: [0, 0] } as Record<string, [number, number]>]),
  );
  const add = (into: [number, number] | undefined, n: number, cents: number) => {
    if (!into) return;
    into[0] += n;
    into[1] += cents;
  };
  for (const d of days) {
    const week = sums.get(weekStart(d.day));
    if (!week) continue;
    if (d.status === 'cancelled') add(week.cancelled, d.n, d.cents);
    else {
      add(week.booked, d.n, d.cents);
      // An approved booking past its end reads completed (domain/status.ts effectiveStatus).
      if (d.status === 'completed') add(week.completed, d.n, d.cents);
      else if (d.status === 'approved') add(week.completed, d.ended, d.endedCents);
    }
  }
  const collectedCents = new Map<string, number>();
  for (const [day, cents] of collected) {
    const week = weekStart(day);
    collectedCents.set(week, (collectedCents.get(week) ?? 0) + cents);
  }
  return [...sums].map(([weekStart, s]) => ({
    weekStart,
    bookedCount: s.booked![0],
    booked: toDollars(s.booked![1]),
    completedCount: s.completed![0],
    completed: toDollars(s.completed![1]),
    cancelledCount: s.cancelled![0],
    cancelled: toDollars(s.cancelled![1]),
    collected: toDollars(collectedCents.get(weekStart) ?? 0),
  }));
}

/** The money collected on the days from `from` to `to` (ISO days compare as text). */
export function collectedIn(collected: ReadonlyMap<string, number>, from: string, to: string): number {
  let cents = 0;
  for (const [day, c] of collected) if (day >= from && day <= to) cents += c;
  return toDollars(cents);
}

/**
 * Booked ahead: what is still to come from `today` to `last` (the chart's last day), this week's
 * later days included: pending and approved bookings not yet ended (a completed or cancelled one
 * is not ahead). Counting from next week's Sunday, as the chart's bands do, left out the rest of
 * this week, often the fullest part of the book.
 */
export function aheadAnswer(today: string, last: string, days: readonly BookingDay[]): InsightsWork['ahead'] {
  let count = 0;
  let cents = 0;
  for (const d of days) {
    if (d.day < today || d.day > last || (d.status !== 'pending' && d.status !== 'approved')) continue;
    // Only today has bookings already ended; the ended ones are done, not ahead.
    count += d.n - d.ended;
    cents += d.cents - d.endedCents;
  }
  return { from: today, to: last, bookedCount: count, booked: toDollars(cents) };
}

/**
 * Bookings going ahead by service, most booked first: named as the service is now, or as booked
 * for a service deleted since (serviceId null; one entry per name booked).
 */
export function servicesAnswer(
  rows: Rows<'bookingsAhead'>,
  names: ReadonlyMap<string, string>,
): InsightsWork['services'] {
  const byService = new Map<string, { serviceId: string | null; name: string; n: number; cents: number }>();
  for (const r of rows) {
    const name = r.serviceId === null ? (r.bookedName ?? '') : (names.get(r.serviceId) ?? r.bookedName ?? '');
    const key = r.serviceId ?? `deleted ${name}`;
    const s = byService.get(key) ?? { serviceId: r.serviceId, name, n: 0, cents: 0 };
    s.n += r.n;
    s.cents += r.cents;
    byService.set(key, s);
  }
  return [...byService.values()]
    .sort((a, b) => b.n - a.n || b.cents - a.cents || a.name.localeCompare(b.name))
    .map((s) => ({ serviceId: s.serviceId, name: s.name, bookings: s.n, revenue: toDollars(s.cents) }));
}

/** The heat grid's cells (weekday by starting hour, business time); only non-zero cells, in order. */
export function heatAnswer(rows: Rows<'bookingsAhead'>): InsightsWork['heat'] {
  const cells = new Map<number, number>();
  for (const r of rows) {
    if (r.n <= 0 || !Number.isInteger(r.hour)) continue;
    const key = r.weekday * 24 + r.hour;
    cells.set(key, (cells.get(key) ?? 0) + r.n);
  }
  return [...cells]
    .sort(([a], [b]) => a - b)
    .map(([key, bookings]) => ({ weekday: Math.floor(key / 24), hour: key % 24, bookings }));
}

/** The mean of `count` quotes worth `cents` in all, in dollars to the cent; null with none. */
export function meanDollars(cents: number, count: number): number | null {
  return count > 0 ? toDollars(Math.round(cents / count)) : null;
}

// ---------- missed work ----------

type Zip = InsightsMissed['zips'][number];

/**
 * Requests by ZIP code: refused by the service area, quoted, booked, and the quotes that never booked
 * (quoted - booked, never below 0) at the ZIP code's mean quote; most missed first.
 */
export function missedZips(rows: Rows<'demandByZip'>, home: LatLng | null): Zip[] {
  const byZip = new Map<
    string,
    { outside: [number, number]; quoted: [number, number]; booked: number; miles: number }
  >();
  for (const r of rows) {
    const z = byZip.get(r.zip) ?? { outside: [0, 0], quoted: [0, 0], booked: 0, miles: 0 };
    if (r.outcome === 'outside_area') z.outside = [z.outside[0] + r.n, z.outside[1] + r.cents];
    else if (r.outcome === 'quoted') z.quoted = [z.quoted[0] + r.n, z.quoted[1] + r.cents];
    else if (r.outcome === 'booked') z.booked += r.n;
    z.miles = Math.max(z.miles, r.miles);
    byZip.set(r.zip, z);
  }
  const zips = [...byZip].map(([zip, z]): Zip => {
    const found = zip ? zipPlace(zip) : null;
    const notBooked = Math.max(0, z.quoted[0] - z.booked);
    return {
      zip,
      place: found?.place ?? '',
      lat: found?.lat ?? null,
      lng: found?.lng ?? null,
      miles: home ? z.miles : null,
      outsideArea: z.outside[0],
      outsideAreaValue: toDollars(z.outside[1]),
      quoted: z.quoted[0],
      booked: z.booked,
      notBooked,
      notBookedValue: z.quoted[0] > 0 ? toDollars(Math.round((notBooked * z.quoted[1]) / z.quoted[0])) : 0,
    };
  });
  const missed = (z: Zip) => z.outsideArea + z.notBooked;
  return zips.sort(
    (a, b) =>
      missed(b) - missed(a) ||
      b.outsideAreaValue + b.notBookedValue - (a.outsideAreaValue + a.notBookedValue) ||
      a.zip.localeCompare(b.zip),
  );
}

/** "A 5 miles wider area would have reached N more requests worth $X"; null without a service area. */
export function widerAnswer(
  refused: readonly { miles: number; count: number; valueCents: number }[],
  areaMiles: number | null,
): InsightsMissed['wider'] {
  if (areaMiles === null) return null;
  const reach = widerReach(refused, areaMiles, WIDER_MILES);
  return { miles: WIDER_MILES, requests: reach.requests, value: toDollars(reach.valueCents) };
}

/** The full days and times wanted, by weekday and part of the day (null: a whole day), most wanted first. */
export function fullAnswer(rows: Rows<'fullTaps'>): InsightsMissed['full'] {
  const isPart = (p: string): p is DayPart => (DAY_PARTS as readonly string[]).includes(p);
  const cells = new Map<string, { weekday: number; part: DayPart | null; count: number }>();
  for (const r of rows) {
    const part = isPart(r.part) ? r.part : null;
    const weekday = sundayIndex(r.wantedDay);
    const key = `${weekday} ${part}`;
    const cell = cells.get(key) ?? { weekday, part, count: 0 };
    cell.count += r.n;
    cells.set(key, cell);
  }
  const order = (p: DayPart | null) => (p === null ? -1 : DAY_PARTS.indexOf(p));
  return [...cells.values()].sort(
    (a, b) => b.count - a.count || a.weekday - b.weekday || order(a.part) - order(b.part),
  );
}

// ---------- profit after the drive ----------

type ProfitRow = Rows<'profitJobs'>[number];

/**
 * The drive call's answer (docs/decisions/057) from the period's jobs, the crews' start places, the
 * period's quotes by whole miles (what the advised area would have refused) and the business.
 */
export function driveAnswer(
  from: string,
  to: string,
  rows: readonly ProfitRow[],
  names: ReadonlyMap<string, string>,
  crews: readonly Pick<CrewPlan, 'id' | 'home'>[],
  quoted: readonly { miles: number; count: number }[],
  business: Pick<
    Business,
    'lat' | 'lng' | 'travel_speed_mph' | 'vehicle_cost_per_mile_cents' | 'price_per_mile_cents' | 'distance_pricing_on'
  >,
): InsightsDrive {
  const base = homeOf(business);
  const starts = new Map(crews.map((c) => [c.id, c.home]));
  const pricePerMileCents = business.distance_pricing_on === 1 ? business.price_per_mile_cents : 0;
  const profit = driveProfit({
    jobs: rows.map((r) => {
      const name = r.service_id === null ? r.service_name : (names.get(r.service_id) ?? r.service_name);
      return {
        id: r.id,
        crewId: r.crew_id,
        day: r.day,
        startMs: r.start_ms,
        endMs: r.end_ms,
        location: locationOf(r),
        totalCents: r.total_cents,
        zip: zipOf(r.customer_address ?? ''),
        serviceKey: r.service_id ?? `deleted ${r.service_name}`,
        serviceName: name,
      };
    }),
    base,
    startOf: (crewId) => (crewId === null ? base : (starts.get(crewId) ?? base)),
    speedMph: business.travel_speed_mph,
    vehicleCostPerMileCents: business.vehicle_cost_per_mile_cents,
    pricePerMileCents,
  });
  const out = (g: ProfitGroup, place = '') => ({
    key: g.key,
    name: g.name,
    place,
    jobs: g.jobs,
    earnings: toDollars(g.earningsCents),
    hours: Math.round((g.minutes / 60) * 100) / 100,
    driveMinutes: g.driveMinutes,
    miles: g.miles,
    perHour: g.perHourCents === null ? null : toDollars(g.perHourCents),
  });
  const a = profit.advice;
  return {
    from,
    to,
    vehicleCostPerMile: toDollars(business.vehicle_cost_per_mile_cents),
    pricePerMile: toDollars(pricePerMileCents),
    speedMph: business.travel_speed_mph,
    total: out(profit.total),
    zips: profit.byZip.map((g) => out(g, g.key ? (zipPlace(g.key)?.place ?? '') : '')),
    services: profit.byService.map((g) => out(g)),
    located: profit.located,
    minJobs: ADVICE_MIN_JOBS,
    advice: a && {
      beyondMiles: a.beyondMiles,
      farJobs: a.farJobs,
      insideJobs: a.insideJobs,
      farPerHour: toDollars(a.farPerHourCents),
      insidePerHour: toDollars(a.insidePerHourCents),
      targetPerHour: toDollars(a.targetPerHourCents),
      pricePerMile: toDollars(a.pricePerMileCents),
      areaMiles: a.areaMiles,
      areaKeepsSome: a.areaKeepsSome,
      // Demand's miles are whole miles rounded up, so "farther than R" is miles > R exactly.
      quotes: quoted.reduce((n, q) => n + q.count, 0),
      quotesBeyondArea: quoted.reduce((n, q) => n + (q.miles > a.areaMiles ? q.count : 0), 0),
    },
    noAdvice: profit.noAdvice,
  };
}
