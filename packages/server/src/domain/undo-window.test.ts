import { describe, expect, it } from 'vitest';
import type { BookingRow } from '../repositories/calendar.ts';
import {
  hashUndoToken,
  MAIL_HOLD_MS,
  mailDueAt,
  newUndoToken,
  refuseUndo,
  restoredState,
  UNDO_ACCEPTED_MS,
  UNDO_WINDOW_MS,
  undoTimes,
  watchedState,
} from './undo-window.ts';

const row: BookingRow = {
  client_id: null,
  save_card: 0,
  id: 'b1',
  business_id: 'biz',
  crew_id: null,
  answers: null,
  price_proposed_cents: null,
  price_quoted_cents: null,
  price_reason: null,
  price_state: null,
  service_id: null,
  service_name: 'Full Detail',
  duration_min: 60,
  first_name: 'Ada',
  last_name: 'Lovelace',
  customer_email: 'ada@example.com',
  phone_number: '+1 5551234567',
  car_body_type: null,
  customer_address: null,
  customer_lat: null,
  customer_lng: null,
  miles: null,
  total_cents: 12_000,
  quote_lines: '[]',
  status: 'declined',
  day: '2026-12-02',
  start_time: '10:00',
  end_time: '11:00',
  start_ms: 1_000,
  end_ms: 2_000,
  created_at: 0,
  updated_at: 500,
  reminder_sent_at: null,
  text_consent: 0,
  completed_at: null,
  reminder_2h_sent_at: null,
  review_requested_at: null,
  on_my_way_at: null,
  projected_start_ms: null,
  late_told_ms: null,
  request_nudged_ms: null,
  request_expired_ms: null,
  version: 1,
  requester: null,
  anonymised_at: null,
  deposit_cents: 0,
  paid_cents: 0,
  refunded_cents: 0,
  hold_until: null,
  plan_id: null,
  plan_day: null,
};
const record = { kind: 'decline' as const, expiresAt: 10_000, changedState: watchedState(row) };

describe('the undo window', () => {
  it('shows Undo, then accepts a late press, then lets the mail go, in that order', () => {
    expect(UNDO_WINDOW_MS).toBeLessThan(UNDO_ACCEPTED_MS);
    expect(UNDO_ACCEPTED_MS).toBeLessThan(MAIL_HOLD_MS);
    expect(mailDueAt(1_000, UNDO_WINDOW_MS)).toBe(1_000 + MAIL_HOLD_MS);
  });

  it('keeps the 2 s for a late press and the 3 s before the mail goes when the window is shorter (tests)', () => {
    expect(undoTimes(UNDO_WINDOW_MS)).toEqual({
      windowMs: UNDO_WINDOW_MS,
      acceptedMs: UNDO_ACCEPTED_MS,
      mailHoldMs: MAIL_HOLD_MS,
    });
    expect(undoTimes(4_000)).toEqual({ windowMs: 4_000, acceptedMs: 6_000, mailHoldMs: 9_000 });
    expect(mailDueAt(1_000, 4_000)).toBe(10_000);
  });

  it('lets an undo through until its time, and refuses it from then on', () => {
    expect(refuseUndo(record, row, 9_999)).toBeNull();
    expect(refuseUndo(record, row, 10_000)).toMatchObject({ code: 'UNDO_EXPIRED' });
    expect(refuseUndo({ ...record, kind: 'move' }, row, 10_000)?.message).toMatch(/e-mailed the new time/);
  });

  it.each([
    ['status', { status: 'cancelled' }],
    ['day', { day: '2026-12-03' }],
    ['start time', { start_time: '10:30' }],
    ['end time', { end_time: '11:30' }],
    ['start instant', { start_ms: 1_001 }],
    ['end instant', { end_ms: 2_001 }],
    ['version', { version: 2 }],
    ['last write', { updated_at: 501 }],
    ['reminder', { reminder_sent_at: 700 }],
    ['erasure', { anonymised_at: 700 }],
  ] as const)('refuses when the %s changed since', (_what, change) => {
    expect(refuseUndo(record, { ...row, ...change }, 0)).toMatchObject({ code: 'BOOKING_CHANGED_SINCE' });
  });

  it("ignores columns neither change touches, and names the booking's state now", () => {
    expect(refuseUndo(record, { ...row, first_name: 'Grace' }, 0)).toBeNull();
    expect(refuseUndo(record, { ...row, status: 'cancelled' }, 0)?.message).toBe(
      'This booking has changed since you declined it (it is now cancelled, on Wednesday, December 2, 2026 at 10:00 AM), so the decline cannot be undone. Reload to see it as it is now.',
    );
  });

  it("keeps the status, time and a new price's state to put back", () => {
    expect(restoredState({ ...row, status: 'pending', price_state: 'proposed' })).toEqual({
      status: 'pending',
      price_state: 'proposed',
      crew_id: null,
      day: '2026-12-02',
      start_time: '10:00',
      end_time: '11:00',
      start_ms: 1_000,
      end_ms: 2_000,
    });
  });

  it('makes random tokens and stores only their hash', () => {
    const a = newUndoToken();
    const b = newUndoToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashUndoToken(a.token));
    expect(a.hash).not.toContain(a.token);
  });
});
