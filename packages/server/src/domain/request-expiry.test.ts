/** When an unanswered request reminds the owner and when it expires (docs/decisions/051). */
import { describe, expect, it } from 'vitest';
import { dueAction, expiresAt, mayExpire, nudgeAt, type WaitingRequest } from './request-expiry.ts';

const H = 3_600_000;
const rules = { nudgeHours: 2, expiryHours: 24, minNoticeMinutes: 120 };
const request = (over: Partial<WaitingRequest> = {}): WaitingRequest => ({
  createdMs: 0,
  startMs: 72 * H,
  planId: null,
  paidCents: 0,
  priceState: null,
  ...over,
});

describe('expiresAt', () => {
  it('is the request time plus the cut-off when the job is far off', () => {
    expect(expiresAt(request(), rules)).toBe(24 * H);
  });
  it("is the job's start less the minimum notice when that comes first", () => {
    expect(expiresAt(request({ startMs: 10 * H }), rules)).toBe(8 * H);
    expect(expiresAt(request({ startMs: 26 * H }), rules)).toBe(24 * H);
    expect(expiresAt(request({ startMs: 25 * H }), rules)).toBe(23 * H);
  });
  it('never within the first hour, whatever the notice', () => {
    expect(expiresAt(request({ startMs: 2.5 * H }), rules)).toBe(1 * H);
    expect(expiresAt(request({ startMs: 1 * H }), rules)).toBe(1 * H);
  });
  it('is never for a cut-off of 0, a plan, a paid deposit, or a new price waiting for the customer', () => {
    expect(expiresAt(request(), { ...rules, expiryHours: 0 })).toBeNull();
    expect(expiresAt(request({ planId: 'p' }), rules)).toBeNull();
    expect(expiresAt(request({ paidCents: 1 }), rules)).toBeNull();
    expect(expiresAt(request({ priceState: 'proposed' }), rules)).toBeNull();
    expect(mayExpire(request({ priceState: 'withdrawn' }))).toBe(true);
  });
});

describe('nudgeAt', () => {
  it('is the request time plus the reminder hours, none at 0, none when it expires first', () => {
    expect(nudgeAt(request(), rules)).toBe(2 * H);
    expect(nudgeAt(request(), { ...rules, nudgeHours: 0 })).toBeNull();
    expect(nudgeAt(request({ startMs: 4 * H }), rules)).toBeNull();
    // A paid request never expires: it is still reminded.
    expect(nudgeAt(request({ paidCents: 500, startMs: 4 * H }), rules)).toBe(2 * H);
  });
});

describe('dueAction', () => {
  const r = (over: Partial<WaitingRequest> = {}, nudgedMs: number | null = null) => ({ ...request(over), nudgedMs });
  it('does nothing early, reminds once, then expires', () => {
    expect(dueAction(r(), rules, 2 * H - 1)).toBeNull();
    expect(dueAction(r(), rules, 2 * H)).toBe('nudge');
    expect(dueAction(r({}, 2 * H), rules, 3 * H)).toBeNull();
    expect(dueAction(r({}, 2 * H), rules, 24 * H - 1)).toBeNull();
    expect(dueAction(r({}, 2 * H), rules, 24 * H)).toBe('expire');
    // Never reminded (the pass was down): it still expires on time.
    expect(dueAction(r(), rules, 24 * H)).toBe('expire');
  });
  it('leaves a request whose time has begun to the owner', () => {
    expect(dueAction(r({ startMs: 5 * H }), rules, 5 * H)).toBeNull();
    expect(dueAction(r({ startMs: 5 * H }), rules, 3 * H)).toBe('expire');
    // Inside the notice from the start (a request written in, a notice raised): an hour to answer, then expired.
    expect(dueAction(r({ startMs: 1.5 * H }), rules, 1 * H - 1)).toBeNull();
    expect(dueAction(r({ startMs: 1.5 * H }), rules, 1 * H)).toBe('expire');
  });
});
