/**
 * Requests do not wait for ever (issue 44 item 3; docs/decisions/051): the one place for when an
 * unanswered request reminds the owner and when it expires.
 *
 * - The owner is reminded once, `nudgeHours` after the request came in, if it still waits then and
 *   has not expired by that time.
 * - It expires at the earlier of the request time + `expiryHours` and the job's start less the
 *   business's minimum notice (past that nobody could book the time anyway, and the customer must
 *   hear in time to book another), but never within its first hour (MIN_WAIT_MS): a request that
 *   came in just outside the notice (or was moved, or the notice raised) still gives the owner an
 *   hour to see it, rather than vanishing at the next pass.
 * - Only a one-off request with nothing paid ever expires: a plan's visits wait for Approve plan
 *   (one request of many visits), a booking whose deposit was paid is the customer's money (the
 *   owner is reminded, never is it expired silently), and a request whose new price waits for the
 *   customer has had its answer. Those are reminded only.
 */
import type { BookingRow } from '../repositories/calendar.ts';

const HOUR_MS = 3_600_000;
/** The least time a request waits for the owner before it may expire. */
const MIN_WAIT_MS = HOUR_MS;

export interface ExpiryRules {
  /** 0: no reminder. */
  nudgeHours: number;
  /** 0: requests wait for the owner's answer. */
  expiryHours: number;
  minNoticeMinutes: number;
}

export interface WaitingRequest {
  createdMs: number;
  startMs: number;
  planId: string | null;
  paidCents: number;
  priceState: string | null;
}

/** A booking row as the rules read it. */
export function waitingRequestOf(
  row: Pick<BookingRow, 'created_at' | 'start_ms' | 'plan_id' | 'paid_cents' | 'price_state'>,
): WaitingRequest {
  return {
    createdMs: row.created_at,
    startMs: row.start_ms,
    planId: row.plan_id,
    paidCents: row.paid_cents,
    priceState: row.price_state,
  };
}

/** A business's rules, from its row (or a list that carries its columns). */
export function expiryRulesOf(
  b: Record<'request_nudge_hours' | 'request_expiry_hours' | 'min_notice_minutes', number>,
): ExpiryRules {
  return {
    nudgeHours: b.request_nudge_hours,
    expiryHours: b.request_expiry_hours,
    minNoticeMinutes: b.min_notice_minutes,
  };
}

/** Whether this request may expire at all (plans, paid deposits and price answers are reminded only). */
export function mayExpire(r: Pick<WaitingRequest, 'planId' | 'paidCents' | 'priceState'>): boolean {
  return r.planId === null && r.paidCents === 0 && r.priceState !== 'proposed';
}

/** When the request expires, or null when it never does (switched off, or it may not expire). */
export function expiresAt(r: WaitingRequest, rules: ExpiryRules): number | null {
  if (rules.expiryHours <= 0 || !mayExpire(r)) return null;
  const cutOff = Math.min(r.createdMs + rules.expiryHours * HOUR_MS, r.startMs - rules.minNoticeMinutes * 60_000);
  return Math.max(r.createdMs + MIN_WAIT_MS, cutOff);
}

/** When the owner is reminded, or null when never (switched off, or it expires first). */
export function nudgeAt(r: WaitingRequest, rules: ExpiryRules): number | null {
  if (rules.nudgeHours <= 0) return null;
  const at = r.createdMs + rules.nudgeHours * HOUR_MS;
  const expires = expiresAt(r, rules);
  return expires !== null && expires <= at ? null : at;
}

/** What a pass does with one waiting request now: nothing, remind the owner, or expire it. */
export function dueAction(
  r: WaitingRequest & { nudgedMs: number | null },
  rules: ExpiryRules,
  now: number,
): 'expire' | 'nudge' | null {
  // A request whose time has begun is the owner's to decline (docs/product.md#booking-statuses): telling
  // the customer afterwards helps nobody, so the pass leaves it.
  if (r.startMs <= now) return null;
  const expires = expiresAt(r, rules);
  if (expires !== null && expires <= now) return 'expire';
  const nudge = nudgeAt(r, rules);
  if (r.nudgedMs === null && nudge !== null && nudge <= now) return 'nudge';
  return null;
}
