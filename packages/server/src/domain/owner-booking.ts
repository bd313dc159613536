/**
 * A booking the owner enters (issue 42, item 3; docs/product.md#bookings-you-enter;
 * docs/decisions/038): a phone-in customer booked from the calendar, a client's page or My
 * Dashboard. It is priced by the customer's engine (domain/pricing.ts), its time is checked by the
 * same rules and its crew chosen by the same choice (domain/crews.ts) under the same lock, with
 * what an owner may do that a customer may not: book outside the hours once confirmed, book outside
 * the service area, at any minute (not only the 30-minute grid), past the horizon and the notice,
 * and set another total with a reason. Never over another job or a blocked time; the drive must fit.
 */
import { formatClock, type TimeFormat } from '@slotwise/shared/clock';
import { crewsFor } from '@slotwise/shared/crews';
import { toCents } from '@slotwise/shared/money';
import type { Quote } from '@slotwise/shared/quote';
import { withinHours } from '@slotwise/shared/slots';
import { longDate } from '@slotwise/shared/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ServicesTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Located } from '../geocoder/geocoder.ts';
import type { Business } from '../repositories/businesses.ts';
import { type CrewPlan, crewForMove, freeCrew, type JobToPlace } from './crews.ts';
import { crewPlansOfSource, type GridSource, readGridSource, serviceOf } from './grid-source.ts';
import { businessNotFound, serviceNotFound } from './lookup.ts';
import { adjustedLines } from './price-change.ts';
import { priceOrRefuse } from './pricing.ts';
import {
  assertWallTimeExists,
  type CalendarSpan,
  calendarSpan,
  describeConflict,
  hoursInWords,
  intervalOf,
} from './slot-rules.ts';
import { TRAVEL_NOT_FEASIBLE } from './travel.ts';

/** What the owner asks the engine to price (the customer's quote request, the business from the session). */
export interface OwnerJobRequest {
  serviceId: string;
  answers?: Parameters<typeof priceOrRefuse>[2]['answers'];
  addOns?: string[];
  address: string;
  crewId?: string;
}

export interface OwnerPriced {
  source: GridSource;
  service: ServicesTable;
  quote: Quote;
  located: Located;
  /** The service area's refusal a customer would read; the owner may book anyway. null: inside. */
  outsideServiceArea: string | null;
  /** The crews that may do it: the one the owner picked, else those doing the service. */
  crews: CrewPlan[];
}

/**
 * The engine's price of the job, read fresh (no kept grid source: the owner just saved their
 * prices, maybe), and the crews that may do it. A request outside the service area is priced as
 * if served (priceOrRefuse), the refusal kept as a warning; an answer that does not fit is refused.
 */
export async function priceForOwner(
  ctx: AppContext,
  business: Business,
  req: OwnerJobRequest,
  log: FastifyBaseLogger,
): Promise<OwnerPriced> {
  const source = await readGridSource(ctx, business.id);
  if (!source) throw businessNotFound(business.id);
  const service = serviceOf(source, req.serviceId);
  if (!service) throw serviceNotFound();
  const pricing = await priceOrRefuse(ctx, source, { ...req, businessId: business.id }, log);
  if (pricing.quote === null) throw pricing.refused;
  return {
    source,
    service,
    quote: pricing.quote,
    located: pricing.located,
    outsideServiceArea: pricing.refused ? pricing.refused.message : null,
    crews: crewsForJob(source, service.id, req.crewId),
  };
}

/** The crew the owner picked (it must do the service and take jobs), else every active crew doing the service. */
function crewsForJob(source: GridSource, serviceId: string, crewId: string | undefined): CrewPlan[] {
  const all = crewPlansOfSource(source);
  if (crewId) {
    const crew = crewForMove(all, crewId, serviceId, true);
    return crew ? [crew] : [];
  }
  const crews = crewsFor(all, serviceId);
  if (crews.length === 0)
    throw new AppError(
      'CREW_CANNOT_DO_SERVICE',
      'No crew does this service at the moment. Add it to a crew (or resume one) in Settings, Crews.',
    );
  return crews;
}

export interface OwnerTime {
  span: CalendarSpan;
  /** "10:00 PM on Tuesday, December 8 is outside your hours (Tuesday 9:00 AM – 5:00 PM)."; null: inside some crew's hours. */
  outsideHours: string | null;
}

/**
 * The job's place on the calendar and whether it is outside the hours of every crew that may do
 * it. Refused: a wall time the clocks skip, a time already past (as an owner's move is).
 */
export function ownerTimeOf(
  business: Pick<Business, 'time_zone' | 'time_format'>,
  crews: readonly CrewPlan[],
  day: string,
  time: string,
  durationMin: number,
  now: number,
): OwnerTime {
  assertWallTimeExists(day, time, business.time_zone, business.time_format);
  const span = calendarSpan(day, time, durationMin, business.time_zone);
  if (span.start_ms <= now)
    throw new AppError('TIME_PASSED', 'That time has already passed. Pick a time in the future.');
  const inside = crews.some((c) => withinHours(day, c.hoursOn(day), business.time_zone, intervalOf(span)));
  return { span, outsideHours: inside ? null : outsideHoursWords(day, time, crews, business.time_format) };
}

function outsideHoursWords(day: string, time: string, crews: readonly CrewPlan[], clock: TimeFormat): string {
  const hours = crews[0]?.hoursOn(day) ?? null;
  return `${formatClock(time, clock)} on ${longDate(day)} is outside your hours (${hoursInWords(day, hours, clock)}).`;
}

/** Refuses a time outside the hours the owner has not confirmed, saying how to confirm it. */
export function assertHoursConfirmed(time: OwnerTime, confirmed: boolean): void {
  if (time.outsideHours !== null && !confirmed)
    throw new AppError(
      'OUTSIDE_HOURS_UNCONFIRMED',
      `${time.outsideHours} Confirm that you want to book it outside your hours, then save again.`,
    );
}

export interface OwnerPrice {
  totalCents: number;
  /** The booking's lines: the engine's, plus one for a changed total, so they still add up. */
  lines: string;
  /** The engine's total when the owner changed it (kept as price_quoted_cents); null: unchanged. */
  quotedCents: number | null;
  reason: string | null;
}

/** The engine's total, or the owner's with its reason (required when it differs). */
export function ownerPrice(quote: Quote, price: { total: number; reason?: string } | undefined): OwnerPrice {
  const engine: OwnerPrice = {
    totalCents: quote.totalCents,
    lines: JSON.stringify(quote.lines),
    quotedCents: null,
    reason: null,
  };
  if (!price) return engine;
  const totalCents = toCents(price.total);
  if (totalCents === quote.totalCents) return engine;
  const reason = price.reason?.trim() ?? '';
  if (reason === '')
    throw new AppError(
      'PRICE_REASON_NEEDED',
      'Say why the price differs from the calculated one: the reason is kept with the booking and shown in its lines.',
    );
  return {
    totalCents,
    // The same line an accepted price change adds (domain/price-change.ts).
    lines: adjustedLines({
      quote_lines: engine.lines,
      total_cents: quote.totalCents,
      price_proposed_cents: totalCents,
      price_reason: reason,
      price_quoted_cents: quote.totalCents,
      price_state: null,
    }),
    quotedCents: quote.totalCents,
    reason,
  };
}

/** The job as the crew choice places it: outside the hours (confirmed) any crew doing it may take it. */
export function jobOf(priced: OwnerPriced, time: OwnerTime): JobToPlace {
  return {
    day: time.span.day,
    span: intervalOf(time.span),
    location: priced.located,
    crews: priced.crews,
    anyHours: time.outsideHours !== null,
    checkTravel: true,
  };
}

/** What is in the job's way, in words ("a booking (Full Detail, ...)"); null: a crew is free there. */
export async function overlapOf(ctx: AppContext, trx: Tx, business: Business, job: JobToPlace): Promise<string | null> {
  const crew = await freeCrew(ctx, trx, business, { ...job, checkTravel: false, anyHours: true });
  if (crew !== 'taken') return null;
  const only = job.crews.length === 1 ? job.crews[0]!.id : undefined;
  const conflict = await ctx.repos.calendar.findConflict(trx, business.id, job.span, { crewId: only });
  return conflict ? describeConflict(conflict, business.time_zone, business.time_format) : 'another job';
}

/**
 * Under the business's lock: the crew the job goes to (the same choice as a customer's booking),
 * or the refusal: TIME_OVERLAPS naming what is there (never over another job), TRAVEL_NOT_FEASIBLE.
 * Customers' holds do not stop the owner (docs/decisions/035).
 */
export async function placeOwnerJob(ctx: AppContext, trx: Tx, business: Business, job: JobToPlace): Promise<CrewPlan> {
  const crew = await freeCrew(ctx, trx, business, job);
  if (crew === 'travel') throw new AppError('TRAVEL_NOT_FEASIBLE', TRAVEL_NOT_FEASIBLE);
  if (crew !== 'taken') return crew;
  const overlap = await overlapOf(ctx, trx, business, job);
  throw new AppError(
    'TIME_OVERLAPS',
    `That time overlaps ${overlap ?? 'another job'}. Pick a free time, or move that first.`,
  );
}
