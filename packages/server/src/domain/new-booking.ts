/**
 * A new booking's row, for every path that makes one (the widget's book call, a booked owner quote:
 * docs/decisions/039): what the caller decides (who, what, when, at what price, in which state) and
 * the rest as a new booking starts (no payment, no plan, no reminder sent, no price change, no crew
 * until the lock chooses one).
 */
import type { Business } from '../repositories/businesses.ts';
import type { BookingRow } from '../repositories/calendar.ts';

type Decided = Pick<
  BookingRow,
  | 'id'
  | 'business_id'
  | 'service_id'
  | 'service_name'
  | 'duration_min'
  | 'first_name'
  | 'last_name'
  | 'customer_email'
  | 'phone_number'
  | 'answers'
  | 'customer_address'
  | 'customer_lat'
  | 'customer_lng'
  | 'miles'
  | 'total_cents'
  | 'quote_lines'
  | 'status'
  | 'day'
  | 'start_time'
  | 'end_time'
  | 'start_ms'
  | 'end_ms'
  | 'requester'
  | 'text_consent'
  | 'car_body_type'
>;

export function newBookingRow(decided: Decided & Partial<BookingRow>, now: number): BookingRow {
  return {
    version: 0,
    created_at: now,
    updated_at: now,
    reminder_sent_at: null,
    anonymised_at: null,
    deposit_cents: 0,
    paid_cents: 0,
    refunded_cents: 0,
    hold_until: null,
    plan_id: null,
    plan_day: null,
    save_card: 0,
    crew_id: null,
    price_proposed_cents: null,
    price_quoted_cents: null,
    price_reason: null,
    price_state: null,
    completed_at: null,
    reminder_2h_sent_at: null,
    review_requested_at: null,
    on_my_way_at: null,
    projected_start_ms: null,
    late_told_ms: null,
    request_nudged_ms: null,
    request_expired_ms: null,
    // Set under the lock, once the contact is linked to its client (repositories/clients.ts linkContact).
    client_id: null,
    ...decided,
  };
}

/** A car detailer's first answer is also kept as the car type (docs/product.md#bookings). */
export function carBodyTypeOf(
  business: Pick<Business, 'niche'>,
  answers: readonly { answer: string }[],
): string | null {
  return business.niche === 'car-detailing' ? (answers[0]?.answer ?? null) : null;
}
