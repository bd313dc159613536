/**
 * Recurring plans (docs/decisions/022): what a service offers, a plan's price per visit, and
 * its visits booked as ordinary bookings. A visit is checked like a customer's booking (open
 * that day, inside the hours, nothing there, the drive fits) under the business's lock; one
 * whose day is taken is written `needs_time`, holding no time, and the owner is told. The
 * rules of the dates and the discount are shared/src/plans.ts.
 */
import { randomUUID } from 'node:crypto';
import type { PlanSummary, QuotePlan } from '@slotwise/shared/api';
import { formatClock } from '@slotwise/shared/clock';
import { crewsFor, unionOfGrids } from '@slotwise/shared/crews';
import type { BookingStatus } from '@slotwise/shared/domain';
import { toDollars } from '@slotwise/shared/money';
import {
  addDays,
  discountText,
  frequencyLabel,
  nextPlanDays,
  PLAN_AHEAD_DAYS,
  type PlanFrequency,
  planDays,
  rruleOf,
  type StoredPlanOffer,
  visitPriceCents,
} from '@slotwise/shared/plans';
import { detailedSlots } from '@slotwise/shared/slots';
import { shortDate, todayIn } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import type { ServicesTable } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';
import type { PlanRow } from '../repositories/plans.ts';
import { offersOf } from '../repositories/services.ts';
import { shownTime } from './answers.ts';
import { type CrewPlan, crewsOf, freeCrew } from './crews.ts';
import { hashManageToken, manageTokenFor } from './manage-token.ts';
import { depositFor, queueRefund, refundOnCancel } from './payments.ts';
import { type CalendarSpan, calendarSpan, intervalOf } from './slot-rules.ts';
import { noteFreedTime } from './waitlist.ts';

/** The quote's plans: each offered frequency with the price of a visit, and the first visit's deposit. */
export async function quotePlans(
  ctx: AppContext,
  business: Business,
  service: ServicesTable,
  quoteCents: number,
): Promise<QuotePlan[]> {
  const plans: QuotePlan[] = [];
  for (const o of offersOf(service)) {
    const perVisit = visitPriceCents(quoteCents, o.discount);
    const deposit = await depositFor(ctx, business, service, perVisit);
    plans.push({
      frequency: o.frequency,
      label: frequencyLabel(o.frequency),
      discount: discountText(o.discount),
      perVisit: toDollars(perVisit),
      ...(deposit > 0
        ? {
            deposit: {
              dueNow: toDollars(deposit),
              dueLater: toDollars(perVisit - deposit),
              ...(business.plan_deposit_every === 1 ? { everyVisit: true } : {}),
            },
          }
        : {}),
    });
  }
  return plans;
}

/** The offer a plan booking names, or PLAN_NOT_OFFERED. */
export function offerFor(
  service: Pick<ServicesTable, 'plan_offers' | 'name'>,
  frequency: PlanFrequency,
): StoredPlanOffer {
  const offer = offersOf(service).find((o) => o.frequency === frequency);
  if (!offer)
    throw new AppError(
      'PLAN_NOT_OFFERED',
      `${service.name} is not offered ${frequencyLabel(frequency).toLowerCase()} (any more). Book it just once, or pick one of the frequencies the quote lists.`,
    );
  return offer;
}

/** A visit's itemised lines: the quote's, and the plan's discount as a line of its own. */
export function visitLines(
  lines: readonly { label: string; amountCents: number }[],
  frequency: PlanFrequency,
  offer: StoredPlanOffer,
  quoteCents: number,
): { label: string; amountCents: number }[] {
  const off = visitPriceCents(quoteCents, offer.discount) - quoteCents;
  if (off === 0) return [...lines];
  return [...lines, { label: `${frequencyLabel(frequency)} plan (${discountText(offer.discount)})`, amountCents: off }];
}

/** The business-local day visits are booked through: today plus PLAN_AHEAD_DAYS. */
export function aheadDay(timeZone: string, now: number): string {
  return addDays(todayIn(timeZone, now), PLAN_AHEAD_DAYS);
}

// ---------- a plan's rules: the one place that says which days and times a plan has ----------

/**
 * A rule a plan had before a "this and following" move (plans.earlier_rules): its days before
 * `until`, the rule day of the visit that move started from, keep this rule's wall time.
 */
interface EarlierRule {
  rrule: string;
  start_day: string;
  start_time: string;
  until: string;
}

type PlanRules = Pick<PlanRow, 'rrule' | 'start_day' | 'start_time' | 'earlier_rules'>;

function earlierRulesOf(plan: Pick<PlanRow, 'earlier_rules'>): EarlierRule[] {
  return JSON.parse(plan.earlier_rules) as EarlierRule[];
}

/** A rule day of a plan, at the wall time of the rule it belongs to. */
interface RuleDay {
  day: string;
  time: string;
}

/**
 * The plan's rule days from `fromDay` through `throughDay` (business-local, inclusive), in order,
 * each at its rule's time: every earlier rule's days before its `until`, then the current rule's
 * from its start day. A plan split by "this and following" so keeps its visits before the move
 * on the older rule and from the moved visit on the newer one, whoever books them (the plan's
 * booking, the materialiser, a resume).
 */
function ruleDays(plan: PlanRules, fromDay: string, throughDay: string): RuleDay[] {
  const times = new Map<string, string>();
  for (const rule of earlierRulesOf(plan)) {
    const last = addDays(rule.until, -1);
    for (const day of planDays(rule.rrule, rule.start_day, fromDay, last < throughDay ? last : throughDay).days)
      times.set(day, rule.start_time);
  }
  for (const day of planDays(plan.rrule, plan.start_day, fromDay, throughDay).days) times.set(day, plan.start_time);
  return [...times.keys()].sort().map((day) => ({ day, time: times.get(day)! }));
}

/**
 * The earlier rules once a "this and following" move starts a new rule on the visit whose rule
 * day was `cutDay`: the current rule joins them, every one of them ends at `cutDay` at the latest,
 * and a rule left with no day before its end is dropped (a second move of the same visit).
 */
function rulesBefore(plan: PlanRules, cutDay: string): string {
  const current = { rrule: plan.rrule, start_day: plan.start_day, start_time: plan.start_time, until: cutDay };
  const rules = [...earlierRulesOf(plan), current]
    .map((r) => (r.until > cutDay ? { ...r, until: cutDay } : r))
    .filter((r) => r.start_day < r.until);
  return JSON.stringify(rules);
}

/**
 * Of these rule days of the plan, in order, those with no visit yet. A rule day keeps its visit
 * whatever became of it: a day the customer skipped (or cancelled) stays without one under every
 * rule that lands on it, a newer one's from "this and following" included. The one place this is
 * decided, so the plan's booking, the materialiser, resume and a move agree. Under the lock.
 */
async function withoutVisit<T extends { day: string }>(
  ctx: AppContext,
  trx: Tx,
  planId: string,
  days: readonly T[],
): Promise<T[]> {
  const booked = await ctx.repos.plans.bookedDays(
    trx,
    planId,
    days.map((d) => d.day),
  );
  return days.filter((d) => !booked.has(d.day));
}

/** What a plan's visit needs to be checked: its time, length, place, service and crew. */
type VisitShape = Pick<
  PlanRow,
  'start_time' | 'duration_min' | 'customer_lat' | 'customer_lng' | 'service_id' | 'crew_id'
>;

/** Where a visit can be booked: its span and the crew that takes it. */
export interface VisitPlace {
  span: CalendarSpan;
  crewId: string;
}

/**
 * Where the visit can be booked on `day` at the plan's time: inside a crew's hours (`crews`:
 * domain/crews.ts crewsOf, read once for all the days asked), not past, that crew free there
 * and the drive fitting; the plan's own crew while it is free (docs/decisions/023). null when
 * no crew can. Under the lock.
 */
export async function visitFits(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  crews: readonly CrewPlan[],
  plan: VisitShape,
  day: string,
  now: number,
  options: { time?: string; ignoreBookingId?: string } = {},
): Promise<VisitPlace | null> {
  const span = calendarSpan(day, options.time ?? plan.start_time, plan.duration_min, business.time_zone);
  if (span.start_ms <= now) return null;
  const location =
    plan.customer_lat !== null && plan.customer_lng !== null
      ? { lat: plan.customer_lat, lng: plan.customer_lng }
      : null;
  const crew = await freeCrew(ctx, trx, business, {
    day,
    span: intervalOf(span),
    location,
    crews: crewsFor(crews, plan.service_id),
    preferred: plan.crew_id,
    ignoreBookingId: options.ignoreBookingId,
  });
  return typeof crew === 'string' ? null : { span, crewId: crew.id };
}

/**
 * The deposit each visit after the first carries (docs/decisions/022): none unless the owner asks
 * it of every visit (Settings, Payments), else the plan's service's rule, or the business's when
 * that service was deleted since, at the plan's price. Such a visit still holds its time; the
 * customer pays it online before the visit, from the link its mails carry. Under the lock.
 */
async function laterVisitDeposit(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  plan: Pick<PlanRow, 'service_id' | 'price_cents'>,
): Promise<number> {
  if (business.plan_deposit_every !== 1) return 0;
  const service = plan.service_id ? await ctx.repos.services.find(business.id, plan.service_id, trx) : undefined;
  return depositFor(ctx, business, service ?? NO_OWN_RULE, plan.price_cents, trx);
}
const NO_OWN_RULE = { deposit_kind: null, deposit_value: null };

/** A visit's booking row: the plan's customer and price, on `day`, with the deposit it carries. */
function visitRow(
  plan: PlanRow,
  day: string,
  span: CalendarSpan,
  status: BookingStatus,
  now: number,
  depositCents: number,
  crewId: string | null,
): BookingRow {
  return {
    id: randomUUID(),
    business_id: plan.business_id,
    crew_id: crewId,
    service_id: plan.service_id,
    version: 0,
    // The plan's card, if any, is its client's (saved_cards), not a visit's consent.
    save_card: 0,
    service_name: plan.service_name,
    duration_min: plan.duration_min,
    first_name: plan.first_name,
    last_name: plan.last_name,
    customer_email: plan.customer_email,
    phone_number: plan.phone_number,
    car_body_type: plan.car_body_type,
    answers: plan.answers,
    price_proposed_cents: null,
    price_quoted_cents: null,
    price_reason: null,
    price_state: null,
    customer_address: plan.customer_address,
    customer_lat: plan.customer_lat,
    customer_lng: plan.customer_lng,
    miles: plan.miles,
    total_cents: plan.price_cents,
    quote_lines: plan.quote_lines,
    status,
    ...span,
    created_at: now,
    updated_at: now,
    reminder_sent_at: null,
    // The customer's yes to texts, given when booking the plan (docs/decisions/027).
    text_consent: plan.text_consent,
    client_id: plan.client_id,
    completed_at: null,
    reminder_2h_sent_at: null,
    review_requested_at: null,
    on_my_way_at: null,
    projected_start_ms: null,
    late_told_ms: null,
    request_nudged_ms: null,
    request_expired_ms: null,
    requester: plan.requester,
    anonymised_at: null,
    deposit_cents: depositCents,
    paid_cents: 0,
    refunded_cents: 0,
    hold_until: null,
    plan_id: plan.id,
    plan_day: day,
  };
}

/**
 * Books the plan's visits on its rule days (ruleDays, each at its rule's time) from `fromDay`
 * through `throughDay` that have none yet: approved when the owner approved the plan, else
 * pending; `needs_time` where the day is taken. A day whose time has passed gets none (a plan
 * resumed later that day). Each gets its manage token, and the deposit the business asks of later
 * visits (none unless it asks every visit). Answers the visits written, in order. Under the lock.
 */
export async function bookVisits(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  plan: PlanRow,
  fromDay: string,
  throughDay: string,
  now: number,
): Promise<BookingRow[]> {
  const days = await withoutVisit(
    ctx,
    trx,
    plan.id,
    ruleDays(plan, fromDay, throughDay)
      .map((d) => ({ ...d, span: calendarSpan(d.day, d.time, plan.duration_min, business.time_zone) }))
      .filter((d) => d.span.start_ms > now),
  );
  const deposit = days.length > 0 ? await laterVisitDeposit(ctx, trx, business, plan) : 0;
  const crews = await crewsOf(ctx, business, trx);
  const written: BookingRow[] = [];
  for (const { day, time, span } of days) {
    const place = await visitFits(ctx, trx, business, crews, plan, day, now, { time });
    const status: BookingStatus = place ? heldStatus(plan) : 'needs_time';
    // A visit needing a time keeps the plan's crew: the owner gives it a time (and a crew) by hand.
    const row = visitRow(plan, day, place?.span ?? span, status, now, deposit, place?.crewId ?? plan.crew_id);
    await ctx.repos.calendar.insertBooking(trx, row);
    await ctx.repos.manageTokens.save(trx, row.id, hashManageToken(manageTokenFor(ctx.config.jwtSecret, row.id)), now);
    written.push(row);
  }
  return written;
}

/** "Weekly", "Monthly on the second Tuesday": a plan's frequency in words. */
export function planLabel(plan: Pick<PlanRow, 'frequency' | 'start_day'>): string {
  return frequencyLabel(plan.frequency, plan.start_day);
}

/** A plan as the owner's Plans view lists it, from its open visits (in time order). */
export function toPlanSummary(plan: PlanRow, openVisits: readonly BookingRow[], timeZone: string): PlanSummary {
  const next = openVisits.find((v) => v.status !== 'needs_time');
  return {
    _id: plan.id,
    customerName: `${plan.first_name} ${plan.last_name}`.trim(),
    customerEmail: plan.customer_email,
    serviceName: plan.service_name,
    frequency: plan.frequency,
    label: planLabel(plan),
    startTime: plan.start_time,
    perVisit: toDollars(plan.price_cents),
    status: plan.status,
    approved: plan.approved_at !== null,
    nextVisit: next ? shownTime(next, timeZone) : null,
    pendingVisits: openVisits.filter((v) => v.status === 'pending').length,
    needsTime: openVisits.filter((v) => v.status === 'needs_time').length,
  };
}

// ---------- changes to a plan (each under the business's lock) ----------

/** The status a visit that found its time takes: approved once the owner approved the plan. */
export function heldStatus(plan: Pick<PlanRow, 'approved_at'>): 'approved' | 'pending' {
  return plan.approved_at !== null ? 'approved' : 'pending';
}

/**
 * Cancels the plan's visits still to come from `fromMs` on (holding a time or waiting for one),
 * refunding what a visit paid in full (the business stopped it) or by the business's policy (the
 * customer did). `release` lets their rule days go, so a resumed plan books them again.
 */
export async function cancelVisits(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  plan: PlanRow,
  fromMs: number,
  now: number,
  options: { release: boolean; by: 'owner' | 'customer' },
): Promise<BookingRow[]> {
  const cancelled: BookingRow[] = [];
  const visits = await ctx.repos.plans.openVisits(trx, plan.id, fromMs);
  for (const visit of visits) {
    let row = await ctx.repos.bookings.setStatus(trx, visit.id, 'cancelled', now);
    const refund = options.by === 'owner' ? row.paid_cents - row.refunded_cents : refundOnCancel(row, business, now);
    row = await queueRefund(ctx, trx, row, refund, options.by === 'owner' ? 'owner' : 'cancelled', now);
    if (options.release) await ctx.repos.plans.releaseDay(trx, visit.id);
    cancelled.push(row);
  }
  // The times the visits held are free again, for those waiting for their days (docs/decisions/056);
  // noted once all are cancelled, so none counts the plan's own next visit as one to move up. A
  // visit still waiting for a time held none.
  for (const visit of visits) if (visit.status !== 'needs_time') await noteFreedTime(trx, visit, 'cancelled', now);
  return cancelled;
}

/** The first free time for a visit from its own day on (its plan's time first, then the day's slots), or null. */
export async function nextFreeSpan(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  plan: VisitShape,
  visit: BookingRow,
  now: number,
  days = NEXT_FREE_DAYS,
): Promise<VisitPlace | null> {
  const today = todayIn(business.time_zone, now);
  const first = visit.day > today ? visit.day : today;
  const crews = crewsFor(await crewsOf(ctx, business, trx), plan.service_id);
  for (let k = 0; k < days; k++) {
    const day = addDays(first, k);
    // The times any crew's grid has that day, the plan's own first.
    const grid = unionOfGrids(
      crews.map((c) =>
        detailedSlots({
          day,
          hours: c.hoursOn(day),
          timeZone: business.time_zone,
          durationMin: plan.duration_min,
          busy: [],
          now,
        }),
      ),
    );
    if (grid.length === 0) continue;
    const times = [plan.start_time, ...grid.filter((s) => s.available).map((s) => s.time)];
    for (const time of times) {
      const place = await visitFits(ctx, trx, business, crews, plan, day, now, {
        time,
        ignoreBookingId: visit.id,
      });
      if (place) return place;
    }
  }
  return null;
}
const NEXT_FREE_DAYS = 28;

/**
 * "This and following" (docs/decisions/022): the plan's rule starts again from the moved visit's
 * new day and time, and each later visit still to come takes the next day of the new rule that
 * has no visit yet (withoutVisit: a day the customer skipped stays skipped), at the new time where
 * it is free (else needs_time). The rule it had is kept for the days before the moved visit's rule
 * day (earlier_rules), so a resume books those at their own day and time. Refused with
 * PLAN_DAY_TAKEN when the moved visit's new day already has another visit of the plan, one the
 * customer skipped included. Answers the visits moved after the first.
 */
export async function moveFollowing(
  ctx: AppContext,
  trx: Tx,
  business: Business,
  plan: PlanRow,
  moved: BookingRow,
  previousStartMs: number,
  now: number,
): Promise<BookingRow[]> {
  const later = (await ctx.repos.plans.openVisits(trx, plan.id, previousStartMs)).filter((v) => v.id !== moved.id);
  // The moved visit stands for the new rule's first day: not when another visit of the plan does
  // (a later one gives its day up below).
  const holder = await ctx.repos.plans.visitFor(trx, plan.id, moved.day);
  if (holder && holder.id !== moved.id && !later.some((v) => v.id === holder.id)) throw planDayTaken(holder, business);
  const rule = rruleOf(plan.frequency, moved.day);
  const next = await ctx.repos.plans.update(
    trx,
    plan.id,
    {
      rrule: rule,
      start_day: moved.day,
      start_time: moved.start_time,
      earlier_rules: rulesBefore(plan, moved.plan_day ?? moved.day),
    },
    now,
  );
  // Their old rule days go first: the new days may be ones another visit stood for.
  for (const v of later) await ctx.repos.plans.releaseDay(trx, v.id);
  await ctx.repos.plans.setDay(trx, moved.id, moved.day);
  const days = await nextDaysWithoutVisit(ctx, trx, plan.id, rule, moved.day, later.length);
  const changed: BookingRow[] = [];
  const crews = await crewsOf(ctx, business, trx);
  for (const [i, v] of later.entries()) {
    const day = days[i]!;
    // Each visit keeps its own crew while it is free there.
    const place = await visitFits(ctx, trx, business, crews, { ...next, crew_id: v.crew_id }, day, now, {
      ignoreBookingId: v.id,
    });
    let row = await ctx.repos.calendar.moveBooking(
      trx,
      v.id,
      place
        ? { ...place.span, crew_id: place.crewId }
        : calendarSpan(day, next.start_time, next.duration_min, business.time_zone),
      now,
    );
    const status = place ? heldStatus(next) : 'needs_time';
    if (row.status !== status) row = await ctx.repos.bookings.setStatus(trx, v.id, status, now);
    await ctx.repos.plans.setDay(trx, v.id, day);
    changed.push(row);
  }
  const last = changed.at(-1)?.day ?? moved.day;
  await ctx.repos.plans.update(
    trx,
    plan.id,
    { booked_through: last > plan.booked_through ? last : plan.booked_through },
    now,
  );
  return changed;
}

/**
 * The first `count` days of the rule starting on `startDay`, after it, that have no visit of the
 * plan yet (withoutVisit). Under the lock.
 */
async function nextDaysWithoutVisit(
  ctx: AppContext,
  trx: Tx,
  planId: string,
  rule: string,
  startDay: string,
  count: number,
): Promise<string[]> {
  const days: string[] = [];
  let from = addDays(startDay, 1);
  while (days.length < count) {
    const candidates = nextPlanDays(rule, startDay, from, count - days.length).map((day) => ({ day }));
    const last = candidates.at(-1);
    if (!last) break;
    for (const { day } of await withoutVisit(ctx, trx, planId, candidates)) days.push(day);
    from = addDays(last.day, 1);
  }
  return days;
}

/**
 * PLAN_DAY_TAKEN: the day a "this and following" move starts the plan again from already has
 * `holder`, another visit of the plan: one still to come (the owner moves it first), or one called
 * off, skipped by the customer included, which keeps its day (the owner picks another).
 */
function planDayTaken(holder: BookingRow, business: Business): AppError {
  const day = shortDate(holder.plan_day ?? holder.day);
  const at = (row: BookingRow) => formatClock(row.start_time, business.time_format);
  switch (holder.status) {
    case 'pending':
    case 'approved':
    case 'awaiting_payment':
    case 'needs_time': {
      const where =
        holder.status === 'needs_time'
          ? 'waiting for a time'
          : holder.day === holder.plan_day
            ? `at ${at(holder)}`
            : `now on ${shortDate(holder.day)} at ${at(holder)}`;
      return new AppError(
        'PLAN_DAY_TAKEN',
        `This plan already has its visit of ${day} (${where}). Move that visit first, pick another day, or move this visit alone.`,
      );
    }
    case 'skipped':
      return new AppError(
        'PLAN_DAY_TAKEN',
        `The customer skipped this plan's visit of ${day}, so the plan has no visit that day. Pick another day, or move this visit alone.`,
      );
    default:
      return new AppError(
        'PLAN_DAY_TAKEN',
        `This plan's visit of ${day} is ${holder.status}, and that day stays without one. Pick another day, or move this visit alone.`,
      );
  }
}
