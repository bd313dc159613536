import type { BookingPayment } from '@slotwise/shared/api';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '../testing/bookings.ts';
import { checkRefundAmount, paymentChips, refundableCents } from './payment.ts';

const payment = (over: Partial<BookingPayment> = {}): BookingPayment => ({
  state: 'paid',
  deposit: 48.76,
  paid: 48.76,
  refunded: 0,
  balance: 146.29,
  ...over,
});

describe('paymentChips', () => {
  it('shows nothing for a booking without a deposit', () => {
    expect(paymentChips(makeBooking())).toEqual([]);
  });

  it('says what was paid and what is due on the day, while the booking is pending or approved', () => {
    expect(paymentChips(makeBooking({ status: 'approved', payment: payment() }))).toEqual([
      { text: 'Deposit paid $48.76', tone: 'green' },
      { text: 'Balance due $146.29', tone: 'plain' },
    ]);
    expect(paymentChips(makeBooking({ status: 'completed', payment: payment() }))).toEqual([
      { text: 'Deposit paid $48.76', tone: 'green' },
    ]);
  });

  it('shows no balance when the full price was paid', () => {
    expect(
      paymentChips(makeBooking({ status: 'pending', payment: payment({ paid: 195.05, deposit: 195.05, balance: 0 }) })),
    ).toEqual([{ text: 'Deposit paid $195.05', tone: 'green' }]);
  });

  it('words refunds in grey', () => {
    expect(
      paymentChips(
        makeBooking({ status: 'cancelled', payment: payment({ state: 'partly_refunded', refunded: 20, balance: 0 }) }),
      ),
    ).toEqual([{ text: 'Partly refunded ($20.00)', tone: 'grey' }]);
    expect(
      paymentChips(
        makeBooking({ status: 'cancelled', payment: payment({ state: 'refunded', refunded: 48.76, balance: 0 }) }),
      ),
    ).toEqual([{ text: 'Refunded $48.76', tone: 'grey' }]);
  });

  it('says "Awaiting payment" in amber, unless the status badge already says it', () => {
    const awaiting = payment({ state: 'awaiting', paid: 0, balance: 195.05 });
    expect(paymentChips(makeBooking({ status: 'pending', payment: awaiting }))[0]).toEqual({
      text: 'Awaiting payment',
      tone: 'amber',
    });
    expect(paymentChips(makeBooking({ status: 'awaiting_payment', payment: awaiting }))).toEqual([]);
  });
});

describe('a plan visit whose deposit is paid before it', () => {
  it('says "Deposit due" in amber while it is unpaid, with no balance beside it', () => {
    const due = payment({ state: 'due', paid: 0, deposit: 27, balance: 108 });
    expect(paymentChips(makeBooking({ status: 'approved', payment: due }))).toEqual([
      { text: 'Deposit due $27.00', tone: 'amber' },
    ]);
  });
});

describe('refunds', () => {
  it('may give back what was paid and not yet refunded', () => {
    expect(refundableCents(undefined)).toBe(0);
    expect(refundableCents(payment())).toBe(4876);
    expect(refundableCents(payment({ refunded: 20.1 }))).toBe(2866);
    expect(refundableCents(payment({ state: 'refunded', refunded: 48.76 }))).toBe(0);
  });

  it('checks an amount as typed', () => {
    expect(checkRefundAmount('48.76', 4876)).toEqual({ ok: true, value: 48.76 });
    expect(checkRefundAmount(' 10 ', 4876)).toEqual({ ok: true, value: 10 });
    expect(checkRefundAmount('$12.50', 4876)).toEqual({ ok: true, value: 12.5 });
    expect(checkRefundAmount('1e1', 4876)).toEqual({ ok: false, error: 'Refund amount must be more than $0.' });
    expect(checkRefundAmount('', 4876)).toEqual({ ok: false, error: 'Refund amount must be more than $0.' });
    expect(checkRefundAmount('0', 4876)).toEqual({ ok: false, error: 'Refund amount must be more than $0.' });
    expect(checkRefundAmount('abc', 4876)).toEqual({ ok: false, error: 'Refund amount must be more than $0.' });
    expect(checkRefundAmount('1.234', 4876)).toEqual({
      ok: false,
      error: 'Refund amount can have at most two decimals (cents).',
    });
    expect(checkRefundAmount('48.77', 4876)).toEqual({ ok: false, error: 'You can refund at most $48.76.' });
  });
});
