/**
 * The Insights page's sentences, in one place (their words are listed for docs/product.md in the
 * page's report): the funnel's drop-offs and booking rates, the heat grid's cells, what a wider
 * service area would have reached, and the full days customers wanted. Pure: tests call them.
 */
import type { InsightsDrive, InsightsMissed } from '@slotwise/shared/api';
import { formatHour, type TimeFormat } from '@slotwise/shared/clock';
import { WEEKDAY_NAMES } from '@slotwise/shared/insights';
import { formatUsd } from '@slotwise/shared/money';

export const FUNNEL_EMPTY =
  'No visits counted yet. Visits are counted from the booking button on your site and your booking page.';
export const NO_BOOKINGS = 'No bookings in this period.';
export const NO_QUOTES = 'No quotes in this period.';
export const NO_MISSED = 'No refused or unbooked requests in this period.';
export const NO_FULL = 'No customer found a day or a time full in this period.';
export const NO_HOME =
  'Your business address could not be placed on a map, so the ZIP codes are listed only. Check it in Settings.';
export const NO_AREA = 'You have no service area, so no request was refused for distance.';

/** "1 booking", "6 bookings", "1,204 bookings". */
export function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** "$0", "$850", "$1.5k", "$12k": the money axis, short. */
export function axisUsd(n: number): string {
  if (Math.abs(n) < 1000) return `$${Math.round(n)}`;
  const k = n / 1000;
  return `$${Number.isInteger(k) || Math.abs(k) >= 10 ? Math.round(k) : k.toFixed(1)}k`;
}

/** Whole percent of the opened forms that booked; null when none opened. */
export function bookingRate(counts: { opened: number; booked: number }): number | null {
  return counts.opened > 0 ? Math.round((counts.booked / counts.opened) * 100) : null;
}

/** Between two funnel steps: "40% dropped off"; nothing to say after a step that counted none. */
export function dropOffText(percent: number | null): string | null {
  return percent === null ? null : `${percent}% dropped off`;
}

/** A weekday's name (0 Sunday ... 6 Saturday, shared/src/insights.ts). */
export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday] ?? `Day ${weekday}`;
}

/** A heat grid cell as a screen reader hears it: "Saturday 9 AM: 6 bookings" ("no bookings" for none). */
export function heatCellLabel(weekday: number, hour: number, bookings: number, format: TimeFormat): string {
  const what = bookings === 0 ? 'no bookings' : counted(bookings, 'booking', 'bookings');
  return `${weekdayName(weekday)} ${formatHour(hour, format)}: ${what}`;
}

/**
 * "A 5 miles wider area would have reached 7 more requests worth $1,240.00." Without a service
 * area nothing was refused for distance, and the page says so instead.
 */
export function widerSentence(missed: Pick<InsightsMissed, 'wider' | 'serviceAreaMiles'>): string {
  const { wider } = missed;
  if (missed.serviceAreaMiles === null || wider === null) return NO_AREA;
  const area = `A ${wider.miles} ${wider.miles === 1 ? 'mile' : 'miles'} wider area`;
  if (wider.requests === 0) return `${area} would have reached no more requests.`;
  return `${area} would have reached ${counted(wider.requests, 'more request', 'more requests')} worth ${formatUsd(wider.value)}.`;
}

/** "12 customers wanted Saturday morning; you were full." ("a Saturday" for a full day, no time). */
export function fullSentence({ weekday, part, count }: InsightsMissed['full'][number]): string {
  const when = part === null ? `a ${weekdayName(weekday)}` : `${weekdayName(weekday)} ${part}`;
  return `${counted(count, 'customer', 'customers')} wanted ${when}; you were full.`;
}

/** A ZIP code's missed requests in words, for the list beside the map. */
export function zipSummary(zip: InsightsMissed['zips'][number]): string {
  const parts: string[] = [];
  if (zip.outsideArea > 0)
    parts.push(`${counted(zip.outsideArea, 'refused', 'refused')} by distance (${formatUsd(zip.outsideAreaValue)})`);
  if (zip.notBooked > 0)
    parts.push(`${counted(zip.notBooked, 'quote', 'quotes')} not booked (${formatUsd(zip.notBookedValue)})`);
  return parts.length ? parts.join(', ') : 'every quote booked';
}

// ---------- profit after the drive (docs/decisions/057) ----------

/** "$59/h": earnings per hour in whole dollars, as the advice says them. */
function perHourText(dollars: number): string {
  return `$${Math.round(dollars).toLocaleString('en-US')}/h`;
}

/**
 * The advice in a sentence: "Jobs beyond 18 mi earn $23/h against $61/h inside: a per-mile price of
 * $2.10, or an area of 20 mi, would lift them to $40/h." When no area keeps any far job at the
 * target, the area that leaves them out is said apart.
 */
export function driveAdviceSentence(advice: NonNullable<InsightsDrive['advice']>): string {
  const a = advice;
  const head = `Jobs beyond ${a.beyondMiles} mi earn ${perHourText(a.farPerHour)} against ${perHourText(a.insidePerHour)} inside`;
  const price = `a per-mile price of ${formatUsd(a.pricePerMile)}`;
  const target = perHourText(a.targetPerHour);
  const said = a.areaKeepsSome
    ? `${head}: ${price}, or an area of ${a.areaMiles} mi, would lift them to ${target}.`
    : `${head}: ${price} would lift them to ${target}; an area of ${a.areaMiles} mi would leave them out.`;
  // What the area costs in missed work: the period's quotes from farther, which it would refuse.
  if (a.quotes === 0) return said;
  return `${said} That area would have refused ${a.quotesBeyondArea === 0 ? 'none' : a.quotesBeyondArea.toLocaleString('en-US')} of the period's ${counted(a.quotes, 'quote', 'quotes')}.`;
}

/** Why the section advises nothing (InsightsDrive noAdvice), in words the owner can act on. */
export function noAdviceSentence(drive: Pick<InsightsDrive, 'noAdvice' | 'located' | 'minJobs'>): string {
  if (drive.noAdvice === 'no-base')
    return 'Your business address could not be placed, so distances cannot be measured. Check it in Settings.';
  if (drive.noAdvice === 'no-gap')
    return 'Your far jobs earn about as much per hour as the near ones: nothing to change.';
  return `Not enough jobs to advise on yet: advice needs at least ${drive.minJobs} approved or completed jobs with a known address in the period, 3 or more near and 3 or more far; this period has ${drive.located}.`;
}

/** What the figures take off: "After a vehicle cost of $0.50 a mile, drives at 30 mph." or that none is set. */
export function vehicleCostSentence(drive: Pick<InsightsDrive, 'vehicleCostPerMile' | 'speedMph'>): string {
  const speed = `drives at your average speed of ${drive.speedMph} mph`;
  return drive.vehicleCostPerMile > 0
    ? `After a vehicle cost of ${formatUsd(drive.vehicleCostPerMile)} a mile, ${speed}.`
    : `No vehicle cost per mile set (Settings, Operations), so only the drive time is counted, ${speed}.`;
}

/** A group's figures under its bar: "4 jobs, $395.00 after costs over 4.3 h, 20 min driving". */
export function profitDetail(g: InsightsDrive['zips'][number]): string {
  return `${counted(g.jobs, 'job', 'jobs')}, ${formatUsd(g.earnings)} after costs over ${g.hours.toFixed(1)} h, ${counted(g.driveMinutes, 'min', 'min')} driving`;
}
