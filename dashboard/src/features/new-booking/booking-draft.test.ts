import { describe, expect, it } from 'vitest';
import { newBookingHref } from '../../lib/new-booking-link.ts';
import { answerOf, answersOf, prefillOf, priceToSend } from './booking-draft.ts';

describe('the New booking address', () => {
  it('is built from where it was opened, and read back with only well-formed parts kept', () => {
    expect(newBookingHref()).toBe('/dashboard/bookings/new');
    const href = newBookingHref({ date: '2026-12-09', time: '10:00' });
    expect(href).toBe('/dashboard/bookings/new?date=2026-12-09&time=10:00');
    expect(prefillOf(new URL(href, 'http://x').searchParams)).toEqual({
      clientId: null,
      date: '2026-12-09',
      time: '10:00',
    });
    const id = '7d1f3f8e-3a55-4c5e-9d0a-2f4f1f0b9a11';
    expect(prefillOf(new URLSearchParams(`client=${id}&date=2026-02-30&time=25:00`))).toEqual({
      clientId: id,
      date: null,
      time: null,
    });
    expect(prefillOf(new URLSearchParams('client=nope')).clientId).toBeNull();
  });
});

describe('answers', () => {
  it('are an option, a quantity or a yes, the unanswered left out', () => {
    expect(answerOf({ type: 'dropdown' }, 'SUV')).toEqual({ option: 'SUV' });
    expect(answerOf({ type: 'dropdown' }, '')).toBeNull();
    expect(answerOf({ type: 'rate' }, '3')).toEqual({ quantity: 3 });
    expect(answerOf({ type: 'rate' }, 'x')).toBeNull();
    expect(answerOf({ type: 'yes_no' }, true)).toEqual({ yes: true });
    expect(answerOf({ type: 'yes_no' }, undefined)).toBeNull();
    expect(
      answersOf(
        [
          { _id: 'a', type: 'dropdown' },
          { _id: 'b', type: 'rate' },
        ],
        { a: 'SUV' },
      ),
    ).toEqual({ a: { option: 'SUV' } });
  });
});

describe('a changed price', () => {
  it("is sent with its reason; the engine's own total, or no change, sends nothing", () => {
    expect(priceToSend(120, null)).toEqual({});
    expect(priceToSend(120, { total: '120.00', reason: '' })).toEqual({});
    expect(priceToSend(120, { total: '$99', reason: ' Regular ' })).toEqual({
      price: { total: 99, reason: 'Regular' },
    });
  });

  it('needs an amount and, when it differs, a reason', () => {
    expect(priceToSend(120, { total: '99', reason: '' }).problem).toMatch(/Say why/);
    expect(priceToSend(120, { total: 'ninety', reason: 'x' }).problem).toMatch(/in dollars/);
    expect(priceToSend(120, { total: '9.999', reason: 'x' }).problem).toMatch(/in dollars/);
  });
});
