/** Calendar rows as the owner's calls answer them (shared/src/api.ts: Booking, BlockedTime). */
import type { BlockedTime, Booking, BookingTime } from '@slotwise/shared/api';
import type { BlockReason } from '@slotwise/shared/domain';
import { toDollars } from '@slotwise/shared/money';
import { frequencyLabel } from '@slotwise/shared/plans';
import { zoneIfRepeated } from '@slotwise/shared/time-zone';
import type { AppContext } from '../context.ts';
import type { BlockedRow, BookingRow } from '../repositories/calendar.ts';
import { bookingAnswers } from './booking-answers.ts';
import { paymentOf } from './payments.ts';
import { ownerPriceOf, priceChangeOf } from './price-change.ts';
import { shownProjection } from './projected-day.ts';
import { type ExpiryRules, expiresAt, waitingRequestOf } from './request-expiry.ts';
import { effectiveStatus } from './status.ts';

/**
 * A booking's time as answered: the stored wall times, plus the zone's short name on a
 * wall time the clocks repeat that day (the autumn change), so 01:00 for 60 minutes in
 * New York reads 01:00 EDT - 01:00 EST rather than 01:00-01:00.
 */
export function shownTime(
  row: Pick<BookingRow, 'day' | 'start_time' | 'end_time' | 'start_ms' | 'end_ms'>,
  timeZone: string,
): BookingTime {
  const startZone = zoneIfRepeated(row.start_ms, timeZone);
  const endZone = zoneIfRepeated(row.end_ms, timeZone);
  return {
    day: row.day,
    startTime: row.start_time,
    endTime: row.end_time,
    ...(startZone || endZone ? { startZone, endZone } : {}),
  };
}

/** The words of the plans of these rows' visits ("Weekly"), by plan id, for toBookingJson (one query). */
export async function planLabelsFor(
  ctx: AppContext,
  businessId: string,
  rows: readonly Pick<BookingRow, 'plan_id'>[],
): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.plan_id ? [r.plan_id] : [])))];
  const plans = await ctx.repos.plans.byIds(businessId, ids);
  return new Map(plans.map((p) => [p.id, frequencyLabel(p.frequency, p.start_day)]));
}

/** A booking as the owner's calls answer it; `planLabels` (planLabelsFor) marks a plan's visits. */
export function toBookingJson(
  row: BookingRow,
  now: number,
  timeZone?: string,
  planLabels?: ReadonlyMap<string, string>,
  /** The business's request rules (docs/decisions/051): given, a pending request says when it expires. */
  expiry?: ExpiryRules,
): Booking {
  const payment = paymentOf(row);
  const planLabel = row.plan_id ? planLabels?.get(row.plan_id) : undefined;
  // A booking before several questions kept a detailer's answer only, as carBodyType already shows it.
  const answers = row.answers ? bookingAnswers(row, undefined) : [];
  const priceChange = priceChangeOf(row);
  const ownerPrice = ownerPriceOf(row);
  const status = effectiveStatus(row, now);
  const projected = status === 'pending' || status === 'approved' ? shownProjection(row) : null;
  const expires = status === 'pending' && expiry ? expiresAt(waitingRequestOf(row), expiry) : null;
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    serviceName: row.service_name,
    customerEmail: row.customer_email,
    phoneNumber: row.phone_number,
    carBodyType: row.car_body_type,
    totalQuote: toDollars(row.total_cents),
    customerAddress: row.customer_address,
    status,
    bookingTime: timeZone
      ? shownTime(row, timeZone)
      : { day: row.day, startTime: row.start_time, endTime: row.end_time },
    version: row.version,
    crewId: row.crew_id,
    ...(payment ? { payment } : {}),
    ...(row.plan_id && planLabel ? { plan: { planId: row.plan_id, label: planLabel } } : {}),
    ...(answers.length > 0 ? { answers } : {}),
    ...(priceChange ? { priceChange } : {}),
    ...(ownerPrice ? { ownerPrice } : {}),
    ...(row.on_my_way_at !== null && row.on_my_way_at !== undefined
      ? { onMyWayAt: new Date(row.on_my_way_at).toISOString() }
      : {}),
    ...(projected !== null ? { projectedStart: new Date(projected).toISOString() } : {}),
    ...(expires !== null ? { expiresAt: new Date(expires).toISOString() } : {}),
    ...(row.request_expired_ms !== null && row.request_expired_ms !== undefined
      ? { expiredAt: new Date(row.request_expired_ms).toISOString() }
      : {}),
  };
}

export function toBlockedJson(row: BlockedRow): BlockedTime {
  return {
    _id: row.id,
    title: row.title,
    reason: row.reason as BlockReason,
    startTime: new Date(row.start_ms).toISOString(),
    endTime: new Date(row.end_ms).toISOString(),
  };
}
