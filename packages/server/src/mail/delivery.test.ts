import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  expiredReason,
  expiryOf,
  MAX_ATTEMPTS,
  messageName,
  replacedBy,
  resendRefusal,
} from './delivery.ts';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const HOUR = 3_600_000;

describe('expiryOf', () => {
  it('ends a reminder at its visit, most mail after a day, a reset link after an hour', () => {
    const start = NOW + 20 * HOUR;
    expect(expiryOf('reminder', NOW, start)).toBe(start);
    expect(expiryOf('reminder2h', NOW, start)).toBe(start);
    expect(expiryOf('approved', NOW, start)).toBe(NOW + 24 * HOUR);
    expect(expiryOf(null, NOW)).toBe(NOW + 24 * HOUR);
    expect(expiryOf('passwordReset', NOW)).toBe(NOW + HOUR);
    expect(expiryOf('review', NOW)).toBe(NOW + 7 * 24 * HOUR);
  });
  it("ends a waiting list's offer when the offer lapses (docs/decisions/056)", () => {
    expect(expiryOf('waitlistOffer', NOW, NOW + 90 * 60_000)).toBe(NOW + 90 * 60_000);
    expect(expiryOf('waitlistOffer', NOW)).toBe(NOW + 2 * HOUR);
    expect(messageName('waitlistOffer', 'text')).toBe('waiting list offer text');
    expect(messageName('waitlistOffer', 'mail')).toBe('waiting list offer mail');
  });
});

describe('afterFailure', () => {
  const mail = { channel: 'mail' as const, kind: 'approved', expires_at: NOW + 24 * HOUR };
  it('retries after the backoff while attempts and time remain', () => {
    expect(afterFailure(mail, 1, 'ECONNREFUSED', NOW, 10_000)).toEqual({ retryAt: NOW + 10_000 });
  });
  it('gives up after the last attempt, saying how many failed and the last error', () => {
    expect(afterFailure(mail, MAX_ATTEMPTS.mail, 'ECONNREFUSED', NOW, 10_000)).toEqual({
      giveUp: '10 attempts failed; the last: ECONNREFUSED',
    });
    expect('giveUp' in afterFailure({ ...mail, channel: 'text' }, MAX_ATTEMPTS.text, 'x', NOW, 1)).toBe(true);
  });
  it('gives a reminder up at once when its next try would come after the visit started', () => {
    const reminder = { channel: 'mail' as const, kind: 'reminder', expires_at: NOW + 5_000 };
    expect(afterFailure(reminder, 1, 'ECONNREFUSED', NOW, 10_000)).toEqual({
      giveUp: 'it could not go out before the visit started (last error: ECONNREFUSED)',
    });
  });
  it('words an expiry without an error', () => {
    expect(expiredReason('approved', null)).toBe('it could not go out in time');
  });
});

describe('resendRefusal', () => {
  const ahead = { start_ms: NOW + HOUR, status: 'approved' };
  it('lets a message about a coming visit go again', () => {
    expect(resendRefusal({ kind: 'approved' }, ahead, undefined, NOW)).toBeUndefined();
  });
  it('refuses anything but a review request once the visit has started', () => {
    const past = { start_ms: NOW - HOUR, status: 'completed' };
    expect(resendRefusal({ kind: 'reminder' }, past, undefined, NOW)?.code).toBe('MESSAGE_TOO_LATE');
    expect(resendRefusal({ kind: 'approved' }, past, undefined, NOW)?.code).toBe('MESSAGE_TOO_LATE');
    expect(resendRefusal({ kind: 'review' }, past, undefined, NOW)).toBeUndefined();
  });
  it('refuses "on my way" again: its arrival time is out of date', () => {
    expect(resendRefusal({ kind: 'onMyWay' }, ahead, undefined, NOW)).toEqual({
      code: 'MESSAGE_OUTDATED',
      reason: 'Its arrival time is out of date by now: call the customer instead.',
    });
    expect(expiryOf('onMyWay', NOW)).toBe(NOW + HOUR);
    expect(messageName('onMyWay', 'text')).toBe('"on my way" text');
  });
  it('refuses "running late" again, and lets it expire in an hour: its new time is out of date', () => {
    expect(resendRefusal({ kind: 'runningLate' }, ahead, undefined, NOW)?.code).toBe('MESSAGE_OUTDATED');
    expect(expiryOf('runningLate', NOW)).toBe(NOW + HOUR);
    expect(messageName('runningLate', 'mail')).toBe('"running late" mail');
  });
  it('refuses a reminder of a booking no longer approved, and a message a later one replaced', () => {
    const cancelled = { start_ms: NOW + HOUR, status: 'cancelled' };
    expect(resendRefusal({ kind: 'reminder' }, cancelled, undefined, NOW)).toEqual({
      code: 'MESSAGE_OUTDATED',
      reason: 'The booking is cancelled now: a reminder would mislead.',
    });
    const later = { kind: 'cancelled', channel: 'mail' as const };
    expect(resendRefusal({ kind: 'approved' }, ahead, later, NOW)?.reason).toBe(
      'A later message about this booking (the "booking cancelled" mail) replaced it.',
    );
  });
});

describe('replacedBy', () => {
  const row = (id: string, to: string, at: number, kind = 'approved') => ({
    id,
    booking_id: 'b1',
    to_address: to,
    kind,
    channel: 'mail' as const,
    created_at: at,
  });
  it('finds the newest later message to the same address about the same booking', () => {
    const failed = row('1', 'dana@example.com', NOW);
    const owner = row('2', 'owner@example.com', NOW + 5);
    const moved = row('3', 'dana@example.com', NOW + 10, 'moved');
    const cancelled = row('4', 'dana@example.com', NOW + 20, 'cancelled');
    expect(replacedBy(failed, [cancelled, owner, failed, moved])?.id).toBe('4');
    expect(replacedBy(cancelled, [cancelled, owner, failed, moved])).toBeUndefined();
  });
});

describe('messageName', () => {
  it('names what the owner reads', () => {
    expect(messageName('reminder', 'mail')).toBe('reminder');
    expect(messageName('reminder', 'text')).toBe('reminder text');
    expect(messageName('approved', 'mail')).toBe('confirmation');
    expect(messageName(null, 'mail')).toBe('mail');
  });
});
